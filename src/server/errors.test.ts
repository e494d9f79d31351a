import { describe, expect, it } from 'vitest';
import { describeError } from './errors';

describe('describeError', () => {
  it('names the driver’s code and first line under drizzle’s "Failed query", never the statement’s values', () => {
    const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1 from t where email = $1\nparams: someone@example.com'), { cause });
    const deadlock = Object.assign(new Error('deadlock detected\nDETAIL: Process 1 waits for ShareLock'), { code: '40P01' });
    expect(describeError(wrapped(deadlock))).toBe('40P01 deadlock detected');
    // pg-pool's wait for a connection gives up without a code: its own words.
    expect(describeError(wrapped(new Error('timeout exceeded when trying to connect')))).toBe('timeout exceeded when trying to connect');
    expect(describeError(wrapped(new Error('x')))).not.toContain('someone@example.com');
    expect(describeError(new Error('the subscriber is down'))).toBe('the subscriber is down');
    expect(describeError('plain')).toBe('plain');
  });
});
