// A setup file of the PostgreSQL suites (vitest.pg.config.ts): every test fails that sent a query on a
// node-postgres client while another was under way on it. A transaction is one client, so reads run "side by
// side" inside one queue behind each other; node-postgres deprecates that and pg 9 refuses it (db/side-by-side.ts).
// The queries under way are counted here (the client's own queue is deprecated too).
import pg from 'pg';
import { afterEach, expect } from 'vitest';

const overlapping: string[] = [];
const underWay = new WeakMap<object, number>();
const send = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

(pg.Client.prototype as { query: unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  if (underWay.get(this)) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    overlapping.push(text.replace(/\s+/g, ' ').trim().slice(0, 120));
  }
  const result = send.apply(this, args);
  // The promise form (what the app and Drizzle use); a callback or a submittable is not counted.
  if (result instanceof Promise) {
    underWay.set(this, (underWay.get(this) ?? 0) + 1);
    const settled = () => underWay.set(this, underWay.get(this)! - 1);
    result.then(settled, settled);
  }
  return result;
};

afterEach(() => {
  const sent = overlapping.splice(0);
  expect(sent, 'queries sent on a client while another was under way on it').toEqual([]);
});
