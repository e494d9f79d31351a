import type { useNavigate } from '@tanstack/react-router';
import { Building2, Car, Truck } from 'lucide-react';
import { parseUsAddress } from '@shared/address';
import type { RefObject } from 'react';
import type { ServiceType } from '@shared/domain';
import type { SavedAddress } from '@shared/schemas/account';
import type { AddressSuggestion } from '@shared/schemas/checkout';
import type { ServiceDetailView, ServiceView } from '@shared/schemas/services';
import type { SavedVehicle } from '@shared/schemas/vehicles';
import type { SlotCandidate } from '@shared/slots';
import { bookingStartProblem, needsAddress, offeredServiceTypes } from '@shared/service-types';
import { DateChoice, SlotSelect } from '@web/components/slot-picker';
import type { SlotPlace } from '@web/components/slot-queries';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useT, type Translate } from '@web/lib/i18n';
import { usePublicConfig } from '@web/lib/public-config';
import { toast } from '@web/lib/toast';
import { cn } from '@web/lib/utils';
import { saveAddress, saveVehicle } from '../api';
import { dateParam, slotLabel } from '../booking-dates';
import { jobSearchOf, type JobVehicles } from '../job';
import { bookingStartMessages } from '../start-messages';
import { jobOfDrafts, type VehicleDraft } from '../vehicle-drafts';
import { AddressField } from './address-field';
import { VehiclesStep } from './vehicles-step';

/** The booking start's banner for an offer's link (its own page shows it too). */
export { OfferBanner } from './offer-banner';

const TYPE_ICONS = { mobile: Car, pickup: Truck, serviceLocation: Building2 } as const;

export interface BookingStepsProps {
  service: ServiceView;
  /** The chosen service's detail (its add-ons), once it has arrived. */
  detail: ServiceDetailView | undefined;
  signedIn: boolean;
  vehicles: { drafts: VehicleDraft[]; saved: readonly SavedVehicle[]; onChange: (next: VehicleDraft[]) => void };
  serviceType: { value: ServiceType | null; onChange: (type: ServiceType) => void; missing: boolean };
  address: {
    value: string;
    verified: AddressSuggestion | null;
    book: readonly SavedAddress[];
    /** A saved address as the booking's place (the list shows its formatted address). */
    placeOf: (saved: SavedAddress) => AddressSuggestion;
    onPickSaved: (saved: SavedAddress | undefined) => void;
    onType: (text: string) => void;
    onVerified: (place: AddressSuggestion) => void;
    saveNew: boolean;
    onSaveNew: (save: boolean) => void;
    missing: boolean;
  };
  schedule: {
    card: RefObject<HTMLDivElement | null>;
    /** Changes once the first free day is known: the date choice starts again from it. */
    settled: boolean;
    date: string;
    vehicles: string;
    place: SlotPlace | undefined;
    onDate: (date: string) => void;
    slots: SlotCandidate[] | undefined;
    loading: boolean;
    failed: boolean;
    slotId: string | null;
    onSlot: (slotId: string | null) => void;
    missing: boolean;
  };
}

/**
 * The booking start's steps after the service (decision 073): the vehicles, the service type, the address and
 * the day and time, each a whole card. The booking start keeps their state (its sticky bar and Continue read
 * it) and loads this module, with the slot picker and the address search, once a service is chosen.
 */
