import { pacificDateKey, pacificTimeOfDay } from '../../../../shared/time';

/**
 * The schedule page's appointment body carries `scheduledDate` (an instant) and the guest* names of the stored row;
 * the dialogs send `date` + `time` (Pacific wall clock). Both shapes are accepted.
 */
export function normaliseWhen(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const b = { ...(body as Record<string, unknown>) };
  b.customerName ??= b.guestName;
  b.customerEmail ??= b.guestEmail;
  b.customerPhone ??= b.guestPhone;
  if ((b.date === undefined || b.time === undefined) && typeof b.scheduledDate === 'string' && !Number.isNaN(Date.parse(b.scheduledDate))) {
    const instant = new Date(b.scheduledDate);
    b.date ??= pacificDateKey(instant);
    b.time ??= pacificTimeOfDay(instant);
  }
  return b;
}
