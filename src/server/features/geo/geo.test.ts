import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GooglePlacesProvider, placeFromGoogle } from '../../integrations/geo/google';
import { createTestApp, type TestApp } from '../../test/harness';
import { serviceNamed } from '../../test/checkout-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SERVICE_ZIP_CODES: '95110,95112,95008' }, now: Date.parse('2026-06-01T16:00:00Z') });
});
afterAll(() => t.close());

describe('GET /api/geo/suggest (built-in provider)', () => {
  it('refuses fewer than 3 characters', async () => {
    const response = await t.call('GET', '/api/geo/suggest?q=12');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Type at least 3 characters');
    expect((await t.call('GET', '/api/geo/suggest')).statusCode).toBe(400);
  });

  it('parses a typed address into street, city, state and ZIP and says whether it is served', async () => {
    const served = (await t.call('GET', `/api/geo/suggest?q=${encodeURIComponent('425 Park Ave, San Jose, CA 95110')}`)).json();
    expect(served).toEqual([
      expect.objectContaining({ source: 'typed', streetNumber: '425', streetName: 'Park Ave', street: '425 Park Ave', city: 'San Jose', state: 'CA', zipCode: '95110', country: 'US', formattedAddress: '425 Park Ave, San Jose, CA 95110', inServiceArea: true }),
    ]);
    const far = (await t.call('GET', `/api/geo/suggest?q=${encodeURIComponent('1 Market St, San Francisco, CA 94105')}`)).json();
    expect(far[0]).toMatchObject({ zipCode: '94105', inServiceArea: false });
    expect((await t.call('GET', '/api/geo/suggest?q=park')).json()).toEqual([]);
  });

  it('suggests a signed-in customer’s saved and recent addresses first, at most 5', async () => {
    const { user, cookie } = await t.createUser();
    for (let i = 1; i <= 6; i++) {
      await t.handle.executeSql(`insert into addresses (user_id, street, city, state, zip_code) values ($1, $2, 'San Jose', 'CA', '95112')`, [user.id, `${i}0 Park Ave`]);
    }
    const list = (await t.call('GET', '/api/geo/suggest?q=park%20ave', { cookie })).json();
    expect(list).toHaveLength(5);
    expect(list.every((s: { source: string; addressId: string | null }) => s.source === 'saved' && s.addressId)).toBe(true);
    // Another customer's addresses never appear.
    expect((await t.call('GET', '/api/geo/suggest?q=park%20ave')).json()).toEqual([]);
  });
});

describe('GET /api/geo/reverse', () => {
  it('refuses coordinates that are not numbers or out of range', async () => {
    expect((await t.call('GET', '/api/geo/reverse?lat=abc&lng=1')).json().message).toBe('lat must be a number');
    expect((await t.call('GET', '/api/geo/reverse?lat=91&lng=1')).json().message).toBe('lat must be between -90 and 90');
    expect((await t.call('GET', '/api/geo/reverse?lat=37&lng=-200')).statusCode).toBe(400);
  });

  it('finds the customer’s own nearby address, and says so clearly when it knows none', async () => {
    const { user, cookie } = await t.createUser();
    await t.handle.executeSql(`insert into addresses (user_id, street, city, state, zip_code, latitude, longitude) values ($1, '425 Park Ave', 'San Jose', 'CA', '95110', '37.3318', '-121.8963')`, [user.id]);
    const near = await t.call('GET', '/api/geo/reverse?lat=37.3319&lng=-121.8962', { cookie });
    expect(near.statusCode).toBe(200);
    expect(near.json()).toMatchObject({ street: '425 Park Ave', zipCode: '95110', source: 'saved', inServiceArea: true });
    // Farther than 250 m from any of the customer's own: the county's nearest city and ZIP instead.
    const far = await t.call('GET', '/api/geo/reverse?lat=37.3395&lng=-121.9010', { cookie });
    expect(far.statusCode).toBe(200);
    expect(far.json()).toMatchObject({ source: 'area', street: '', city: 'San Jose', zipCode: '95110', latitude: 37.3391, longitude: -121.9016 });
  });
});

