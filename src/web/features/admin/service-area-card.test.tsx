import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ServiceAreaCard } from './components/service-area-card';
import { businessSettingsQuery } from './messages-api';

describe('the service area card', () => {
  it('shows the free drive and each band with its fee in dollars', () => {
    const client = new QueryClient();
    client.setQueryData(businessSettingsQuery.queryKey, { reminders: { firstHoursBefore: 24, secondHoursBefore: 2 }, cancellation: { freeCancelHours: 24, lateCancelFee: { kind: 'none', value: 0 }, noShowFee: { kind: 'none', value: 0 } }, travel: { freeMinutes: 25, bands: [{ upToMinutes: 40, feeCents: 12_50 }, { upToMinutes: 70, feeCents: 30_00 }] } });
    const html = renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <ServiceAreaCard />
      </QueryClientProvider>,
    );
    expect(html).toContain('Service area');
    expect(html).toContain('value="25"');
    expect(html).toContain('Band 1: up to (minutes)');
    expect(html).toContain('value="40"');
    expect(html).toContain('value="12.50"');
    expect(html).toContain('value="70"');
    expect(html).toContain('value="30.00"');
  });
});
