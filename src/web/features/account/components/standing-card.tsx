import type { MembershipView, StandingView } from '@shared/schemas/memberships';
import { formatTime12 } from '@shared/time';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Label, Select } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { accountKeys, membershipsKey, setStandingAppointment, stopStandingAppointment, useAddresses } from '../api';
import { accountMessages } from '../messages';

/** Half-hour starts in the opening hours (9 AM–5 PM) a standing visit may take; the job books that slot when it is free. */
const TIMES = Array.from({ length: 16 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
// 2026-11-01 is a Sunday: weekday n's name is that of 1 November + n days.
const weekdayName = (language: string, weekday: number) => new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 1 + weekday, 12)));
const dayText = (language: string, date: string) => new Intl.DateTimeFormat(language, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

const OUTCOME_KEYS = { booked: 'standingBooked', full: 'standingFull', no_credit: 'standingNoCredit' } as const;

/** The membership's standing appointment (decision 066): what the plan offers, the member's choice, set, change, stop. */
export function StandingAppointmentCard({ membership: m }: { membership: MembershipView }) {
  const t = useT(accountMessages);
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [busy, setBusy] = useState(false);
  const offer = m.standingOffer;
  if (!offer) return null;
  const standing = m.standing;

  async function run(change: () => Promise<unknown>, success: string) {
    if (busy) return;
    setBusy(true);
    try {
      await change();
      setEditing(false);
      setStopping(false);
      toast.success(success);
      await Promise.all([queryClient.invalidateQueries({ queryKey: membershipsKey }), queryClient.invalidateQueries({ queryKey: accountKeys.all })]);
    } catch (error) {
      toast.error(t('memberFailed'), { description: errorMessage(error, t('tryAgain')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label={t('standingTitle')} data-testid="standing-card" className="mt-2 flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <h3 className="flex items-center gap-2 font-semibold">
        <CalendarClock className="size-4 text-brand-700" aria-hidden /> {t('standingTitle')}
      </h3>
      {standing ? (
        <>
          <p>{t('standingRule', { weeks: standing.everyWeeks, weekday: weekdayName(language, standing.weekday), time: formatTime12(standing.time) })}</p>
          <p className="text-slate-600 dark:text-slate-400">{t('standingWhere', { service: standing.serviceName, address: standing.address })}</p>
          <p className="text-slate-600 dark:text-slate-400">{t('standingNext', { date: dayText(language, standing.nextDate) })}</p>
          {standing.recent
            .filter((o) => o.outcome !== 'pending')
            .map((o) => (
              <p key={o.date} className={o.outcome === 'booked' ? 'text-slate-600 dark:text-slate-400' : 'text-amber-800 dark:text-amber-200'}>
                {t(OUTCOME_KEYS[o.outcome as keyof typeof OUTCOME_KEYS], { date: dayText(language, o.date) })}
              </p>
            ))}
          {m.status !== 'canceled' && (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" disabled={busy} onClick={() => setEditing(true)}>
                {t('standingChange')}
              </Button>
              <Button size="sm" variant="outline" disabled={busy} onClick={() => setStopping(true)}>
                {t('standingStop')}
              </Button>
            </div>
          )}
        </>
      ) : (
        <>
          <p>{t('standingOffer', { weeks: offer.everyWeeks })}</p>
          {m.status !== 'canceled' && (
            <Button size="sm" className="self-start" disabled={busy} onClick={() => setEditing(true)}>
              {t('standingSet')}
            </Button>
          )}
        </>
      )}

      <Dialog open={editing} onOpenChange={(open) => !open && setEditing(false)}>
        {editing && (
          <DialogContent title={t('standingTitle')} description={t('standingHow')}>
            <StandingForm membership={m} current={standing} busy={busy} onSave={(choice) => void run(() => setStandingAppointment(m.id, choice), t('standingSaved'))} />
          </DialogContent>
        )}
      </Dialog>
      <Dialog open={stopping} onOpenChange={(open) => !open && setStopping(false)}>
        {stopping && (
          <DialogContent title={t('standingStopTitle')} description={t('standingStopText')}>
            <div className="flex flex-col gap-2">
              <Button variant="destructive" disabled={busy} onClick={() => void run(() => stopStandingAppointment(m.id), t('standingStopped'))}>
                {t('standingStopConfirm')}
              </Button>
              <Button variant="outline" onClick={() => setStopping(false)}>
                {t('memberKeep')}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </section>
  );
}

function StandingForm({ membership: m, current, busy, onSave }: { membership: MembershipView; current: StandingView | null; busy: boolean; onSave(choice: { weekday: number; time: string; serviceId: string; addressId: string }): void }) {
  const t = useT(accountMessages);
  const { language } = useLanguage();
  const addresses = useAddresses();
  const services = m.standingOffer?.services ?? [];
  const saved = addresses.data ?? [];
  const [weekday, setWeekday] = useState(current?.weekday ?? 2);
  const [time, setTime] = useState(current?.time ?? '10:00');
  const [serviceId, setServiceId] = useState(current?.serviceId ?? services[0]?.serviceId ?? '');
  const [addressId, setAddressId] = useState(current?.addressId ?? '');
  const chosenAddress = addressId || saved.find((a) => a.isDefault)?.id || saved[0]?.id || '';
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ weekday, time, serviceId, addressId: chosenAddress });
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor="standing-weekday">{t('standingWeekday')}</Label>
        <Select id="standing-weekday" value={String(weekday)} onChange={(e) => setWeekday(Number(e.target.value))}>
          {[1, 2, 3, 4, 5, 6, 0].map((day) => (
            <option key={day} value={day}>
              {weekdayName(language, day)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="standing-time">{t('standingTime')}</Label>
        <Select id="standing-time" value={time} onChange={(e) => setTime(e.target.value)}>
          {TIMES.map((value) => (
            <option key={value} value={value}>
              {formatTime12(value)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="standing-service">{t('standingService')}</Label>
        <Select id="standing-service" value={serviceId} onChange={(e) => setServiceId(e.target.value)}>
          {services.map((s) => (
            <option key={s.serviceId} value={s.serviceId}>
              {s.serviceName}
            </option>
          ))}
        </Select>
      </div>
      {saved.length === 0 ? (
        <p className="text-amber-800 dark:text-amber-200">{t('standingNoAddress')}</p>
      ) : (
        <div className="flex flex-col gap-1">
          <Label htmlFor="standing-address">{t('standingAddress')}</Label>
          <Select id="standing-address" value={chosenAddress} onChange={(e) => setAddressId(e.target.value)}>
            {saved.map((a) => (
              <option key={a.id} value={a.id}>
                {`${a.street}, ${a.city}`}
              </option>
            ))}
          </Select>
        </div>
      )}
      <Button type="submit" disabled={busy || saved.length === 0 || !serviceId}>
        {t('standingSave')}
      </Button>
    </form>
  );
}
