import { ADMIN_BOOKING_STATUSES, type BookingStatus } from '@shared/domain';

export type Tone = 'gray' | 'yellow' | 'blue' | 'orange' | 'green' | 'red' | 'purple';

/** Badge colours: pending yellow, confirmed blue, in progress orange, completed green, cancelled red. */
export function statusTone(status: BookingStatus | string): Tone {
  if (status === 'pending') return 'yellow';
  if (status === 'confirmed' || status === 'pickup_scheduled') return 'blue';
  if (status === 'completed') return 'green';
  if (status === 'cancelled') return 'red';
  return 'orange';
}

export function statusLabel(status: string): string {
  return status
    .split('_')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** The selector offers the five admin statuses, plus the booking's own when a driver moved it to a finer step. */
export function statusOptions(current: BookingStatus): BookingStatus[] {
  const base: BookingStatus[] = [...ADMIN_BOOKING_STATUSES];
  return base.includes(current) ? base : [...base, current];
}

const dateTime = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const dateOnly = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', month: 'short', day: 'numeric', year: 'numeric' });
const timeOnly = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit' });

/** Times are shown in Pacific Time whatever the browser's zone. */
export const formatPacificDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatPacificDate = (iso: string) => dateOnly.format(new Date(iso));
export const formatPacificTime = (iso: string) => timeOnly.format(new Date(iso));

/** Today's calendar date in San Jose, YYYY-MM-DD. */
export function pacificToday(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return parts;
}

/** Payment status as a badge (every booking card and grid cell): what the customer paid and whether it went back. */
export function paymentLabel(paymentStatus: string): string {
  switch (paymentStatus) {
    case 'paid':
      return 'Paid';
    case 'refunded':
      return 'Refunded';
    case 'partially_refunded':
      return 'Part refunded';
    case 'deposit_paid':
      return 'Part paid';
    case 'store':
      return 'Paid (store)';
    case 'package':
      return 'Package';
    case 'on_site':
      return 'Pay on site';
    case 'link_sent':
      return 'Link sent';
    default:
      return 'Unpaid';
  }
}

export function paymentTone(paymentStatus: string): Tone {
  if (paymentStatus === 'paid' || paymentStatus === 'store' || paymentStatus === 'package') return 'green';
  if (paymentStatus === 'refunded' || paymentStatus === 'partially_refunded') return 'purple';
  if (paymentStatus === 'on_site') return 'gray';
  return 'yellow';
}
