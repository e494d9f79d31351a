import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueryOf } from '../../../shared/booking-job';
import type { ServiceDetailView } from '../../../shared/schemas/services';
import type { BookingView } from '../../../shared/schemas/bookings';
import { createTestApp, type TestApp } from '../../test/harness';
import { HOME, MONDAY_9AM_PACIFIC, newKey, payWithTestCard, serviceNamed } from '../../test/checkout-fixtures';

/** Bookings priced and timed from their vehicles (docs/decisions/043). */

let t: TestApp;
let fullDetail: ServiceDetailView;
let washAndWax: ServiceDetailView;
const addOn = (service: ServiceDetailView, name: string) => service.addOns.find((a) => a.name === name)!.id;

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  fullDetail = (await t.call('GET', `/api/services/${(await serviceNamed(t, 'Full Detail')).id}`)).json();
  washAndWax = (await t.call('GET', `/api/services/${(await serviceNamed(t, 'Wash & Wax')).id}`)).json();
});
afterAll(() => t.close());

const book = (body: Record<string, unknown>, cookie?: string) =>
  t.call('POST', '/api/bookings', {
    cookie,
    headers: { 'idempotency-key': newKey() },
    body: { serviceId: fullDetail.id, serviceType: 'mobile', address: HOME, ...(cookie ? {} : { guestEmail: 'job@example.com', guestName: 'Jo Job' }), ...body },
  });

async function customerWithSuv() {
  const customer = await t.createUser();
  const suv = await t.call('POST', '/api/vehicles', { cookie: customer.cookie, body: { year: 2019, make: 'Honda', model: 'CR-V', colour: 'blue', sizeClass: 'suv' } });
  expect(suv.statusCode).toBe(201);
  return { ...customer, suvId: suv.json().id as string };
}

async function ownBooking(cookie: string, id: string): Promise<BookingView> {
  const list = (await t.call('GET', '/api/bookings?pageSize=50', { cookie })).json();
  return (list.items ?? list).find((b: BookingView) => b.id === id);
}