export function BookingSteps({ service, detail, signedIn, vehicles, serviceType, address, schedule }: BookingStepsProps) {
  const t = useT(bookingStartMessages);
  const config = usePublicConfig();
  const { verified, book } = address;
  return (
    <>
      {detail && detail.id === service.id && <VehiclesStep service={detail} drafts={vehicles.drafts} saved={vehicles.saved} signedIn={signedIn} onChange={vehicles.onChange} />}

      <Card>
        <CardHeader>
          <CardTitle>{t('serviceType')}</CardTitle>
          {serviceType.missing && <StepMissing text={t('missingServiceType')} />}
        </CardHeader>
        <CardContent>
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">{t('serviceType')}</legend>
            {offeredServiceTypes(service.locationOptions).map((type) => {
              const Icon = TYPE_ICONS[type];
              return (
                <label
                  key={type}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700',
                    serviceType.value === type && 'border-brand-600 bg-brand-50 dark:bg-brand-900/30',
                  )}
                >
                  <input type="radio" name="service-type" value={type} checked={serviceType.value === type} onChange={() => serviceType.onChange(type)} className="size-4 accent-brand-700" />
                  <Icon className="size-5 text-brand-700" aria-hidden />
                  <span className="flex flex-col">
                    <span className="font-medium">{t(`type_${type}`)}</span>
                    <span className="text-xs text-slate-500">{t(`typeHint_${type}`)}</span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          {serviceType.value === 'serviceLocation' && config && <p className="mt-3 text-sm text-slate-600">{t('onSiteAt', { address: config.businessAddress })}</p>}
        </CardContent>
      </Card>

      {needsAddress(serviceType.value) && (
        <Card>
          <CardContent className="pt-4">
            {book.length > 0 && (
              <div className="mb-3 flex flex-col gap-1">
                <Label htmlFor="saved-address">{t('savedAddress')}</Label>
                <select
                  id="saved-address"
                  className="h-10 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
                  value={verified?.source === 'saved' && book.some((a) => a.id === verified.addressId) ? verified.addressId! : 'new'}
                  onChange={(e) => address.onPickSaved(book.find((a) => a.id === e.target.value))}
                >
                  {book.map((a) => (
                    <option key={a.id} value={a.id}>
                      {address.placeOf(a).formattedAddress}
                    </option>
                  ))}
                  <option value="new">{t('addNewAddress')}</option>
                </select>
              </div>
            )}
            <AddressField serviceType={serviceType.value!} value={address.value} verified={verified} onType={address.onType} onVerified={address.onVerified} />
            {signedIn && !verified?.addressId && (
              <label className="mt-2 flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4 accent-brand-700" checked={address.saveNew} onChange={(e) => address.onSaveNew(e.target.checked)} />
                {t('saveAddress')}
              </label>
            )}
            {address.missing && <StepMissing text={t('missingAddress')} />}
          </CardContent>
        </Card>
      )}

      <div ref={schedule.card} className="scroll-mt-20">
        <Card>
          <CardHeader>
            <CardTitle>{t('schedule')}</CardTitle>
            {schedule.missing && <StepMissing text={t('missingTime')} />}
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <DateChoice key={schedule.settled ? 'settled' : 'settling'} value={schedule.date} serviceId={service.id} vehicles={schedule.vehicles} place={schedule.place} onChange={schedule.onDate} />
            <SlotSelect id="booking-slot" slots={schedule.slots} loading={schedule.loading} failed={schedule.failed} value={schedule.slotId} onChange={schedule.onSlot} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function StepMissing({ text }: { text: string }) {
  return (
    <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="step-missing">
      {text}
    </p>
  );
}

/** What Continue reads of the booking start's state. */
export interface ContinueContext {
  t: Translate<typeof bookingStartMessages.en>;
  navigate: ReturnType<typeof useNavigate>;
  /** The link the customer arrived by (Book Again, an offer): its offer applies to its own service only. */
  again: { serviceId?: string; offer?: 'sedan' | 'suv' | 'oversize' };
  signedIn: boolean;
  serviceId: string | null;
  serviceType: ServiceType | null;
  address: string;
  verified: AddressSuggestion | null;
  addressBook: readonly SavedAddress[];
  saveNewAddress: boolean;
  drafts: VehicleDraft[];
  saved: readonly SavedVehicle[];
  job: JobVehicles;
  setDrafts: (drafts: VehicleDraft[]) => void;
  refetchSaved: () => Promise<{ data?: { items: SavedVehicle[] } }>;
  slots: SlotCandidate[] | undefined;
  slotId: string | null;
  date: string;
  travelFeeCents: number;
}

/**
 * Continue: says what is missing, saves what the customer asked to keep (a new address, typed vehicles) and
 * opens the booking details. It lives with the steps: it is enabled only once they are shown.
 */
export async function continueBooking({ t, navigate, again, signedIn, serviceId, serviceType, address, verified, addressBook, saveNewAddress, drafts, saved, job, setDrafts, refetchSaved, slots, slotId, date, travelFeeCents }: ContinueContext): Promise<void> {
  const problem = bookingStartProblem({ serviceId, serviceType, address, slotId });
  if (problem) {
    if (problem.toast === 'Address required') toast.error(t('addressRequired'), { description: problem.description === 'Please enter your pickup address' ? t('enterPickup') : t('enterServiceLocation') });
    else toast.error(t(problem.toast === 'Please select a service' ? 'pleaseSelectService' : problem.toast === 'Please select a service type' ? 'pleaseSelectServiceType' : 'pleaseSelectTime'));
    return;
  }
  let line = '';
  if (needsAddress(serviceType)) {
    const parsed = verified ?? parseUsAddress(address);
    if (!parsed) return void toast.error(t('addressIncomplete'));
    if (verified && !verified.inServiceArea) return void toast.error(t(verified.areaRefusal?.code === 'BEYOND_SERVICE_AREA' ? 'addressTooFar' : 'addressOutside'));
    line = parsed.formattedAddress;
  }
  const slot = slots?.find((s) => s.id === slotId);
  if (!slot) return void toast.error(t('pleaseSelectTime'));
  // A new address of a signed-in customer with "Save for next time" ticked joins the account.
  let addressId = verified?.addressId ?? undefined;
  const typed = needsAddress(serviceType) ? (verified ?? parseUsAddress(address)) : null;
  if (signedIn && typed && !addressId && saveNewAddress && typed.street) {
    try {
      addressId = (await saveAddress({ street: typed.street, city: typed.city, state: typed.state, zipCode: typed.zipCode, isDefault: addressBook.length === 0 })).id;
    } catch (error) {
      return void toast.error(t('addressSaveFailed'), { description: errorMessage(error, '') || undefined });
    }
  }
  // "Save for next time": a typed vehicle of a signed-in customer joins the account and is booked by its id.
  let vehicles = job;
  if (signedIn && drafts.some(wantsSaving)) {
    try {
      const kept = await Promise.all(drafts.map(async (d) => (wantsSaving(d) ? { ...d, vehicleId: (await saveVehicle({ make: d.make.trim(), model: d.model.trim(), sizeClass: d.sizeClass })).id } : d)));
      const refreshed = await refetchSaved();
      setDrafts(kept);
      vehicles = jobOfDrafts(kept, refreshed.data?.items ?? saved);
    } catch (error) {
      return void toast.error(t('vehicleSaveFailed'), { description: errorMessage(error, '') || undefined });
    }
  }
  void navigate({
    to: '/booking-details',
    search: {
      serviceId: serviceId!,
      serviceType: serviceType!,
      address: line,
      date: dateParam(date),
      time: slotLabel(slot),
      slotId: slot.id,
      addressId,
      ...(travelFeeCents > 0 ? { travelFee: travelFeeCents } : {}),
      // The point the slots were listed at (a suggestion's), so the booking is held there too.
      ...(!addressId && verified && verified.latitude !== null && verified.longitude !== null ? { lat: verified.latitude, lng: verified.longitude } : {}),
      offer: serviceId === again.serviceId ? again.offer : undefined,
      vehicles: jobSearchOf(vehicles),
    },
  });
}

/** A typed vehicle the customer asked to keep, with enough to name it. */
const wantsSaving = (d: VehicleDraft) => !d.vehicleId && d.save && Boolean(d.make.trim()) && Boolean(d.model.trim());
