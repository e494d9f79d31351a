import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MembershipView } from '@shared/schemas/memberships';
import { membershipsKey } from './api';
import { MembershipCards } from './components/membership-card';

const base: MembershipView = {
  id: 'm1',
  planId: 'p1',
  planName: 'Monthly Wash Club',
  pricePerMonth: '39.00',
  status: 'active',
  currentPeriodStart: '2026-11-26T17:00:00.000Z',
  currentPeriodEnd: '2026-12-26T17:00:00.000Z',
  nextRenewalAt: '2026-12-26T17:00:00.000Z',
  cancelAtPeriodEnd: false,
  creditsLeft: 2,
  unpaidPeriodId: null,
  standingOffer: null,
  standing: null,
};

function render(memberships: MembershipView[]) {
  const client = new QueryClient();
  client.setQueryData(membershipsKey, memberships);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MembershipCards />
    </QueryClientProvider>,
  );
}

const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

describe('the account membership card', () => {
  it('shows an active membership: plan, price, month, renewal, credits, Pause and Cancel', () => {
    const html = render([base]);
    expect(html).toContain('Monthly Wash Club');
    expect(html).toContain('>Active<');
    expect(html).toContain('$39.00 / month');
    expect(html).toContain('Current month: Nov 26, 2026 – Dec 26, 2026');
    expect(html).toContain('Renews on Dec 26, 2026');
    expect(html).toContain('2 credits left');
    expect(buttons(html)).toEqual(['Pause', 'Cancel']);
  });

  it('asks for payment on a past-due one and says when a cancelled one ends', () => {
    const due = render([{ ...base, status: 'past_due', unpaidPeriodId: 'period-1' }]);
    expect(due).toContain('>Payment due<');
    expect(buttons(due)).toEqual(['Pay now', 'Cancel']);
    const ending = render([{ ...base, cancelAtPeriodEnd: true, nextRenewalAt: null }]);
    expect(ending).toContain('Cancelled — ends on Dec 26, 2026');
    expect(ending).not.toContain('Renews on');
    expect(buttons(ending)).toEqual([]);
  });

  it('offers the plan’s standing appointment, then shows the member’s with its outcomes, Change and Stop', () => {
    const standingOffer = { everyWeeks: 2, services: [{ serviceId: 's1', serviceName: 'Express Exterior Wash' }] };
    const offered = render([{ ...base, standingOffer }]);
    expect(offered).toContain('Your plan can book a visit for you every 2 weeks, on the same day and time.');
    expect(buttons(offered)).toEqual(['Set a standing appointment', 'Pause', 'Cancel']);
    const standing = { weekday: 2, time: '10:00', serviceId: 's1', addressId: 'a1', everyWeeks: 2, serviceName: 'Express Exterior Wash', address: '425 Park Ave, San Jose, CA 95110', nextDate: '2026-12-08', recent: [{ date: '2026-11-24', outcome: 'full' as const, bookingId: null }] };
    const set = render([{ ...base, standingOffer, standing }]);
    expect(set).toContain('Every 2 weeks on Tuesday at 10:00 AM');
    expect(set).toContain('Express Exterior Wash at 425 Park Ave, San Jose, CA 95110');
    expect(set).toContain('Next: Tue, Dec 8');
    expect(set).toContain('Tue, Nov 24: not booked, the time was taken');
    expect(buttons(set)).toEqual(['Change', 'Stop', 'Pause', 'Cancel']);
    expect(render([base])).not.toContain('Standing appointment');
  });

  it('shows nothing without a membership', () => {
    expect(render([])).toBe('');
  });
});
