import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { SlotCandidate } from '@shared/slots';
import { ApiError, apiCall, api, errorMessage, type ApiResponse } from './api';

/** The typed client: URLs built from the declared path, and (checked by `tsc`) keys, params, query, body and result typed from the server's declarations. */
const calls: Array<{ url: string; init: RequestInit }> = [];
afterEach(() => {
  calls.length = 0;
  vi.unstubAllGlobals();
});
function answer(body: unknown) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status: 200 });
  });
}

describe('apiCall', () => {
  it('fills path params and the query string from the declaration key', async () => {
    answer([]);
    const slots = await apiCall('GET /api/services/:id/available-slots', { params: { id: 'a b' }, query: { date: '2026-03-02' } });
    expect(calls[0]!.url).toBe('/api/services/a%20b/available-slots?date=2026-03-02');
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.body).toBeUndefined();
    expectTypeOf(slots).toEqualTypeOf<ApiResponse<'GET /api/services/:id/available-slots'>>();
    expectTypeOf(slots[0]!).toMatchTypeOf<SlotCandidate>();
  });

  it('leaves out empty query values and sends JSON bodies and headers', async () => {
    answer({});
    await apiCall('GET /api/admin/customers', { query: { search: '', page: 2, pageSize: 20 } });
    expect(calls[0]!.url).toBe('/api/admin/customers?page=2&pageSize=20');
    await apiCall('POST /api/bookings/:id/reschedule', { params: { id: 'b1' }, body: { slotId: '2026-03-02T09:00' }, headers: { 'x-test': '1' } });
    expect(calls[1]!.url).toBe('/api/bookings/b1/reschedule');
    expect(calls[1]!.init.body).toBe(JSON.stringify({ slotId: '2026-03-02T09:00' }));
    expect(calls[1]!.init.headers).toMatchObject({ 'content-type': 'application/json', 'x-test': '1' });
    await apiCall('POST /api/notifications/read');
    expect(calls[2]!.init.body).toBe('{}');
  });

  it('refuses, at compile time, an unknown route, a missing param, a wrong query or body', () => {
    // Only the type checker runs these; the functions are never called.
    const unchecked = () => {
      // @ts-expect-error: no such route
      void apiCall('GET /api/nope');
      // @ts-expect-error: :id is required
      void apiCall('GET /api/services/:id');
      // @ts-expect-error: date is required
      void apiCall('GET /api/services/:id/available-slots', { params: { id: 'x' } });
      // @ts-expect-error: the route takes no body
      void apiCall('GET /api/services', { body: { x: 1 } });
      // @ts-expect-error: status must be a booking status
      void apiCall('PATCH /api/bookings/:id/status', { params: { id: 'x' }, body: { status: 'flying' } });
    };
    expect(typeof unchecked).toBe('function');
    expectTypeOf<ApiResponse<'GET /api/auth/me'>>().toHaveProperty('email');
    expectTypeOf<ApiResponse<'GET /api/auth/me'>>().not.toHaveProperty('passwordHash');
  });
});

describe('errorMessage', () => {
  function fail(status: number, body: unknown, headers: Record<string, string> = {}) {
    vi.stubGlobal('fetch', async () => new Response(body === undefined ? '' : JSON.stringify(body), { status, headers }));
  }
  async function thrown(): Promise<unknown> {
    return api.post('/api/bookings', {}).then(
      () => undefined,
      (error: unknown) => error,
    );
  }

  it('adds the request id of a 5xx answer as a reference the customer can quote', async () => {
    fail(500, { code: 'INTERNAL', message: 'Something went wrong. Please try again.', requestId: '8dae0f2c-c72f-4422-be2e-9417d266b1a1' }, { 'x-request-id': '8dae0f2c-c72f-4422-be2e-9417d266b1a1' });
    const error = await thrown();
    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error, 'Could not book')).toBe('Something went wrong. Please try again. Reference: 8dae0f2c-c72f-4422-be2e-9417d266b1a1');
  });

  it("takes the header's id when a 5xx has no body of ours (a proxy's 502)", async () => {
    fail(502, undefined, { 'x-request-id': 'caddy-7f3a9c01' });
    expect(errorMessage(await thrown(), 'Could not book')).toBe('Could not book Reference: caddy-7f3a9c01');
  });

  it("leaves a 4xx refusal's words alone: the visitor's own mistake needs no reference", async () => {
    fail(409, { code: 'SLOT_FULL', message: 'That time was just taken.' }, { 'x-request-id': 'req-12345678' });
    expect(errorMessage(await thrown(), 'Could not book')).toBe('That time was just taken.');
  });
});
