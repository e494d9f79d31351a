import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { SlotCandidate } from '@shared/slots';
import { apiCall, type ApiResponse } from './api';

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
