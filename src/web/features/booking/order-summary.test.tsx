import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderSummary } from './components/order-summary';

/** Checkout's summary with a deposit (decision 057): what is paid today and what when the job is done. */

function render(node: ReactNode) {
  return renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

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
