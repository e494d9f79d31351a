import { describe, expect, it } from 'vitest';
import { isDatabaseConnectionError } from './connection-errors';

describe('isDatabaseConnectionError', () => {
  it('names the errors of a connection that PostgreSQL ended or refused, also under drizzle’s wrapper', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isDatabaseConnectionError(terminated)).toBe(true);
    expect(isDatabaseConnectionError(Object.assign(new Error('Failed query: begin'), { cause: terminated }))).toBe(true);
    expect(isDatabaseConnectionError(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseConnectionError(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
    expect(isDatabaseConnectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves a statement’s own faults alone (they stay 4xx or 500)', () => {
    expect(isDatabaseConnectionError(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseConnectionError(Object.assign(new Error('Failed query: select'), { cause: Object.assign(new Error('syntax error'), { code: '42601' }) }))).toBe(false);
    expect(isDatabaseConnectionError(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseConnectionError(undefined)).toBe(false);
  });
});
