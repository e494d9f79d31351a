import type { UpdateKind, UpdateParams } from '../booking-lifecycle';
import { z } from 'zod';
import { BOOKING_STATUSES, SERVICE_TYPES } from '../domain';
import type { TrackingEta } from '../tracking';
import { bookingUpdateView, bookingView } from './bookings';

/** shared/tracking.ts' TrackingEta. */
export const trackingEta = z.object({
  /** When the driver arrives (arrival) or the service is expected to be finished (completion). */
  at: z.string(),
  kind: z.enum(['arrival', 'completion']),
  /** Minutes of driving left, for an arrival. */
  minutes: z.number().nullable(),
}) satisfies z.ZodType<TrackingEta>;

/** GET /api/bookings/guest/:id for the owner, staff or a tracking-token holder. */
export const fullTrackingView = bookingView.extend({
  access: z.literal('full'),
  /** The latest booking updates, newest first. */
  updates: z.array(bookingUpdateView),
  eta: trackingEta.nullable(),
});
export type FullTrackingView = z.infer<typeof fullTrackingView>;

/** GET /api/bookings/guest/:id for anyone else: service, status, type and scheduled time only. */
export const limitedTrackingView = z.object({
  access: z.literal('limited'),
  id: z.string(),
  service: z.object({ name: z.string() }),
  serviceName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  serviceType: z.enum(SERVICE_TYPES),
  scheduledDate: z.string(),
});
export type LimitedTrackingView = z.infer<typeof limitedTrackingView>;

export const trackingView = z.discriminatedUnion('access', [fullTrackingView, limitedTrackingView]);
export type TrackingView = z.infer<typeof trackingView>;

export const driverLocationView = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** m/s */
  speed: z.number().nullable(),
  heading: z.number().nullable(),
  updatedAt: z.string(),
});
export type DriverLocationView = z.infer<typeof driverLocationView>;

/**
 * Which map the Live Track modal draws: Leaflet with tiles from `tileUrl` (OpenStreetMap's servers unless
 * MAP_TILE_URL is set), or Google Maps when the server has a key.
 */
export const mapProvider = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('osm'), tileUrl: z.string() }),
  z.object({ provider: z.literal('google'), apiKey: z.string() }),
]);
export type MapProvider = z.infer<typeof mapProvider>;

/** GET /api/bookings/guest/:id/driver-location */
export const driverLocationResponse = z.object({
  location: driverLocationView.nullable(),
  driver: z.object({ fullName: z.string(), phone: z.string().nullable() }).nullable(),
  eta: trackingEta.nullable(),
  map: mapProvider,
  /** The booking's address (its coordinates), where the driver's route line ends; null for on-site or unknown. */
  destination: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
});
export type DriverLocationResponse = z.infer<typeof driverLocationResponse>;

export const trackingTokenResponse = z.object({
  token: z.string(),
  trackingUrl: z.string(),
});
export type TrackingTokenResponse = z.infer<typeof trackingTokenResponse>;

/**
 * What the staff channel (/ws?channel=staff, admins only) carries: every booking change and driver status or
 * position, as ids and small fields; open admin pages refetch what they show.
 */
export interface StaffEvent {
  type: 'staff_event';
  event: 'booking_status_update' | 'booking_update' | 'booking_removed' | 'driver_assigned' | 'driver_location_update' | 'driver_status';
  bookingId: string | null;
  status: string | null;
  driverId: string | null;
  latitude: number | null;
  longitude: number | null;
  at: string;
}

/**
 * What the driver channel (/ws?channel=driver, drivers and admins) carries: a change to one of the signed-in
 * driver's jobs. unassigned and cancelled mean the job is gone from their list and may not be worked any more.
 */
export interface DriverJobEvent {
  type: 'driver_job';
  bookingId: string;
  change: 'assigned' | 'unassigned' | 'cancelled' | 'updated';
  status: string | null;
  at: string;
}

/** Messages on the /ws socket. */
export type LiveMessage =
  | { type: 'connected'; bookingId: string }
  | { type: 'staff_connected' }
  | StaffEvent
  | { type: 'driver_connected' }
  | DriverJobEvent
  | { type: 'ping'; at: string }
  /** kind + params: what happened, for the client to word in its language; message: the English sentence. */
  | { type: 'booking_status_update'; bookingId: string; status: string; message: string | null; kind: UpdateKind | null; params: UpdateParams | null; at: string }
  | { type: 'booking_update'; bookingId: string; status: string | null; message: string | null; at: string }
  | { type: 'driver_assigned'; bookingId: string; driverId: string | null; at: string }
  | {
      type: 'driver_location_update';
      bookingId: string;
      latitude: number;
      longitude: number;
      speed: number | null;
      heading: number | null;
      at: string;
      eta: TrackingEta | null;
    };

// The socket's close codes live with the other tracking rules (no Zod), so the web's socket client imports no schema.
export { WS_CLOSE } from '../tracking';

export const trackingTokenQuery = z.object({ token: z.string().max(200, { error: 'Invalid tracking token' }).optional() });
