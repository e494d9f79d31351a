import { request as requestContext } from '@playwright/test';
import { ADMIN, pacificDay } from './helpers';

/** How many technicians the run adds beside the demo's three. */
const SPARE_TECHNICIANS = 6;
/** The places at a time the next days open with (the demo's weekly hours have 3; the most a window takes is 10). */
const RUN_CAPACITY = 10;

/**
 * The demo has three technicians with their own weeks (decision 051): a mobile start is offered only where one of
 * them can get there (decision 055), and the whole suite books "tomorrow", whatever weekday that is. Spare
 * technicians from the business, working whatever hours the business opens (any day a spec opens, Sundays too),
 * give the run the room it needs every day of the week; the specs about placement name Diego, Priya or Marcus.
 * The next three days (the suite may cross midnight) open 9–5 with room for ten at a time, Sundays included:
 * the specs about capacity book weeks ahead, on days of their own. Done once on each worker's new server.
 */
export async function openTheRunsDays(baseURL: string): Promise<void> {
  const api = await requestContext.newContext({ baseURL });
  try {
    const signedIn = await api.post('/api/auth/login', { data: ADMIN });
    if (!signedIn.ok()) throw new Error(`The admin cannot sign in: ${await signedIn.text()}`);
    for (let n = 1; n <= SPARE_TECHNICIANS; n += 1) {
      const made = await api.post('/api/admin/staff', { data: { fullName: `Spare Tech ${n}`, email: `spare-${n}@glint.local` } });
      if (made.status() !== 201) throw new Error(`Spare technician ${n} was not created: ${await made.text()}`);
      const { id } = (await made.json()) as { id: string };
      const hours = await api.put(`/api/admin/technicians/${id}`, { data: { worksJobs: true, start: null, end: null, limitedServices: false, serviceIds: [], hours: [] } });
      if (!hours.ok()) throw new Error(`Spare technician ${n} has no hours: ${await hours.text()}`);
    }
    for (const days of [1, 2, 3]) {
      const opened = await api.post('/api/admin/business-availability', { data: { date: pacificDay(days), startTime: '09:00', endTime: '17:00', maxCapacity: RUN_CAPACITY } });
      if (opened.status() !== 201) throw new Error(`Day +${days} was not opened: ${await opened.text()}`);
    }
  } finally {
    await api.dispose();
  }
}
