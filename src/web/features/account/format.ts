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
