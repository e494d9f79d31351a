import { addOnAtSize, jobVehiclesOf, vehicleLabelOf, withOfferPrice, type JobChoice } from '../../../shared/booking-job';
import { VEHICLE_MAX } from '../../../shared/constants';
import type { SizeClass } from '../../../shared/domain';
import { priceJob, type JobPrice, type JobService, type JobVehicle } from '../../../shared/pricing';
import type { BookingVehicleInput } from '../../../shared/schemas/booking-lines';
import type { VehicleType } from '../../../shared/schemas/offers';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { offerPriceFor } from '../offers';
import { activeAddOnsOf, serviceFacts, type ServiceFacts } from '../services';
import { findOwnVehicle } from '../vehicles';

/**
 * Where a booking is priced (docs/decisions/043): the request's vehicles become priceJob's input from the
 * server's own facts — the service at each vehicle's size class, its active add-ons, the customer's saved
 * vehicles, the live offer — and never from an amount the client sent.
 */

type ServiceFact = NonNullable<ReturnType<ServiceFacts['get']>>;

export interface JobRequest {
  /** The booking's service: every vehicle's unless the vehicle names its own. */
  service: ServiceFact;
  vehicles?: BookingVehicleInput[] | null;
  /** The older clients' one line of vehicle text, used when `vehicles` is absent. */
  vehicle?: string | null;
  offerVehicle?: VehicleType | null;
  /** The signed-in customer, whose saved vehicles may be named; null for a guest or the business. */
  userId: string | null;
  /** The customer the business books for: their saved vehicles may be named too. */
  ownerUserId?: string | null;
  /** The service area's fee for the job's address (geo's assertServed); 0 or absent for none. */
  travelFeeCents?: number;
}

export interface PricedJob {
  price: JobPrice;
  /** The booking's `vehicle` text: what the customer typed, else the vehicles' labels. */
  vehicleText: string | null;
}

function jobService(fact: ServiceFact): JobService {
  return { id: fact.id, name: fact.name, price: fact.price, duration: fact.duration, sizePrices: fact.sizePrices };
}

/** The vehicles of a request, the legacy one-vehicle shape included. */
function requestedVehicles(request: JobRequest): BookingVehicleInput[] {
  if (request.vehicles?.length) return request.vehicles;
  return [{ sizeClass: request.offerVehicle ?? 'sedan', description: request.vehicle ?? null }];
}

/** Prices the request's job; refuses a foreign vehicle, an add-on the service does not offer, an ended offer. */
export async function priceRequestedJob(ctx: AppContext, db: DbOrTx, request: JobRequest): Promise<PricedJob> {
  const facts = await serviceFacts(ctx);
  const addOnsByService = new Map<string, Awaited<ReturnType<typeof activeAddOnsOf>>>();
  const vehicles: JobVehicle[] = [];
  for (const input of requestedVehicles(request)) {
    const fact = input.serviceId && input.serviceId !== request.service.id ? facts.get(input.serviceId) : request.service;
    if (!fact) throw new AppError('SERVICE_NOT_FOUND', 'Service not found');
    if (!fact.isActive) throw new AppError('SERVICE_UNAVAILABLE', 'This service is not available for booking');
    let sizeClass: SizeClass = input.sizeClass ?? 'sedan';
    let label = input.description?.trim() || undefined;
    let vehicleId: string | undefined;
    if (input.vehicleId) {
      const owner = request.userId ?? request.ownerUserId;
      if (!owner) throw new AppError('SIGN_IN_REQUIRED', 'Sign in to use a saved vehicle');
      const saved = await findOwnVehicle(db, owner, input.vehicleId);
      if (!saved) throw new AppError('VEHICLE_NOT_FOUND', 'Vehicle not found');
      sizeClass = saved.sizeClass;
      label = vehicleLabelOf(saved);
      vehicleId = saved.id;
    }
    const wanted = [...new Set(input.addOnIds ?? [])];
    let offered = addOnsByService.get(fact.id);
    if (wanted.length && !offered) {
      offered = await activeAddOnsOf(db, fact.id);
      addOnsByService.set(fact.id, offered);
    }
    const addOns = wanted.map((id) => {
      const addOn = offered?.find((a) => a.id === id);
      if (!addOn) throw new AppError('ADD_ON_NOT_AVAILABLE', 'That add-on is not available for this service', { addOnId: id, service: fact.name });
      return addOnAtSize(addOn, sizeClass);
    });
    vehicles.push({ sizeClass, service: jobService(fact), addOns, ...(label ? { label } : {}), ...(vehicleId ? { vehicleId } : {}) });
  }
  const priced = request.offerVehicle ? await applyOffer(ctx, db, request.service, request.offerVehicle, vehicles) : vehicles;
  const price = priceJob({ vehicles: priced, serviceFee: request.service.serviceFee, travelFeeCents: request.travelFeeCents ?? 0 });
  // What the customer typed for the driver wins; else the vehicles' own labels.
  const typed = request.vehicle?.trim() || null;
  const labels = vehicles.map((v) => v.label).filter((l): l is string => Boolean(l));
  return { price, vehicleText: typed ?? (labels.length ? labels.join('; ').slice(0, VEHICLE_MAX) : null) };
}

/** The live offer's price for its service at `size` (checked by the offers feature); refused when no vehicle qualifies. */
async function applyOffer(ctx: AppContext, db: DbOrTx, service: ServiceFact, size: VehicleType, vehicles: JobVehicle[]): Promise<JobVehicle[]> {
  const price = await offerPriceFor(ctx, db, service.id, size);
  const repriced = withOfferPrice(vehicles, { serviceId: service.id, sizeClass: size, price });
  // A job with no such vehicle is refused rather than silently charged the regular price.
  if (!repriced) throw new AppError('OFFER_NOT_APPLICABLE', 'This offer does not cover that vehicle type', { vehicleType: size });
  return repriced;
}

/** The minutes of a job of one service (available-slots, available-days): sizes and add-on ids only. */
export async function jobMinutes(ctx: AppContext, service: ServiceFact, choices: readonly JobChoice[]): Promise<number> {
  const offered = choices.some((c) => c.addOnIds.length > 0) ? await activeAddOnsOf(ctx.db, service.id) : [];
  const unknown = choices.flatMap((c) => c.addOnIds).find((id) => !offered.some((a) => a.id === id));
  if (unknown) throw new AppError('ADD_ON_NOT_AVAILABLE', 'That add-on is not available for this service', { addOnId: unknown, service: service.name });
  return priceJob({ vehicles: jobVehiclesOf(jobService(service), offered, choices), serviceFee: '0' }).minutes;
}

/** The business's appointment (phone, walk-in): the same rule, with the booked customer's saved vehicles. */
export async function priceAppointment(ctx: AppContext, request: { serviceId: string; vehicles?: BookingVehicleInput[] | null; ownerUserId: string | null }): Promise<PricedJob> {
  const service = (await serviceFacts(ctx)).get(request.serviceId);
  if (!service) throw new AppError('SERVICE_NOT_FOUND', 'Service not found');
  return priceRequestedJob(ctx, ctx.db, { service, vehicles: request.vehicles ?? null, userId: null, ownerUserId: request.ownerUserId });
}
