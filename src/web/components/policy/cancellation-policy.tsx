import { useQuery } from '@tanstack/react-query';
import type { FeeRule } from '@shared/schemas/business-settings';
import { apiCall, type ApiResponse } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { policyMessages } from './messages';

export type CancellationPolicy = ApiResponse<'GET /api/policy'>;

/** The business's cancellation policy (GET /api/policy), read once a session: it rarely changes. */
export function usePolicy(enabled = true) {
  return useQuery({ queryKey: ['policy'], queryFn: () => apiCall('GET /api/policy'), staleTime: 10 * 60_000, enabled });
}

/**
 * The policy in one sentence, from the settings: "Free cancellation until 24 hours before. Later cancellations
 * cost $25.00; a no-show costs 50% of the price."
 */
export function usePolicyText(): string | undefined {
  const t = useT(policyMessages);
  const { language } = useLanguage();
  const policy = usePolicy().data;
  if (!policy) return undefined;
  const money = (cents: number) => new Intl.NumberFormat(language === 'en' ? 'en-US' : language, { style: 'currency', currency: 'USD' }).format(cents / 100);
  const fee = (rule: FeeRule, fixed: string, percent: string, none: string) =>
    rule.kind === 'fixed' && rule.value > 0 ? t(fixed as 'lateFixed', { amount: money(rule.value) }) : rule.kind === 'percent' && rule.value > 0 ? t(percent as 'latePercent', { percent: rule.value }) : t(none as 'lateNone');
  const free = policy.freeCancelHours > 0 ? t('free', { hours: policy.freeCancelHours }) : t('freeAlways');
  return `${free} ${fee(policy.lateCancelFee, 'lateFixed', 'latePercent', 'lateNone')}; ${fee(policy.noShowFee, 'noShowFixed', 'noShowPercent', 'noShowNone')}`;
}

/** The policy sentence as a paragraph (nothing until it has loaded). */
export function PolicyText({ className }: { className?: string }) {
  const text = usePolicyText();
  if (!text) return null;
  return (
    <p className={className ?? 'text-sm text-slate-600 dark:text-slate-400'} data-testid="cancellation-policy">
      {text}
    </p>
  );
}

/** What a cancellation now costs, in words (decision 057): the fee and what goes back; nothing when it is free. */
export function useLateFeeText(quote: { feeCents: number; refundCents: number; freeCancelHours: number } | undefined): string | undefined {
  const t = useT(policyMessages);
  const { language } = useLanguage();
  if (!quote || quote.feeCents <= 0) return undefined;
  const money = (cents: number) => new Intl.NumberFormat(language === 'en' ? 'en-US' : language, { style: 'currency', currency: 'USD' }).format(cents / 100);
  const fee = t('lateFee', { hours: quote.freeCancelHours, fee: money(quote.feeCents) });
  return quote.refundCents > 0 ? `${fee} ${t('lateFeeRefund', { refund: money(quote.refundCents) })}` : fee;
}
