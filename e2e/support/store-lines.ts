import { expect, type APIRequestContext } from '@playwright/test';
import { ensureTomorrowOpen, dayKey, storeSynced } from './booking-flow';
import { ADMIN, DRIVER } from './helpers';

/** The demo store's paid order #1278: Full Detail, Headlight Restoration and the pet hair add-on (docs/decisions/044). */
export const TWO_SERVICE_ORDER = { number: '1278', email: 'sam.okafor@example.com' };
/** The demo store's paid order #1277: Interior Refresh, the pet hair add-on, and a towel pack that books nothing. */
export const COVERS_ORDER = { number: '1277', email: 'elena.vasquez@example.com' };

/**
 * Order #1278 booked from the admin's Create Booking (once per run: a later call finds the booking) and given to
 * the demo driver: one booking with two vehicles, Full Detail + Pet hair removal and Headlight Restoration.
 * `request` is signed in as the admin on return.
 */
export async function bookTwoServiceOrder(request: APIRequestContext): Promise<{ bookingId: string; trackingToken: string }> {
  await storeSynced(request);
  const lookup = async () => {
    const found = await request.post('/api/shopify-orders/lookup', { data: { orderNumber: TWO_SERVICE_ORDER.number, email: TWO_SERVICE_ORDER.email } });
    expect(found.status(), await found.text()).toBe(200);
    return (await found.json()) as { order: { id: string }; booking: { id: string; trackingToken: string | null } | null };
  };
  let found = await lookup();
  if (!found.booking) {
    const day = dayKey(11);
    await ensureTomorrowOpen(request, 'Full Detail', day);
    expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
    // 10 or 11 AM in San Jose, whichever the season: the 4½-hour job ends well inside the day.
    const created = await request.post(`/api/admin/shopify/orders/${found.order.id}/create-booking`, { data: { scheduledDate: `${day}T18:00:00.000Z` } });
    expect([201, 409], await created.text()).toContain(created.status());
    found = await lookup();
  }
  const bookingId = found.booking!.id;
  const driver = await request.post('/api/auth/login', { data: DRIVER });
  const driverId = ((await driver.json()) as { id: string }).id;
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  expect((await request.post(`/api/drivers/${driverId}/assign/${bookingId}`, { data: { override: true } })).ok()).toBeTruthy();
  return { bookingId, trackingToken: found.booking!.trackingToken! };
}
