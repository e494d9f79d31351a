import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DriverRouteResponse } from '@shared/schemas/technicians';
import { todaysRouteQuery } from './api';
import { RouteCard } from './components/route-card';

function render(route: DriverRouteResponse) {
  const client = new QueryClient();
  client.setQueryData(todaysRouteQuery.queryKey, route);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <RouteCard />
    </QueryClientProvider>,
  );
}

describe("today's route card", () => {
  it('lists the stops in order with the drive to each and a Navigate link to the maps app', () => {
    const html = render({
      date: '2031-03-04',
      totalDriveMinutes: 30,
      stops: [
        { bookingId: 'b1', number: 'A1', start: '10:00', service: 'Full Detail', address: '425 Park Ave, San Jose, CA 95110', latitude: 37.33, longitude: -121.89, driveMinutes: 12 },
        { bookingId: 'b2', number: 'A2', start: '13:00', service: 'Wash', address: '1 W Campbell Ave, Campbell, CA 95008', latitude: 37.28, longitude: -121.95, driveMinutes: 18 },
      ],
    });
    expect(html).toContain("Today&#x27;s route");
    const first = html.indexOf('1 · 10:00 · 12 min drive · 425 Park Ave, San Jose, CA 95110');
    const second = html.indexOf('2 · 13:00 · 18 min drive · 1 W Campbell Ave, Campbell, CA 95008');
    expect(first).toBeGreaterThan(-1);
    expect(second).toBeGreaterThan(first);
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=425%20Park%20Ave%2C%20San%20Jose%2C%20CA%2095110"');
    expect(html.match(/ Navigate<\/a>/g)).toHaveLength(2);
    expect(html).toContain('30 min of driving in all');
  });

  it('says so when the day has no jobs', () => {
    expect(render({ date: '2031-03-04', totalDriveMinutes: 0, stops: [] })).toContain('No jobs on your route today.');
  });
});
