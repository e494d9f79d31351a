import { describe, expect, it } from 'vitest';
import { attentionItems } from './pages/admin-dashboard-page';

describe('the dashboard’s needs-attention list', () => {
  it('links each flagged booking to itself and counts the ones it does not name', () => {
    const items = attentionItems({
      unassigned: 0,
      unpaid: 0,
      failedMessages: 0,
      concerns: 3,
      concernBookings: [{ id: '12345678-0000-4000-8000-000000000001', scheduledDate: '2026-03-02T17:00:00.000Z' }],
    });
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ to: '/admin/bookings', search: { search: '12345678-0000-4000-8000-000000000001' } });
    expect(items[0]!.text).toBe('Inspection concern flagged on #00000001 (Mon, Mar 2, 2026, 9:00 AM)');
    expect(items[1]).toMatchObject({ text: '2 more bookings with a flagged inspection concern', to: '/admin/bookings' });
  });

  it('says nothing of concerns when there are none', () => {
    expect(attentionItems({ unassigned: 1, unpaid: 0, failedMessages: 0, concerns: 0, concernBookings: [] })).toEqual([
      { text: '1 job of the next 7 days without a driver', to: '/admin/dispatch' },
    ]);
  });
});