describe('offline geocoder (the service county, no Google key)', () => {
  let county: TestApp;
  beforeAll(async () => {
    county = await createTestApp({ now: Date.parse('2026-06-01T16:00:00Z') });
  });
  afterAll(() => county.close());
  const suggest = async (q: string) => (await county.call('GET', `/api/geo/suggest?q=${encodeURIComponent(q)}`)).json();

  it("suggests the county's cities and ZIP codes for 'San Jose 951', with coordinates, homes before P.O. boxes", async () => {
    const list = await suggest('San Jose 951');
    expect(list).toHaveLength(5);
    expect(list.map((s: { zipCode: string }) => s.zipCode)).toEqual(['95110', '95111', '95112', '95113', '95116']);
    expect(list[0]).toMatchObject({ source: 'area', street: '', city: 'San Jose', state: 'CA', formattedAddress: 'San Jose, CA 95110', latitude: 37.3391, longitude: -121.9016, inServiceArea: true });
    // A partly typed city and a ZIP prefix alone work too.
    expect((await suggest('santa cl'))[0]).toMatchObject({ city: 'Santa Clara', zipCode: '95050' });
    expect((await suggest('9500')).map((s: { zipCode: string; city: string }) => `${s.zipCode} ${s.city}`)).toEqual(['95002 Alviso', '95008 Campbell', '95009 Campbell']);
  });

  it('keeps a typed street in front of the city: full addresses at the ZIP centroid', async () => {
    const list = await suggest('425 Park Ave, San Jose 9511');
    expect(list[0]).toMatchObject({ source: 'typed', streetNumber: '425', streetName: 'Park Ave', street: '425 Park Ave', formattedAddress: '425 Park Ave, San Jose, CA 95110', latitude: 37.3391 });
    expect(await suggest('425 Park Ave, San Jose, CA 95113')).toEqual([expect.objectContaining({ source: 'typed', zipCode: '95113', latitude: 37.3329, longitude: -121.8916, inServiceArea: true })]);
  });

  it('tells out-of-county input so: not served, no coordinates, and no made-up county matches', async () => {
    expect(await suggest('1 Market St, San Francisco, CA 94105')).toEqual([expect.objectContaining({ zipCode: '94105', latitude: null, inServiceArea: false })]);
    expect(await suggest('San Francisco 941')).toEqual([]);
    const booking = await county.call('POST', '/api/bookings', {
      body: { serviceId: (await serviceNamed(county, 'Wash & Wax')).id, serviceType: 'mobile', slotId: '2026-06-02T10:00', address: '1 Market St, San Francisco, CA 94105', guestEmail: 'far@example.com' },
    });
    expect(booking.json().code).toBe('OUTSIDE_SERVICE_AREA');
  });

  it('resolves a position to the nearest county city and ZIP, and refuses one outside the county', async () => {
    const near = await county.call('GET', '/api/geo/reverse?lat=37.2810&lng=-121.9530');
    expect(near.statusCode).toBe(200);
    expect(near.json()).toMatchObject({ source: 'area', city: 'Campbell', zipCode: '95008', street: '', inServiceArea: true });
    const sf = await county.call('GET', '/api/geo/reverse?lat=37.7749&lng=-122.4194');
    expect(sf.statusCode).toBe(422);
    expect(sf.json()).toEqual({
      code: 'LOCATION_OUTSIDE_AREA',
      message: 'Your location is outside Santa Clara County, where we work. Please type an address in Santa Clara County.',
      params: { county: 'Santa Clara County' },
    });
  });

  it('never answers a P.O. box ZIP where people live nearby: at 95052’s own centre the current location is a street ZIP', async () => {
    // 95052 is Santa Clara's P.O. boxes: no street there to add.
    const here = await county.call('GET', '/api/geo/reverse?lat=37.3522&lng=-121.9583');
    expect(here.statusCode).toBe(200);
    expect(here.json()).toMatchObject({ source: 'area', city: 'Santa Clara', zipCode: '95050', street: '', inServiceArea: true });
    // Suggestions list the ZIPs people live in before the P.O. box ones.
    const zips = (await suggest('Santa Clara 9505')).map((s: { zipCode: string }) => s.zipCode);
    expect(zips.slice(0, 3)).toEqual(['95050', '95051', '95054']);
    expect(zips.indexOf('95052')).toBeGreaterThanOrEqual(3);
  });

  it('gives every booked and saved address coordinates', async () => {
    const wash = await serviceNamed(county, 'Wash & Wax');
    const response = await county.call('POST', '/api/bookings', {
      body: { serviceId: wash.id, serviceType: 'mobile', slotId: '2026-06-02T11:00', address: '1 Main St, Campbell, CA 95008', guestEmail: 'coords@example.com' },
    });
    expect(response.statusCode).toBe(201);
    const row = (await county.handle.executeSql(`select latitude, longitude from bookings where id = $1`, [response.json().id])).rows[0];
    expect([Number(row!.latitude), Number(row!.longitude)]).toEqual([37.2803, -121.9539]);
    const { cookie, user } = await county.createUser();
    expect((await county.call('POST', '/api/addresses', { cookie, body: { street: '425 Park Ave', city: 'San Jose', state: 'CA', zipCode: '95110' } })).statusCode).toBe(201);
    const saved = (await county.handle.executeSql(`select latitude, longitude from addresses where user_id = $1`, [user.id])).rows[0];
    expect([Number(saved!.latitude), Number(saved!.longitude)]).toEqual([37.3391, -121.9016]);
  });
});

