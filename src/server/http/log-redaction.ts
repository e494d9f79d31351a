import type { FastifyRequest } from 'fastify';
import { prettyStream } from './pretty-log';

/**
 * What never reaches a log line: session cookies, authorisation headers, password hashes, tokens (reset,
 * verification, tracking, calendar feed) wherever they appear in a logged object, and `token=` values in
 * URLs (the live socket is opened as `/ws?token=…`, the calendar feed as `/api/calendar/<token>.ics`).
 */
export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  '*.passwordHash',
  '*.password',
  '*.token',
  '*.tokenHash',
  '*.trackingTokenHash',
  '*.resetTokenHash',
  '*.verificationTokenHash',
  '*.temporaryPassword',
  'err.params',
  'err.parameters',
];

/** A URL with the value of every token-like query parameter and calendar feed token replaced. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|access_token|key|secret)=)[^&#]*/gi, '$1[REDACTED]')
    .replace(/(\/api\/calendar\/)[^/?#]+(\.ics)/i, '$1[REDACTED]$2');
}

/**
 * Fastify's logger options: the level, the redaction above, and a request line without secrets. Every line
 * logged for a request carries its id (`reqId`, http/request-id.ts); `pretty` rewrites the lines for a terminal.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }, format: 'json' | 'pretty' = 'json') {
  const destination = format === 'pretty' ? prettyStream(stream) : stream;
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), hostname: request.hostname, remoteAddress: request.ip };
      },
    },
    ...(destination ? { stream: destination } : {}),
  };
}
