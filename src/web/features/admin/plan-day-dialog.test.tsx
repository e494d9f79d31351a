import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DayPlan } from '@shared/schemas/dispatch';
import { PlanSummary } from './components/plan-day-dialog';

const plan: DayPlan = {
  technicianId: 't1',
  date: '2026-12-03',
  beforeMinutes: 94,
  afterMinutes: 61,
  moves: [
    { bookingId: 'b1', number: 'A1B2C3D4', service: 'Full Detail', customer: 'Ada East', from: '10:00', to: '11:30' },
    { bookingId: 'b2', number: 'E5F6A7B8', service: 'Wash & Wax', customer: 'Ben Near', from: '11:00', to: '10:00' },
  ],
  planToken: 'f'.repeat(64),
};

/** The words a reader sees: the arrow icon read as "→", tags dropped, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<svg[^]*?<\/svg>/g, ' → ')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the Plan day dialog', () => {
  it('shows the drive before → after and each move: number, service, customer, old → new time', () => {
    const html = text(renderToStaticMarkup(<PlanSummary plan={plan} day="today" />));
    expect(html).toContain('Drive today: 94 min → 61 min');
    expect(html).toContain('#A1B2C3D4Full Detail · Ada East10:00 AM → 11:30 AM');
    expect(html).toContain('#E5F6A7B8Wash & Wax · Ben Near11:00 AM → 10:00 AM');
    expect(html).toContain('Each customer whose time changes is e-mailed the new time.');
  });

  it('says when the day is already the shortest drive', () => {
    const html = text(renderToStaticMarkup(<PlanSummary plan={{ ...plan, afterMinutes: 94, moves: [] }} day="tomorrow" />));
    expect(html).toContain('Drive tomorrow: 94 min → 94 min');
    expect(html).toContain('This day is already the shortest drive.');
    expect(html).not.toContain('e-mailed');
  });
});
