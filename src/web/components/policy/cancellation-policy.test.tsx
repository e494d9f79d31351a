import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_SETTINGS } from '@shared/schemas/business-settings';
import { OrderSummary } from '@web/features/booking/components/order-summary';
import { PolicyText } from './cancellation-policy';

/** The cancellation policy in words, from the settings (decision 057), and checkout's deposit lines. */

function render(node: ReactNode, policy: object = DEFAULT_BUSINESS_SETTINGS.cancellation) {
  const client = new QueryClient();
  client.setQueryData(['policy'], policy);
  return renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the cancellation policy text', () => {
  it('says the default policy as the brief words it', () => {
    expect(render(<PolicyText />)).toContain('Free cancellation until 24 hours before. Later cancellations cost $25.00; a no-show costs 50% of the price.');
  });

  it('follows the settings: hours, a percentage late fee and no no-show fee', () => {
    const text = render(<PolicyText />, { freeCancelHours: 48, lateCancelFee: { kind: 'percent', value: 10 }, noShowFee: { kind: 'none', value: 0 } });
    expect(text).toContain('Free cancellation until 48 hours before. Later cancellations cost 10% of the price; a no-show costs nothing.');
  });
});

describe('the order summary', () => {
  const amounts = { price: '180.00', serviceFee: '5.00', tax: '15.00', total: '200.00' };
  it('shows the deposit paid today and the balance when the job is done', () => {
    const text = render(<OrderSummary amounts={amounts} deposit="40.00" />);
    expect(text).toContain('Deposit today $40.00');
    expect(text).toContain('Balance when the job is done $160.00');
  });

  it('shows no deposit lines when the booking is paid in full', () => {
    expect(render(<OrderSummary amounts={amounts} />)).not.toContain('Deposit today');
  });
});
