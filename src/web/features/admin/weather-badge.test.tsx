import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WeatherBadge } from './components/weather-badge';

describe('the dispatch job’s rain flag', () => {
  it('shows the chance of rain for an open or kept offer, and nothing without one', () => {
    const open = renderToStaticMarkup(<WeatherBadge weather={{ precipitationPercent: 70, state: 'offered' }} />);
    expect(open).toContain('Rain likely 70 %');
    expect(open).toContain('offered to move, no answer yet');
    expect(open).toContain('<svg');
    expect(renderToStaticMarkup(<WeatherBadge weather={{ precipitationPercent: 65, state: 'kept' }} />)).toContain('the customer kept the time');
    expect(renderToStaticMarkup(<WeatherBadge weather={null} />)).toBe('');
  });
});
