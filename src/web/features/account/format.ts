import { TIME_ZONE } from '@shared/constants';

/** Dates on the account pages, in the business's time zone and the chosen language. */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', year: 'numeric', timeZone: TIME_ZONE }).format(new Date(iso));
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: TIME_ZONE }).format(new Date(iso));
}

/** The order-history label as a message key. */
export function statusKey(label: 'Completed' | 'In Progress' | 'Confirmed' | 'Cancelled' | 'Pending') {
  return ({ Completed: 'statusCompleted', 'In Progress': 'statusInProgress', Confirmed: 'statusConfirmed', Cancelled: 'statusCancelled', Pending: 'statusPending' } as const)[label];
}

type MembershipState = { status: 'active' | 'paused' | 'past_due' | 'canceled'; cancelAtPeriodEnd: boolean; currentPeriodEnd: string; unpaidPeriodId: string | null };

/** A membership's status as the account says it: a cancelled-but-paid one reads "Cancelled — ends on DATE". */
export function membershipStatusKey(m: MembershipState) {
  if (m.status === 'active') return m.cancelAtPeriodEnd ? 'memberEnding' : 'memberActive';
  return ({ paused: 'memberPaused', past_due: 'memberPastDue', canceled: 'memberCancelled' } as const)[m.status];
}

export type MembershipAction = 'pause' | 'resume' | 'cancel' | 'pay';

/**
 * What the customer may do, as the server allows it (decision 059): pause an active one, resume a paused one,
 * pay a month that failed, cancel anything not already ending or ended.
 */
export function membershipActions(m: MembershipState): MembershipAction[] {
  if (m.status === 'canceled' || m.cancelAtPeriodEnd) return [];
  if (m.status === 'active') return ['pause', 'cancel'];
  if (m.status === 'paused') return ['resume', 'cancel'];
  return m.unpaidPeriodId ? ['pay', 'cancel'] : ['cancel'];
}

/** Resuming after the paid month starts and charges a new one: the button then asks first. */
export function resumeCharges(m: Pick<MembershipState, 'currentPeriodEnd'>, now: Date): boolean {
  return Date.parse(m.currentPeriodEnd) <= now.getTime();
}