async function startsOn(serviceId: string, date: string, vehicles?: string): Promise<string[]> {
  const response = await t.call('GET', `/api/services/${serviceId}/available-slots?date=${date}${vehicles ? `&vehicles=${vehicles}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json().map((s: { id: string }) => s.id.slice(11));
}

describe('pricing a booking from its vehicles', () => {
  it('prices a saved SUV with two add-ons and a typed sedan by size, ignoring the amounts the client sends', async () => {
    const { cookie, suvId } = await customerWithSuv();
    const petHair = addOn(fullDetail, 'Pet hair removal');
    const ceramic = addOn(fullDetail, 'Ceramic spray sealant');
    const response = await book(
      {
        slotId: '2026-06-02T09:00',
        totalAmount: '1.00',
        tax: '0.00',
        vehicles: [
          { vehicleId: suvId, sizeClass: 'sedan', addOnIds: [petHair, ceramic] },
          { sizeClass: 'sedan', description: '2016 Toyota Camry' },
        ],
      },
      cookie,
    );
    expect(response.statusCode).toBe(201);
    // SUV: 239 + 50 + 35; sedan: 199 → 523.00, tax 52.30, plus the service fee once.
    const fee = Number(fullDetail.serviceFee);
    expect(response.json()).toMatchObject({ tax: '52.30', totalAmount: (523 + 52.3 + fee).toFixed(2) });

    const view = await ownBooking(cookie, response.json().id);
    expect(view.durationMinutes).toBe(210 + 30 + 20 + 180);
    expect(view.vehicle).toBe('2019 Honda CR-V, blue; 2016 Toyota Camry');
    expect(view.job.vehicles).toMatchObject([
      {
        index: 0,
        vehicleId: suvId,
        label: '2019 Honda CR-V, blue',
        sizeClass: 'suv',
        amount: '324.00',
        minutes: 260,
        lines: [
          { kind: 'service', label: 'Full Detail', amount: '239.00', minutes: 210, itemId: fullDetail.id },
          { kind: 'add_on', label: 'Pet hair removal', amount: '50.00', minutes: 30, itemId: petHair },
          { kind: 'add_on', label: 'Ceramic spray sealant', amount: '35.00', minutes: 20, itemId: ceramic },
        ],
      },
      { index: 1, vehicleId: null, label: '2016 Toyota Camry', sizeClass: 'sedan', amount: '199.00', minutes: 180 },
    ]);
    expect(view.job.extras.map((l) => [l.kind, l.amount])).toEqual([
      ['service_fee', fullDetail.serviceFee],
      ['tax', '52.30'],
    ]);
  });

  it('books an old client’s request (no vehicles) as one sedan described by its vehicle text', async () => {
    const response = await book({ slotId: '2026-06-02T10:00', vehicle: 'Red Mazda 3' });
    expect(response.statusCode).toBe(201);
    const fee = Number(fullDetail.serviceFee);
    expect(response.json()).toMatchObject({ tax: '19.90', totalAmount: (199 + 19.9 + fee).toFixed(2) });
    const view = (await t.call('GET', `/api/bookings/guest/${response.json().id}`, { headers: { 'x-tracking-token': response.json().trackingToken } })).json();
    expect(view.job.vehicles).toMatchObject([{ label: 'Red Mazda 3', sizeClass: 'sedan', amount: '199.00', lines: [{ kind: 'service', amount: '199.00' }] }]);
  });

  it('refuses another customer’s saved vehicle, and a saved vehicle from a guest', async () => {
    const owner = await customerWithSuv();
    const other = await t.createUser();
    const foreign = await book({ slotId: '2026-06-02T11:00', vehicles: [{ vehicleId: owner.suvId }] }, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('VEHICLE_NOT_FOUND');
    const guest = await book({ slotId: '2026-06-02T11:00', vehicles: [{ vehicleId: owner.suvId }] });
    expect(guest.statusCode).toBe(400);
    expect(guest.json().code).toBe('SIGN_IN_REQUIRED');
  });

  it('refuses an add-on the service does not offer, and more than four vehicles', async () => {
    const clayBar = addOn(washAndWax, 'Clay bar treatment');
    const response = await book({ slotId: '2026-06-02T11:00', vehicles: [{ sizeClass: 'suv', addOnIds: [clayBar] }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ADD_ON_NOT_AVAILABLE', params: { addOnId: clayBar } });
    const five = await book({ slotId: '2026-06-02T11:00', vehicles: Array.from({ length: 5 }, () => ({ sizeClass: 'sedan' })) });
    expect(five.statusCode).toBe(400);
    expect(five.json().code).toBe('INVALID_INPUT');
  });
});

describe('the slot engine times the whole job', () => {
  it('lists fewer late starts for two vehicles than for one, and refuses a bad vehicles query', async () => {
    const one = await startsOn(washAndWax.id, '2026-06-03');
    const two = await startsOn(washAndWax.id, '2026-06-03', jobQueryOf([{ sizeClass: 'sedan', addOnIds: [] }, { sizeClass: 'sedan', addOnIds: [] }]));
    expect(two.length).toBeGreaterThan(0);
    expect(two.length).toBeLessThan(one.length);
    // 120 + 120 minutes must fit before closing: the last start of two is two hours before the last start of one.
    const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
    expect(minutes(one.at(-1)!) - minutes(two.at(-1)!)).toBe(120);
    const bad = await t.call('GET', `/api/services/${washAndWax.id}/available-slots?date=2026-06-03&vehicles=truck`);
    expect(bad.statusCode).toBe(400);
    const foreignAddOn = await t.call('GET', `/api/services/${washAndWax.id}/available-slots?date=2026-06-03&vehicles=sedan.${addOn(fullDetail, 'Pet hair removal')}`);
    expect(foreignAddOn.json().code).toBe('ADD_ON_NOT_AVAILABLE');
  });

  it('lists no day for a job longer than the day, and the open days for one that fits', async () => {
    const days = (vehicles?: string) => t.call('GET', `/api/services/${fullDetail.id}/available-days?from=2026-06-08&to=2026-06-12${vehicles ? `&vehicles=${vehicles}` : ''}`);
    expect((await days()).json().dates.length).toBeGreaterThan(0);
    // Three vans of Full Detail: 3 × 240 minutes, longer than any day's hours.
    expect((await days('oversize,oversize,oversize')).json()).toEqual({ dates: [] });
  });

  it('lets a van with two add-ons block the later start it overlaps, where a sedan would not', async () => {
    const petHair = addOn(fullDetail, 'Pet hair removal');
    const ceramic = addOn(fullDetail, 'Ceramic spray sealant');
    const van = [{ sizeClass: 'oversize', addOnIds: [petHair, ceramic] }];
    // Three sedans at 9:00 (180 minutes, to 12:00) leave 12:30 free.
    for (let i = 0; i < 3; i++) expect((await book({ slotId: '2026-06-04T09:00' })).statusCode).toBe(201);
    expect(await startsOn(fullDetail.id, '2026-06-04')).toContain('12:30');
    // Three vans with pet hair and ceramic spray at 9:00 (240 + 30 + 20 = 290 minutes, to 13:50) fill 12:30 too.
    for (let i = 0; i < 3; i++) {
      const held = await book({ slotId: '2026-06-05T09:00', vehicles: van });
      expect(held.statusCode).toBe(201);
    }
    const left = await startsOn(fullDetail.id, '2026-06-05');
    expect(left).not.toContain('12:30');
    expect(left).not.toContain('13:30');
    expect(await startsOn(fullDetail.id, '2026-06-05', jobQueryOf([{ sizeClass: 'sedan', addOnIds: [] }]))).toEqual(left);
    // The fourth van is refused: the claim spans its whole length.
    expect((await book({ slotId: '2026-06-05T09:00', vehicles: van })).statusCode).toBe(409);
  });
});

describe('the offer path', () => {
  it('prices the offer’s SUV at the offer price on its line, from the hold to the receipt', async () => {
    const admin = (await t.createUser({ role: 'admin' })).cookie;
    const prices = { sedan: { regular: '119.00', offer: '79.00' }, suv: { regular: '149.00', offer: '99.00' }, oversize: { regular: '179.00', offer: '119.00' } };
    expect((await t.call('PUT', '/api/admin/offers/current', { cookie: admin, body: { title: 'Fall special', endsAt: '2026-06-15T23:59', prices, isLive: true } })).statusCode).toBe(200);
    const { cookie, suvId } = await customerWithSuv();
    const clayBar = addOn(washAndWax, 'Clay bar treatment');
    const response = await book({ serviceId: washAndWax.id, slotId: '2026-06-08T10:00', offerVehicle: 'suv', vehicles: [{ vehicleId: suvId, addOnIds: [clayBar] }] }, cookie);
    expect(response.statusCode).toBe(201);
    // 99.00 (the offer) + 60.00 (clay bar at SUV size) = 159.00; tax 15.90.
    const fee = Number(washAndWax.serviceFee);
    expect(response.json()).toMatchObject({ tax: '15.90', totalAmount: (159 + 15.9 + fee).toFixed(2) });
    const view = await ownBooking(cookie, response.json().id);
    expect(view.job.vehicles[0]!.lines.map((l) => [l.label, l.amount])).toEqual([
      ['Wash & Wax', '99.00'],
      ['Clay bar treatment', '60.00'],
    ]);
    expect(view.durationMinutes).toBe(135 + 45);
    await payWithTestCard(t, response.json(), { cookie });
    const receipt = await t.call('GET', `/api/bookings/${response.json().id}/receipt`, { cookie });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({ total: response.json().totalAmount, tax: '15.90' });

    // An offer for SUVs does not price a sedan: refused, not charged the regular price silently.
    const sedanOnly = await book({ serviceId: washAndWax.id, slotId: '2026-06-08T11:00', offerVehicle: 'suv', vehicles: [{ sizeClass: 'sedan' }] }, cookie);
    expect(sedanOnly.json()).toMatchObject({ code: 'OFFER_NOT_APPLICABLE' });
  });
});

describe('the business’s phone appointment', () => {
  it('is priced and timed from its vehicles by the same rule', async () => {
    const admin = (await t.createUser({ role: 'admin' })).cookie;
    const petHair = addOn(fullDetail, 'Pet hair removal');
    const response = await t.call('POST', '/api/admin/appointments', {
      cookie: admin,
      body: { customerName: 'Phoebe Phone', customerEmail: 'phoebe@example.com', serviceId: fullDetail.id, date: '2026-06-09', time: '09:00', vehicles: [{ sizeClass: 'suv', addOnIds: [petHair], description: 'Ford Explorer' }, { sizeClass: 'sedan' }] },
    });
    expect(response.statusCode).toBe(201);
    const view = response.json() as BookingView;
    expect(view.durationMinutes).toBe(210 + 30 + 180);
    expect(view.tax).toBe('48.80');
    expect(view.job.vehicles.map((v) => [v.label, v.sizeClass, v.amount])).toEqual([
      ['Ford Explorer', 'suv', '289.00'],
      [null, 'sedan', '199.00'],
    ]);
  });
});
