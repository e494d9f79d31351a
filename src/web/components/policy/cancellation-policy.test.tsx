import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PolicyText } from './cancellation-policy';

/** The cancellation policy in words, from the settings (decision 057). */

// The settings' defaults (shared/schemas/business-settings.ts; the web imports no schema values).
const DEFAULTS = { freeCancelHours: 24, lateCancelFee: { kind: 'fixed', value: 25_00 }, noShowFee: { kind: 'percent', value: 50 } };

function render(node: ReactNode, policy: object = DEFAULTS) {
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
