import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Lane } from '@shared/schemas/dispatch';
import { LaneColumn } from './components/dispatch-lanes';

const job = (id: string, time: string, drive: number | null) => ({
  id, time, scheduledDate: '2026-12-02T18:00:00.000Z', durationMinutes: 90, serviceName: 'Wash & Wax', customerName: 'Jane Doe', status: 'confirmed' as const,
  paymentStatus: 'paid' as const, serviceType: 'mobile' as const, address: '1 Test St, San Jose', assignedDriverId: drive === null ? null : 'd1', driveMinutesBefore: drive, weather: null,
});

const lane: Lane = {
  technicianId: 'd1', name: 'Diego Ramirez', worksJobs: true, hours: [{ start: '08:00', end: '17:00' }],
  start: { latitude: 37.36, longitude: -121.9 }, end: { latitude: 37.36, longitude: -121.9 },
  jobs: [job('00000000-0000-4000-8000-0000000000aa', '10:00', 23), job('00000000-0000-4000-8000-0000000000bb', '13:00', 17)],
  driveMinutesHome: 12, totalDriveMinutes: 52,
};

const render = (node: React.ReactNode) => renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

describe("the dispatch board's lanes", () => {
  it("shows a technician's lane with their hours, each job's block and the drive before it, and the day's total", () => {
    const html = render(<LaneColumn lane={lane} label={lane.name} subtitle="8:00 AM–5:00 PM" jobs={lane.jobs} onMove={() => {}} onDragStart={() => () => {}} dragOver={false} draggingId={undefined} />);
    expect(html).toContain('aria-label="Lane: Diego Ramirez"');
    expect(html).toContain('8:00 AM–5:00 PM');
    expect(html).toContain('52 min driving today');
    expect(html).toContain('🚗 23 min');
    expect(html).toContain('🚗 17 min');
    expect(html).toContain('🚗 12 min home');
    expect(html.indexOf('🚗 23 min')).toBeLessThan(html.indexOf('🚗 17 min'));
    expect(html).toContain('Wash &amp; Wax');
    expect(html).toContain('Jane Doe');
    expect(html).toContain('data-testid="lane-job-000000AA"');
    expect(html).toContain('aria-label="Move job #000000AA"');
    // Each block has a grip a finger drags by, the one part that does not pan; the lane names its technician for a drop.
    expect(html).toContain('data-drag-grip');
    expect(html).toMatch(/data-drag-grip[^>]*touch-none|touch-none[^>]*data-drag-grip/);
    expect(html).toContain('data-lane="d1"');
  });

  it('shows the unassigned jobs without a drive', () => {
    const waiting = job('00000000-0000-4000-8000-0000000000cc', '09:00', null);
    const html = render(<LaneColumn label="Unassigned" subtitle="1 job" jobs={[waiting]} onMove={() => {}} onDragStart={() => () => {}} dragOver={false} draggingId={undefined} />);
    expect(html).toContain('aria-label="Lane: Unassigned"');
    expect(html).toContain('data-testid="lane-unassigned"');
    expect(html).not.toContain('🚗');
    expect(html).toContain('data-lane=""');
  });
});
