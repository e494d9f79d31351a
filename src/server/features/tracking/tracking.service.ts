import type { PublicUser } from '../../../shared/schemas/auth';
import type { DriverLocationResponse, FullTrackingView, MapProvider, TrackingTokenResponse, TrackingView } from '../../../shared/schemas/tracking';
import { estimateEta, type TrackingEta } from '../../../shared/tracking';
import type { AppContext } from '../../context';
import { deliverAfterCommit } from '../../events/booking-events';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findBookingView, listBookingUpdates } from '../bookings';
import { bookingVerbs } from '../bookings';
import { checkTrackingToken } from './tracking-token';
import { destinationOf, findDriverContact, findLiveLocation, findTrackingFacts, type TrackingFacts } from './tracking.repository';

/** Who is asking: the signed-in user (if any) and the tracking token they hold (if any). */
export interface Viewer {
  user?: PublicUser;
  token?: string;
}

const BOOKING_NOT_FOUND = 'Booking not found';
const UPDATES_SHOWN = 10;

/**
 * Full access: the booking's owner, an admin, the driver assigned to it, or a holder of its current tracking
 * token. Other drivers are not "staff" for a booking they do not work on: they see what a stranger sees.
 */
export async function hasFullAccess(ctx: AppContext, facts: Pick<TrackingFacts, 'id' | 'userId' | 'assignedDriverId'>, viewer: Viewer): Promise<boolean> {
  const user = viewer.user;
  if (user) {
    if (user.role === 'admin') return true;
    if (facts.userId && user.id === facts.userId) return true;
    if (user.role === 'driver' && facts.assignedDriverId === user.id) return true;
  }
  if (viewer.token) {
    const check = await checkTrackingToken(ctx.db, viewer.token, ctx.now());
    if (check.ok && check.bookingId === facts.id) return true;
  }
  return false;
}

async function loadFacts(ctx: AppContext, bookingId: string, viewer: Viewer): Promise<TrackingFacts> {
  const facts = await findTrackingFacts(ctx.db, bookingId);
  // Blocked time is not a booking anyone tracks.
  if (!facts || (facts.isBlocked && viewer.user?.role !== 'admin')) throw new AppError('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
  return facts;
}

export async function etaFor(db: DbOrTx, facts: TrackingFacts, now: Date): Promise<TrackingEta | null> {
  const position = facts.assignedDriverId ? await findLiveLocation(db, facts.id, facts.assignedDriverId) : null;
  return estimateEta({
    status: facts.status,
    scheduledDate: facts.scheduledDate,
    durationMinutes: facts.durationMinutes,
    destination: destinationOf(facts),
    driverPosition: position,
    now,
  });
}

/** GET /api/bookings/guest/:id — the full view for those allowed, service/status/type/time for anyone else. */
export async function getTrackingView(ctx: AppContext, bookingId: string, viewer: Viewer): Promise<TrackingView> {
  const facts = await loadFacts(ctx, bookingId, viewer);
  const booking = await findBookingView(ctx.db, bookingId);
  if (!booking) throw new AppError('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
  if (!(await hasFullAccess(ctx, facts, viewer))) {
    return {
      access: 'limited',
      id: booking.id,
      service: { name: booking.serviceName },
      serviceName: booking.serviceName,
      status: booking.status,
      serviceType: booking.serviceType,
      scheduledDate: booking.scheduledDate,
    };
  }
  const [updates, eta] = await Promise.all([listBookingUpdates(ctx.db, bookingId, UPDATES_SHOWN), etaFor(ctx.db, facts, ctx.now())]);
  const view: FullTrackingView = { ...booking, access: 'full', updates, eta };
  return view;
}

/** GET /api/bookings/guest/:id/driver-location — only for those with full access. */
export async function getDriverLocation(ctx: AppContext, bookingId: string, viewer: Viewer): Promise<DriverLocationResponse> {
  const facts = await loadFacts(ctx, bookingId, viewer);
  if (!(await hasFullAccess(ctx, facts, viewer))) {
    throw new AppError(viewer.user || viewer.token ? 'TRACKING_LINK_INVALID' : 'TRACKING_LINK_REQUIRED', 'A valid tracking link is needed to see the driver location');
  }
  const map: MapProvider = ctx.config.googleMapsApiKey ? { provider: 'google', apiKey: ctx.config.googleMapsApiKey } : { provider: 'osm', tileUrl: ctx.config.mapTileUrl };
  const destination = destinationOf(facts);
  if (!facts.assignedDriverId) return { location: null, driver: null, eta: await etaFor(ctx.db, facts, ctx.now()), map, destination };
  const [location, driver, eta] = await Promise.all([
    findLiveLocation(ctx.db, bookingId, facts.assignedDriverId),
    findDriverContact(ctx.db, facts.assignedDriverId),
    etaFor(ctx.db, facts, ctx.now()),
  ]);
  return { location, driver, eta, map, destination };
}

/**
 * POST /api/bookings/:id/generate-tracking-token — the owner or an admin gets a fresh shareable link.
 * Only one token is stored per booking, so a new one retires the link sent earlier.
 */
export async function generateTrackingToken(ctx: AppContext, bookingId: string, user: PublicUser): Promise<TrackingTokenResponse> {
  const facts = await loadFacts(ctx, bookingId, { user });
  const allowed = user.role === 'admin' || (facts.userId !== null && facts.userId === user.id);
  if (!allowed) throw new AppError('NOT_YOUR_BOOKING', 'You can only share tracking for your own bookings');
  const token = await ctx.db.transaction((tx) => bookingVerbs(ctx).issueTrackingLink(tx, bookingId));
  await deliverAfterCommit(ctx, bookingId);
  return { token, trackingUrl: trackingUrl(ctx, bookingId, token) };
}

export function trackingUrl(ctx: AppContext, bookingId: string, token?: string): string {
  const url = new URL('/tracking', ctx.config.publicUrl);
  url.searchParams.set('bookingId', bookingId);
  if (token) url.searchParams.set('token', token);
  return url.toString();
}
