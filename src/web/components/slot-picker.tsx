import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SlotCandidate } from '@shared/slots';
import { addDaysToKey } from '@shared/date-keys';
import { Button } from '@web/components/ui/button';
import { Label, Select } from '@web/components/ui/input';
import { defineMessages, useLanguage, useT } from '@web/lib/i18n';
import { cn, scrollBehavior } from '@web/lib/utils';
import { availableDaysQuery, slotLabel, todayKey, type OpenDaysSource, type SlotPlace } from './slot-queries';

/**
 * Choosing when: the date (Today, Tomorrow, or the calendar with past days disabled, and closed or full days
 * too when the service is known) and a time slot from available-slots with 'N spots left'. Shared by the
 * booking flow and the store-order scheduling page.
 */
export const pickerMessages = defineMessages({
  en: {
    date: 'Date',
    today: 'Today',
    tomorrow: 'Tomorrow',
    pickDate: 'Pick a date',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    timeSlot: 'Time slot',
    selectTime: 'Select a time',
    spotsLeft: '({count, plural, one {# spot left} other {# spots left}})',
    noSlotsOption: 'No available time slots for this date',
    noSlotsText: 'No available time slots for the selected date. Please choose a different date or contact us.',
    loadingSlots: 'Loading times...',
    pacificNote: 'All times are Pacific Time.',
    slotsFailed: 'Failed to fetch available slots',
    noTimesThatDay: '{date}: no free times',
  },
  es: {
    date: 'Fecha',
    today: 'Hoy',
    tomorrow: 'Mañana',
    pickDate: 'Elegir fecha',
    previousMonth: 'Mes anterior',
    nextMonth: 'Mes siguiente',
    timeSlot: 'Horario',
    selectTime: 'Selecciona una hora',
    spotsLeft: '({count, plural, one {queda #} other {quedan #}})',
    noSlotsOption: 'Sin horarios este día',
    noSlotsText: 'No hay horarios disponibles para la fecha seleccionada. Elige otra fecha o contáctanos.',
    loadingSlots: 'Cargando horarios...',
    pacificNote: 'Todos los horarios están en hora del Pacífico.',
    slotsFailed: 'No se pudieron cargar los horarios disponibles',
    noTimesThatDay: '{date}: sin horarios libres',
  },
  fr: {
    date: 'Date',
    today: 'Aujourd’hui',
    tomorrow: 'Demain',
    pickDate: 'Choisir une date',
    previousMonth: 'Mois précédent',
    nextMonth: 'Mois suivant',
    timeSlot: 'Créneau',
    selectTime: 'Choisissez une heure',
    spotsLeft: '({count, plural, one {# place restante} other {# restantes}})',
    noSlotsOption: 'Aucun créneau ce jour',
    noSlotsText: 'Aucun créneau disponible à la date choisie. Choisissez une autre date ou contactez-nous.',
    loadingSlots: 'Chargement des créneaux...',
    pacificNote: 'Toutes les heures sont à l’heure du Pacifique.',
    slotsFailed: 'Impossible de charger les créneaux disponibles',
    noTimesThatDay: '{date} : aucun créneau libre',
  },
});

/**
 * Today, Tomorrow, or a date from the calendar (past days disabled; with `serviceId`, days without a free
 * start too). All dates are Pacific. The calendar scrolls into view when opened, clear of the sticky bar
 * below it (its scroll margin).
 */
export function DateChoice({
  value,
  onChange,
  serviceId,
  vehicles,
  place,
  openDays,
}: {
  value: string;
  onChange: (dateKey: string) => void;
  serviceId?: string;
  vehicles?: string;
  place?: SlotPlace;
  openDays?: OpenDaysSource;
}) {
  const t = useT(pickerMessages);
  const today = todayKey();
  const tomorrow = addDaysToKey(today, 1);
  const picked = value !== today && value !== tomorrow;
  const [calendarOpen, setCalendarOpen] = useState(picked);
  const [openedAt, setOpenedAt] = useState(0);
  const calendar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (openedAt) calendar.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'nearest' });
  }, [openedAt]);
  const choice = (active: boolean) => cn('flex-1', active && 'border-brand-600 bg-brand-50 text-brand-800 dark:bg-brand-900/30');
  return (
    <div className="flex flex-col gap-3">
      <div className="flex gap-2" role="group" aria-label={t('date')}>
        <Button type="button" variant="outline" aria-pressed={value === today} className={choice(value === today)} onClick={() => (onChange(today), setCalendarOpen(false))}>
          {t('today')}
        </Button>
        <Button type="button" variant="outline" aria-pressed={value === tomorrow} className={choice(value === tomorrow)} onClick={() => (onChange(tomorrow), setCalendarOpen(false))}>
          {t('tomorrow')}
        </Button>
        <Button
          type="button"
          variant="outline"
          aria-pressed={picked}
          aria-expanded={calendarOpen}
          className={choice(picked)}
          onClick={() => {
            if (!calendarOpen) setOpenedAt(Date.now());
            setCalendarOpen((v) => !v);
          }}
        >
          <CalendarDays aria-hidden /> {t('pickDate')}
        </Button>
      </div>
      {calendarOpen && (
        <div ref={calendar} className="scroll-mb-48 scroll-mt-20" data-testid="date-calendar">
          <Calendar value={value} min={today} onSelect={onChange} serviceId={serviceId} vehicles={vehicles} place={place} openDays={openDays} />
        </div>
      )}
    </div>
  );
}

