import { describe, expect, it } from 'vitest';
import { prettyLine } from './pretty-log';

describe('LOG_FORMAT=pretty', () => {
  it('prints a log line as time, level, request id, message and the other fields', () => {
    const line = JSON.stringify({ level: 50, time: Date.parse('2026-11-27T10:30:05Z'), pid: 1, hostname: 'h', reqId: 'abc-123', msg: 'unhandled error', err: { code: '42P01' } });
    expect(prettyLine(line)).toBe('10:30:05 ERROR [abc-123] unhandled error err={"code":"42P01"}\n');
    expect(prettyLine(JSON.stringify({ level: 30, time: 0, msg: 'Server listening' }))).toBe('00:00:00 INFO  Server listening\n');
  });

  it('passes a line that is not JSON through as it is', () => {
    expect(prettyLine('plain text')).toBe('plain text\n');
  });
});
