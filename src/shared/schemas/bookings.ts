import type { BookingStatus, ServiceType } from '../domain';

export interface AddressView {
  street: string;
  city: string;
  state: string;
  zipCode: string;
}

/** A booking as clients see it (owner, staff or a tracking-token holder); amounts are decimal strings. */
export interface BookingView {
  id: string;
  status: BookingStatus;
  serviceType: ServiceType;
  scheduledDate: string;
  businessDate: string;
  durationMinutes: number;
  totalAmount: string;
  serviceFee: string;
  tax: string;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  serviceId: string;
  service: { id: string; name: string; description: string; price: string; duration: number; imageUrl: string | null };
  serviceName: string;
  addressId: string | null;
  address: AddressView | null;
  userId: string | null;
  user: { fullName: string; email: string; phone: string | null } | null;
  guestName: string | null;
  guestEmail: string | null;
  guestPhone: string | null;
  assignedDriverId: string | null;
  driver: { id: string; fullName: string; phone: string | null } | null;
  rating: number | null;
  review: string | null;
  paymentStatus: string;
  paymentMethodBrand: string | null;
  paymentMethodLast4: string | null;
  holdExpiresAt: string | null;
  isBlocked: boolean;
  source: string;
}

export interface BookingUpdateView {
  id: string;
  bookingId: string;
  status: BookingStatus;
  message: string | null;
  driverId: string | null;
  createdAt: string;
}
