/**
 * The first-party collector (docs/decisions/014-first-party-analytics.md): no cookie, no third-party script. A random session id lives in
 * sessionStorage and is renewed after 30 minutes without activity; events are queued and sent in batches
 * with navigator.sendBeacon (a keepalive fetch when the beacon is refused). Nothing is sent when the
 * browser signals Global Privacy Control; the server also drops batches for Sec-GPC, bots and accounts
 * that turned analytics off in /settings.
 */
const KEY = 'glint_sid';
const IDLE_MS = 30 * 60_000;
const URL = '/api/analytics/events';

type Event = { eventType: string; eventData?: Record<string, string | number | boolean | null>; path: string; referrer: string | null; at: string };
let queue: Event[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

const optedOut = () => (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

/** The current session id (a new one after 30 idle minutes); `touch` marks activity. */
export function analyticsSession(touch = false): string | undefined {
  try {
    if (optedOut()) return undefined;
    const now = Date.now();
    const [saved, last] = (sessionStorage.getItem(KEY) ?? '').split('.');
    let id = saved && now - Number(last) < IDLE_MS ? saved : undefined;
    if (!id && !touch) return undefined;
    id ??= crypto.randomUUID();
    sessionStorage.setItem(KEY, `${id}.${now}`);
    return id;
  } catch {
    return undefined;
  }
}

function flush() {
  clearTimeout(timer);
  timer = undefined;
  const sessionId = analyticsSession(true);
  while (queue.length && sessionId) send(JSON.stringify({ sessionId, events: queue.splice(0, 50) }));
  queue = [];
}

/** A beacon when the browser takes it; otherwise (no sendBeacon, or its queue is full) a keepalive fetch, which also outlives the page. */
function send(body: string) {
  if (navigator.sendBeacon?.(URL, body)) return;
  fetch(URL, { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'text/plain;charset=UTF-8' } }).catch(() => undefined);
}

/** Queues one event (page_visit, service_selected, guest_checkout, payment_initiated, offer_click). */
export function track(eventType: string, eventData?: Event['eventData']) {
  if (optedOut()) return;
  analyticsSession(true);
  queue.push({ eventType, eventData, path: location.pathname, referrer: document.referrer || null, at: new Date().toISOString() });
  timer ??= setTimeout(flush, 1500);
}

if (typeof window !== 'undefined') {
  addEventListener('pagehide', flush);
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
}