function Calendar({
  value,
  min,
  onSelect,
  serviceId,
  vehicles,
  place,
  openDays: source,
}: {
  value: string;
  min: string;
  onSelect: (dateKey: string) => void;
  serviceId?: string;
  vehicles?: string;
  place?: SlotPlace;
  openDays?: OpenDaysSource;
}) {
  const t = useT(pickerMessages);
  const { language } = useLanguage();
  const [month, setMonth] = useState(() => value.slice(0, 7));
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const days = useMemo(() => {
    const first = new Date(Date.UTC(year, monthIndex - 1, 1));
    const count = new Date(Date.UTC(year, monthIndex, 0)).getUTCDate();
    const blanks = first.getUTCDay();
    return { blanks, keys: Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`) };
  }, [year, monthIndex, month]);
  const title = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, monthIndex - 1, 1)));
  const weekdays = Array.from({ length: 7 }, (_, i) => new Intl.DateTimeFormat(language, { weekday: 'narrow', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 1, 1 + i))));
  const shift = (delta: number) => {
    const d = new Date(Date.UTC(year, monthIndex - 1 + delta, 1));
    setMonth(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  };
  const canGoBack = month > min.slice(0, 7);
  // Which days of the shown month have a free start; until known (or without a service) only the past is greyed.
  const from = days.keys[0]!;
  const to = days.keys[days.keys.length - 1]!;
  const byService = availableDaysQuery(serviceId ?? '', from, to, vehicles, place);
  const open = useQuery({
    ...byService,
    ...(source ? { queryKey: [...source.key, from, to] as unknown as typeof byService.queryKey, queryFn: () => source.fetch(from, to) } : {}),
    enabled: (Boolean(serviceId) || Boolean(source)) && to >= min,
  });
  const openDays = open.data ? new Set(open.data.dates) : null;
  return (
    <div className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <div className="mb-2 flex items-center justify-between">
        <Button type="button" variant="ghost" size="icon" aria-label={t('previousMonth')} disabled={!canGoBack} onClick={() => shift(-1)}>
          <ChevronLeft aria-hidden />
        </Button>
        <span className="font-semibold capitalize">{title}</span>
        <Button type="button" variant="ghost" size="icon" aria-label={t('nextMonth')} onClick={() => shift(1)}>
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs text-slate-500" aria-hidden>
        {weekdays.map((w, i) => (
          <span key={i}>{w}</span>
        ))}
      </div>
      <div className="mt-1 grid grid-cols-7 gap-1" role="grid">
        {Array.from({ length: days.blanks }, (_, i) => (
          <span key={`blank-${i}`} />
        ))}
        {days.keys.map((key) => {
          const full = key >= min && openDays !== null && !openDays.has(key);
          const disabled = key < min || full;
          const label = new Intl.DateTimeFormat(language, { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${key}T12:00:00Z`));
          return (
            <button
              key={key}
              type="button"
              disabled={disabled}
              aria-label={full ? t('noTimesThatDay', { date: label }) : label}
              aria-pressed={key === value}
              onClick={() => onSelect(key)}
              className={cn(
                'h-10 rounded-lg text-sm',
                disabled ? 'cursor-not-allowed text-slate-300 dark:text-slate-600' : 'hover:bg-brand-50 dark:hover:bg-slate-800',
                key === value && 'bg-brand-700 font-semibold text-white hover:bg-brand-700',
              )}
            >
              {Number(key.slice(8))}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** The time-slot dropdown: start-end, 'N spots left' when the step is partly taken, and the Pacific note. */
export function SlotSelect({ id, slots, loading, failed, value, onChange }: { id: string; slots: SlotCandidate[] | undefined; loading: boolean; failed?: boolean; value: string | null; onChange: (slotId: string | null) => void }) {
  const t = useT(pickerMessages);
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{t('timeSlot')}</Label>
      {/* A phone's select shows one line: the smaller text keeps the longest label ('… (2 spots left)') whole. */}
      <Select id={id} className="text-sm" value={value ?? ''} disabled={loading} onChange={(event) => onChange(event.target.value || null)}>
        {loading ? (
          <option value="">{t('loadingSlots')}</option>
        ) : slots && slots.length > 0 ? (
          <>
            <option value="">{t('selectTime')}</option>
            {slots.map((slot) => (
              <option key={slot.id} value={slot.id}>
                {slotLabel(slot)}
                {slot.availableCapacity < slot.capacity ? ` ${t('spotsLeft', { count: slot.availableCapacity })}` : ''}
              </option>
            ))}
          </>
        ) : (
          <option value="">{t('noSlotsOption')}</option>
        )}
      </Select>
      {failed && (
        <p role="alert" className="text-sm text-red-600">
          {t('slotsFailed')}
        </p>
      )}
      {slots && slots.length === 0 && <p className="text-sm text-slate-600">{t('noSlotsText')}</p>}
      <p className="text-xs text-slate-500">{t('pacificNote')}</p>
    </div>
  );
}
