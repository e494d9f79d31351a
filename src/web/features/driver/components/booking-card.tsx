import { Clock, MapPin, Phone, User } from 'lucide-react';
import { formatDuration } from '@shared/format';
import type { BookingView } from '@shared/schemas/bookings';
import { statusLabel } from '@shared/tracking';
import { Badge } from '@web/components/ui/badge';
import { telHref } from '@web/features/app/api';
import { cn } from '@web/lib/utils';
import { formatPacific } from '../format';

/** One job: service, status, Los Angeles date and time, address, customer and duration. */
export function BookingCard({ booking, selected, onSelect }: { booking: BookingView; selected?: boolean; onSelect?: () => void }) {
  const name = booking.user?.fullName ?? booking.guestName ?? 'Guest';
  const phone = booking.user?.phone ?? booking.guestPhone;
  const address = booking.address ? `${booking.address.street}, ${booking.address.city}, ${booking.address.state} ${booking.address.zipCode}` : null;
  return (
    <article
      aria-label={`${booking.serviceName} for ${name}`}
      data-booking-id={booking.id}
      className={cn('rounded-xl border bg-white p-3 shadow-sm dark:bg-slate-900', selected ? 'border-brand-700 ring-2 ring-brand-700/30' : 'border-slate-200 dark:border-slate-800')}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold">{booking.serviceName}</h3>
        <Badge tone={booking.status === 'completed' ? 'green' : booking.status === 'confirmed' ? 'blue' : 'orange'}>{statusLabel(booking.serviceType, booking.status)}</Badge>
      </div>
      <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300">
        <li className="flex items-center gap-2">
          <Clock className="size-4 text-slate-400" aria-hidden /> {formatPacific(booking.scheduledDate)} · {formatDuration(booking.durationMinutes)}
        </li>
        {address && (
          <li className="flex items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden /> {address}
          </li>
        )}
        <li className="flex items-center gap-2">
          <User className="size-4 text-slate-400" aria-hidden /> {name}
          {booking.serviceType === 'pickup' ? ' · Pickup' : booking.serviceType === 'mobile' ? ' · Mobile' : ' · On-site'}
        </li>
        {phone && (
          <li className="flex items-center gap-2">
            <Phone className="size-4 text-slate-400" aria-hidden />
            <a className="font-medium text-brand-700 underline" href={telHref(phone)}>
              {phone}
            </a>
          </li>
        )}
      </ul>
      {onSelect && !selected && (
        <button type="button" onClick={onSelect} className="mt-2 text-sm font-medium text-brand-700 underline">
          Select this booking
        </button>
      )}
    </article>
  );
}