describe('SERVICE_ZIP_CODES', () => {
  it('refuses a mobile or pickup booking outside the service area before any payment', async () => {
    const wash = await serviceNamed(t, 'Wash & Wax');
    const response = await t.call('POST', '/api/bookings', {
      body: { serviceId: wash.id, serviceType: 'pickup', slotId: '2026-06-02T10:00', address: '1 Market St, San Francisco, CA 94105', guestEmail: 'far@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'OUTSIDE_SERVICE_AREA',
      message: "Sorry, we don't serve ZIP code 94105 yet. Please choose an address in our service area or call (408) 555-0142.",
      params: { zip: '94105', phone: '(408) 555-0142' },
    });
    const inside = await t.call('POST', '/api/bookings', {
      body: { serviceId: wash.id, serviceType: 'pickup', slotId: '2026-06-02T10:00', address: '1 Main St, Campbell, CA 95008', guestEmail: 'near@example.com' },
    });
    expect(inside.statusCode).toBe(201);
  });
});

describe('Google Places adapter', () => {
  const components = [
    { long_name: '425', short_name: '425', types: ['street_number'] },
    { long_name: 'Park Avenue', short_name: 'Park Ave', types: ['route'] },
    { long_name: 'San Jose', short_name: 'San Jose', types: ['locality', 'political'] },
    { long_name: 'California', short_name: 'CA', types: ['administrative_area_level_1', 'political'] },
    { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
    { long_name: '95110', short_name: '95110', types: ['postal_code'] },
  ];

  it('turns address components into a structured US address and skips anything partial or foreign', () => {
    expect(placeFromGoogle({ address_components: components, geometry: { location: { lat: 37.33, lng: -121.89 } } })).toEqual({
      streetNumber: '425',
      streetName: 'Park Ave',
      street: '425 Park Ave',
      city: 'San Jose',
      state: 'CA',
      zipCode: '95110',
      country: 'US',
      formattedAddress: '425 Park Ave, San Jose, CA 95110',
      latitude: 37.33,
      longitude: -121.89,
    });
    expect(placeFromGoogle({ address_components: components.filter((c) => !c.types.includes('street_number')) })).toBeUndefined();
    expect(placeFromGoogle({ address_components: components.map((c) => (c.types.includes('country') ? { ...c, short_name: 'CA' } : c)) })).toBeUndefined();
  });

  it('asks for US street addresses with the key on the server and fetches details for at most the limit', async () => {
    const calls: URL[] = [];
    const fake = (async (input: URL | RequestInfo) => {
      const url = new URL(String(input));
      calls.push(url);
      const body = url.pathname.endsWith('autocomplete/json')
        ? { status: 'OK', predictions: Array.from({ length: 7 }, (_, i) => ({ place_id: `p${i}` })) }
        : { status: 'OK', result: { address_components: components } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const places = await new GooglePlacesProvider('server-key', fake).suggest('425 park', 5);
    expect(places).toHaveLength(5);
    expect(calls[0]!.searchParams.get('types')).toBe('address');
    expect(calls[0]!.searchParams.get('components')).toBe('country:us');
    expect(calls.every((c) => c.searchParams.get('key') === 'server-key')).toBe(true);
    expect(calls).toHaveLength(6);
  });
});
