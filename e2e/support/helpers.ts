import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@glint.local', password: 'admin-e2e-password' };
export const DRIVER = { email: 'driver@glint.local', password: 'glint-demo-pass' };
export const CUSTOMER = { email: 'customer@glint.local', password: 'glint-demo-pass' };

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The newest mail to an address in the dev outbox (waits for it to arrive). */
export async function latestMail(request: APIRequestContext, to: string, subject?: RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await request.get('/api/dev/outbox')).json()) as OutboxMessage[];
      found = messages.find((m) => m.to === to && (!subject || subject.test(m.subject)));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/**
 * Signs in through the API (the page shares the context's cookies). Sent without an Origin, as any API
 * client does (only a foreign Origin is refused), so the page need not have loaded anything first: the
 * spec's first `goto` already opens the page signed in.
 */
export async function signInViaApi(page: Page, who: { email: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: who });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** The calendar date `days` after `date` (both YYYY-MM-DD): calendar days, whatever DST does to the hours. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Today's date in San Jose, or the date `days` later. Counted on the calendar, never as 24-hour steps from now:
 * a day's worth of milliseconds from 23:30 on the Saturday before spring-forward lands on Monday.
 */
export function pacificDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return addDays(today, days);
}

/** The date (YYYY-MM-DD) and time (HH:MM) of an instant in the business's time zone. */
export function pacificWhen(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * Waits until the app has taken over a prerendered page (decision 061): what is typed before stays, but a
 * submit before then is held off, so a spec that types and submits at once waits for this first.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('#root[data-hydrated]')).toHaveCount(1);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}
