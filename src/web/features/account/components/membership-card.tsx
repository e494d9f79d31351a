import { formatUsd } from '@shared/money';
import type { MembershipView, SubscribeResponse } from '@shared/schemas/memberships';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { CardPayment } from '@web/components/payment/card-payment';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert } from '@web/components/ui/feedback';
import { errorMessage, newIdempotencyKey } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { cancelMembership, confirmMembershipPayment, membershipsKey, myMembershipsQuery, pauseMembership, payMembership, resumeMembership } from '../api';
import { formatDate, membershipActions, membershipStatusKey, resumeCharges } from '../format';
import { accountMessages } from '../messages';
import { StandingAppointmentCard } from './standing-card';

const TONES = { memberActive: 'green', memberEnding: 'orange', memberPaused: 'gray', memberPastDue: 'red', memberCancelled: 'gray' } as const;

/** The account's memberships: each with its status, month, credits and controls. Nothing when there are none. */
export function MembershipCards() {
  const t = useT(accountMessages);
  const memberships = useQuery(myMembershipsQuery);
  if (memberships.isError) return <Alert tone="error" title={t('membershipsLoadFailed')}>{errorMessage(memberships.error, t('tryAgain'))}</Alert>;
  if (!memberships.data?.length) return null;
  return (
    <section aria-label={t('membershipsTitle')} className="flex flex-col gap-3">
      {memberships.data.map((m) => (
        <MembershipCard key={m.id} membership={m} />
      ))}
    </section>
  );
}

