import { z } from 'zod';
import type { ServiceType } from '../domain';
import type { TrackingEta } from '../tracking';
import type { BookingUpdateView, BookingView } from './bookings';

/** GET /api/bookings/guest/:id for the owner, staff or a tracking-token holder. */
export type FullTrackingView = BookingView & {
  access: 'full';
  /** The latest booking updates, newest first. */
  updates: BookingUpdateView[];
  eta: TrackingEta | null;
};

/** GET /api/bookings/guest/:id for anyone else: service, status, type and scheduled time only. */
export interface LimitedTrackingView {
  access: 'limited';
  id: string;
  service: { name: string };
  serviceName: string;
  status: string;
  serviceType: ServiceType;
  scheduledDate: string;
}

export type TrackingView = FullTrackingView | LimitedTrackingView;

export interface DriverLocationView {
  latitude: number;
  longitude: number;
  /** m/s */
  speed: number | null;
  heading: number | null;
  updatedAt: string;
}

/** Which map the Live Track modal draws: OpenStreetMap tiles, or Google Maps when the server has a key. */
export type MapProvider = { provider: 'osm' } | { provider: 'google'; apiKey: string };

/** GET /api/bookings/guest/:id/driver-location */
export interface DriverLocationResponse {
  location: DriverLocationView | null;
  driver: { fullName: string; phone: string | null } | null;
  eta: TrackingEta | null;
  map: MapProvider;
}

export interface TrackingTokenResponse {
  token: string;
  trackingUrl: string;
}

/** Messages on the /ws socket. */
export type LiveMessage =
  | { type: 'connected'; bookingId: string }
  | { type: 'ping'; at: string }
  | { type: 'booking_status_update'; bookingId: string; status: string; message: string | null; at: string }
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

/** Close codes of the /ws socket (4xxx = application codes, mirroring HTTP). */
export const WS_CLOSE = {
  BAD_REQUEST: 4400,
  INVALID_TOKEN: 4401,
  FORBIDDEN: 4403,
  NOT_FOUND: 4404,
  EXPIRED_TOKEN: 4410,
} as const;

export const trackingTokenQuery = z.object({ token: z.string().max(200, { error: 'Invalid tracking token' }).optional() });
