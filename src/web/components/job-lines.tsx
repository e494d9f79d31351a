import type { SizeClass } from '@shared/domain';
import { formatUsd, toCents } from '@shared/money';
import type { BookingJobView, BookingLineView, BookingVehicleView } from '@shared/schemas/booking-lines';
import { defineMessages, useT, type Translate as TranslateOf } from '@web/lib/i18n';
import { cn } from '@web/lib/utils';

/**
 * A booking's job as sold (docs/decisions/043, 044): each vehicle's heading ("SUV · 2019 Honda CR-V") with its service
 * and add-ons, then the discount, fees and tax, then the total. `full` shows every amount and the minutes (receipt,
 * tracking, the admin's booking, the driver's job); `compact` is one line per vehicle for cards in a list (the
 * dispatch board). The e-mails write the same rows (server/features/bookings/job-lines-mail.ts).
 */

export const jobLinesMessages = defineMessages({
  en: { sedan: 'Sedan', suv: 'SUV', oversize: 'Oversize', serviceFee: 'Service fee', travelFee: 'Travel fee', tax: 'Tax', total: 'Total', minutes: '{minutes} min', jobLines: 'What is booked' },
  es: { sedan: 'Sedán', suv: 'SUV', oversize: 'Tamaño grande', serviceFee: 'Cargo por servicio', travelFee: 'Cargo por desplazamiento', tax: 'Impuesto', total: 'Total', minutes: '{minutes} min', jobLines: 'Lo reservado' },
  fr: { sedan: 'Berline', suv: 'SUV', oversize: 'Grand gabarit', serviceFee: 'Frais de service', travelFee: 'Frais de déplacement', tax: 'Taxe', total: 'Total', minutes: '{minutes} min', jobLines: 'Ce qui est réservé' },
});

type Translate = TranslateOf<typeof jobLinesMessages.en>;

/** "SUV · 2019 Honda CR-V", or the size alone when the customer named no vehicle. */
export function vehicleHeading(t: Translate, vehicle: Pick<BookingVehicleView, 'sizeClass' | 'label'>): string {
  const size = t(vehicle.sizeClass satisfies SizeClass);
  return vehicle.label ? `${size} · ${vehicle.label}` : size;
}

/** A fee of nothing (a store order pays none) is left out. */
const isFreeFee = (line: BookingLineView) => (line.kind === 'service_fee' || line.kind === 'travel_fee') && toCents(line.amount) === 0;

function extraLabel(t: Translate, line: BookingLineView): string {
  if (line.kind === 'service_fee') return t('serviceFee');
  if (line.kind === 'travel_fee') return t('travelFee');
  if (line.kind === 'tax') return t('tax');
  return line.label;
}

/** `total`: the booking's total as the last row; left out where the page shows the total itself. */
export function JobLines({ job, total, variant = 'full', className }: { job: BookingJobView; total?: string; variant?: 'full' | 'compact'; className?: string }) {
  const t = useT(jobLinesMessages);
  if (job.vehicles.length === 0) return null;
  if (variant === 'compact') {
    return (
      <ul aria-label={t('jobLines')} className={cn('flex flex-col gap-0.5 text-xs', className)}>
        {job.vehicles.map((vehicle) => (
          <li key={vehicle.index} className="min-w-0 truncate">
            <span className="font-medium">{vehicleHeading(t, vehicle)}:</span> {vehicle.lines.map((line) => line.label).join(' + ')}
          </li>
        ))}
      </ul>
    );
  }
  const extras = job.extras.filter((line) => !isFreeFee(line));
  return (
    <section aria-label={t('jobLines')} className={cn('flex flex-col gap-2 text-sm', className)}>
      {job.vehicles.map((vehicle) => (
        <div key={vehicle.index} className="flex flex-col gap-1">
          <h3 className="font-semibold">{vehicleHeading(t, vehicle)}</h3>
          <ul className="flex flex-col gap-0.5 pl-3">
            {vehicle.lines.map((line, i) => (
              <li key={`${line.itemId ?? line.label}-${i}`} className="flex items-baseline justify-between gap-3">
                <span className="min-w-0">
                  {line.label}
                  {line.minutes > 0 && <span className="ml-1.5 text-xs text-slate-500">{t('minutes', { minutes: line.minutes })}</span>}
                </span>
                <span className="shrink-0 tabular-nums">{formatUsd(line.amount)}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <dl className="flex flex-col gap-0.5 border-t border-slate-200 pt-2 dark:border-slate-700">
        {extras.map((line, i) => (
          <div key={`${line.kind}-${i}`} className="flex justify-between gap-3 text-slate-600 dark:text-slate-300">
            <dt>{extraLabel(t, line)}</dt>
            <dd className="tabular-nums">{formatUsd(line.amount)}</dd>
          </div>
        ))}
        {total !== undefined && (
          <div className="flex justify-between gap-3 pt-1 text-base font-bold">
            <dt>{t('total')}</dt>
            <dd className="tabular-nums">{formatUsd(total)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
