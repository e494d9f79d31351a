import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PlanView } from '@shared/schemas/memberships';
import { membershipKeys } from './api';
import { MembershipPlans } from './components/membership-plans';

const plan: PlanView = {
  id: 'p1',
  name: 'Monthly Wash Club',
  pricePerMonth: '39.00',
  grants: [
    { serviceId: 's1', serviceName: 'Express Exterior Wash', count: 2 },
    { serviceId: 's2', serviceName: 'Interior Refresh', count: 1 },
  ],
  standing: null,
  isActive: true,
};

function render(plans: PlanView[]) {
  const client = new QueryClient();
  client.setQueryData(membershipKeys.plans, plans);
  const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory() });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <RouterContextProvider router={router}>
        <MembershipPlans />
      </RouterContextProvider>
    </QueryClientProvider>,
  );
}

describe('the Memberships section of /packages', () => {
  it('lists each plan with its monthly price, what every month grants and Subscribe', () => {
    const html = render([plan]);
    expect(html).toContain('Memberships');
    expect(html).toContain('Monthly Wash Club');
    expect(html).toContain('$39.00 / month');
    expect(html).toContain('2 x Express Exterior Wash');
    expect(html).toContain('1 x Interior Refresh');
    expect(html).toMatch(/<button[^>]*>Subscribe<\/button>/);
  });

  it('leaves the section out when no plan is on sale', () => {
    expect(render([])).toBe('');
  });
});