function MembershipCard({ membership: m }: { membership: MembershipView }) {
  const t = useT(accountMessages);
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<'cancel' | 'resume'>();
  const [paying, setPaying] = useState<{ start: SubscribeResponse; attemptKey: string }>();
  const date = (iso: string) => formatDate(iso, language);
  const status = membershipStatusKey(m);
  const actions = membershipActions(m);
  const price = formatUsd(m.pricePerMonth);

  async function changed() {
    await Promise.all([queryClient.invalidateQueries({ queryKey: membershipsKey }), queryClient.invalidateQueries({ queryKey: ['user', 'packages'] })]);
  }

  async function run(change: () => Promise<unknown>, success = t('memberUpdated')) {
    if (busy) return;
    setBusy(true);
    try {
      await change();
      setAsking(undefined);
      toast.success(success);
      await changed();
    } catch (error) {
      toast.error(t('memberFailed'), { description: errorMessage(error, t('tryAgain')) });
    } finally {
      setBusy(false);
    }
  }

  function resume() {
    // After the paid month a resume charges a new one: ask first.
    if (resumeCharges(m, new Date())) setAsking('resume');
    else void run(() => resumeMembership(m.id));
  }

  async function openPay() {
    if (busy) return;
    setBusy(true);
    const attemptKey = newIdempotencyKey();
    try {
      setPaying({ start: await payMembership(m.id, attemptKey), attemptKey });
    } catch (error) {
      toast.error(t('memberFailed'), { description: errorMessage(error, t('tryAgain')) });
    } finally {
      setBusy(false);
    }
  }

  async function paid() {
    setPaying(undefined);
    toast.success(t('memberPaid'));
    await changed();
  }

  return (
    <Card data-testid="membership-card">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Repeat className="size-4 text-brand-700" aria-hidden />
          <span className="flex-1">{m.planName}</span>
          <Badge tone={TONES[status]}>{t(status, { date: date(m.currentPeriodEnd) })}</Badge>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <p className="font-medium">{t('memberPrice', { price })}</p>
        <p className="text-slate-600 dark:text-slate-400">{t('memberPeriod', { from: date(m.currentPeriodStart), to: date(m.currentPeriodEnd) })}</p>
        {m.nextRenewalAt && <p className="text-slate-600 dark:text-slate-400">{t('memberRenews', { date: date(m.nextRenewalAt) })}</p>}
        {m.status !== 'canceled' && <p>{t('memberCredits', { count: m.creditsLeft })}</p>}
        {m.status === 'past_due' && <Alert tone="warning">{t('memberPastDueText')}</Alert>}
        <StandingAppointmentCard membership={m} />
        {actions.length > 0 && (
          <div className="mt-1 flex flex-wrap gap-2">
            {actions.includes('pay') && (
              <Button disabled={busy} onClick={() => void openPay()}>
                {busy ? t('memberPreparing') : t('memberPayNow')}
              </Button>
            )}
            {actions.includes('pause') && (
              <Button variant="outline" disabled={busy} onClick={() => void run(() => pauseMembership(m.id))}>
                {t('memberPause')}
              </Button>
            )}
            {actions.includes('resume') && (
              <Button variant="outline" disabled={busy} onClick={resume}>
                {t('memberResume')}
              </Button>
            )}
            {actions.includes('cancel') && (
              <Button variant="outline" disabled={busy} onClick={() => setAsking('cancel')}>
                {t('memberCancel')}
              </Button>
            )}
          </div>
        )}
      </CardContent>

      <ConfirmChoice
        open={asking === 'cancel'}
        title={t('memberCancelTitle', { name: m.planName })}
        description={m.status === 'active' ? t('memberCancelAtEnd', { date: date(m.currentPeriodEnd) }) : t('memberCancelNow')}
        confirm={t('memberCancelConfirm')}
        destructive
        keep={t('memberKeep')}
        busy={busy}
        onConfirm={() => void run(() => cancelMembership(m.id))}
        onClose={() => setAsking(undefined)}
      />

      <ConfirmChoice
        open={asking === 'resume'}
        title={t('memberResumeTitle', { name: m.planName })}
        description={t('memberResumeCharge', { price })}
        confirm={t('memberResumeConfirm', { price })}
        keep={t('memberKeep')}
        busy={busy}
        onConfirm={() => void run(() => resumeMembership(m.id))}
        onClose={() => setAsking(undefined)}
      />

      <Dialog open={Boolean(paying)} onOpenChange={(open) => !open && setPaying(undefined)}>
        {paying && (
          <DialogContent title={t('memberPayTitle', { name: m.planName })} description={t('memberPayText', { price: formatUsd(paying.start.amount) })}>
            <CardPayment
              start={paying.start}
              payLabel={t('memberPay', { price: formatUsd(paying.start.amount) })}
              busyLabel={t('memberPreparing')}
              returnPath="/account"
              onPaySaved={async (paymentMethodId) => {
                try {
                  await payMembership(m.id, paying.attemptKey, paymentMethodId);
                  await paid();
                } catch (error) {
                  toast.error(t('memberFailed'), { description: errorMessage(error, t('tryAgain')) });
                }
              }}
              onSucceeded={async () => {
                try {
                  if (paying.start.paymentIntentId) await confirmMembershipPayment(paying.start.paymentIntentId);
                  await paid();
                } catch (error) {
                  toast.error(t('memberFailed'), { description: errorMessage(error, t('tryAgain')) });
                }
              }}
              onDeclined={(message) => toast.error(t('memberFailed'), { description: message })}
            />
          </DialogContent>
        )}
      </Dialog>
    </Card>
  );
}

/** A step that asks before a membership changes (cancel, or a resume that charges): confirm or keep it as it is. */
function ConfirmChoice(props: { open: boolean; title: string; description: string; confirm: string; keep: string; destructive?: boolean; busy: boolean; onConfirm(): void; onClose(): void }) {
  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      {props.open && (
        <DialogContent title={props.title} description={props.description}>
          <div className="flex flex-col gap-2">
            <Button variant={props.destructive ? 'destructive' : undefined} disabled={props.busy} onClick={props.onConfirm}>
              {props.confirm}
            </Button>
            <Button variant="outline" onClick={props.onClose}>
              {props.keep}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
