import { formatUsd, fromCents, toCents } from '@shared/money';
import type { PromoCodeRequest, PromoCodeView } from '@shared/schemas/promos';
import { pacificDateKey, pacificInstant } from '@shared/time';

/** The promo code list's words and its form's draft (decision 058); pure, for the admin's promo codes page. */

/** "20% off" or "$5.00 off". */
export function discountLabel(code: Pick<PromoCodeView, 'kind' | 'percentOff' | 'amountOffCents'>): string {
  return code.kind === 'percent' ? `${code.percentOff ?? 0}% off` : `${formatUsd(fromCents(code.amountOffCents ?? 0))} off`;
}

/** "3 / 10", or "3 / no cap". */
export function usesLabel(code: Pick<PromoCodeView, 'usesCounted' | 'maxUses'>): string {
  return `${code.usesCounted} / ${code.maxUses ?? 'no cap'}`;
}

/** "Jan 1, 2027 – Jan 31, 2027", "From …", "Until …" or "Always" (business time). */
export function validityLabel(code: Pick<PromoCodeView, 'validFrom' | 'validTo'>): string {
  const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/Los_Angeles' });
  if (code.validFrom && code.validTo) return `${day(code.validFrom)} – ${day(code.validTo)}`;
  if (code.validFrom) return `From ${day(code.validFrom)}`;
  if (code.validTo) return `Until ${day(code.validTo)}`;
  return 'Always';
}

/** "All services", or the names of the services it is for. */
export function servicesLabel(serviceIds: readonly string[], names: ReadonlyMap<string, string>): string {
  if (serviceIds.length === 0) return 'All services';
  return serviceIds.map((id) => names.get(id) ?? 'Removed service').join(', ');
}

/** The form as typed: dates as YYYY-MM-DD (business days), the amount in dollars. */
export interface PromoDraft {
  code: string;
  kind: 'percent' | 'amount';
  percentOff: string;
  amountOff: string;
  serviceIds: string[];
  validFrom: string;
  validTo: string;
  maxUses: string;
  oncePerCustomer: boolean;
  active: boolean;
}

export const emptyPromoDraft: PromoDraft = { code: '', kind: 'percent', percentOff: '', amountOff: '', serviceIds: [], validFrom: '', validTo: '', maxUses: '', oncePerCustomer: false, active: true };

export function promoDraftOf(code: PromoCodeView): PromoDraft {
  return {
    code: code.code,
    kind: code.kind,
    percentOff: code.percentOff ? String(code.percentOff) : '',
    amountOff: code.amountOffCents ? fromCents(code.amountOffCents) : '',
    serviceIds: [...code.serviceIds],
    validFrom: code.validFrom ? pacificDateKey(new Date(code.validFrom)) : '',
    validTo: code.validTo ? pacificDateKey(new Date(code.validTo)) : '',
    maxUses: code.maxUses ? String(code.maxUses) : '',
    oncePerCustomer: code.oncePerCustomer,
    active: code.active,
  };
}

/** A typed number, never quietly changed: empty is null, anything else not a whole number is refused. */
function whole(text: string, what: string): number | null {
  const typed = text.trim();
  if (typed === '') return null;
  if (!/^\d+$/.test(typed)) throw new Error(`${what} must be a whole number`);
  return Number(typed);
}

function cents(text: string): number | null {
  const typed = text.trim().replace(/^\$/, '');
  if (typed === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(typed)) throw new Error('The amount off must be dollars and cents, like 5.00');
  return toCents(typed);
}

/**
 * The request for the server, which checks everything (its messages are shown as they come): a valid-from day
 * starts at its midnight, a valid-to day ends at its last minute, both in business time. Throws (with words
 * for the form) on a number that is not one.
 */
export function promoRequestOf(draft: PromoDraft): PromoCodeRequest {
  return {
    code: draft.code.trim(),
    kind: draft.kind,
    percentOff: draft.kind === 'percent' ? whole(draft.percentOff, 'The percentage') : null,
    amountOffCents: draft.kind === 'amount' ? cents(draft.amountOff) : null,
    serviceIds: draft.serviceIds,
    validFrom: draft.validFrom ? pacificInstant(draft.validFrom, '00:00').toISOString() : null,
    validTo: draft.validTo ? new Date(pacificInstant(draft.validTo, '23:59').getTime() + 59_999).toISOString() : null,
    maxUses: whole(draft.maxUses, 'The total uses'),
    oncePerCustomer: draft.oncePerCustomer,
    active: draft.active,
  };
}

/** A member's status in the admin's words; "Ending" is an active membership cancelled at its month's end. */
export function memberStatusLabel(m: { status: 'active' | 'paused' | 'past_due' | 'canceled'; cancelAtPeriodEnd: boolean }): 'Active' | 'Paused' | 'Payment due' | 'Cancelled' | 'Ending' {
  if (m.status === 'active') return m.cancelAtPeriodEnd ? 'Ending' : 'Active';
  return ({ paused: 'Paused', past_due: 'Payment due', canceled: 'Cancelled' } as const)[m.status];
}
