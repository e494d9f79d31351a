import type { LocationOptions } from '../service-types';

/** A service as the public catalogue shows it (GET /api/services, GET /api/services/:id). */
export interface ServiceView {
  id: string;
  name: string;
  /** Plain text or sanitised HTML. */
  description: string;
  price: string;
  originalPrice: string | null;
  serviceFee: string;
  /** Minutes. */
  duration: number;
  imageUrl: string | null;
  rating: string;
  reviewCount: number;
  isActive: boolean;
  isPopular: boolean;
  isPremium: boolean;
  locationOptions: LocationOptions;
}
