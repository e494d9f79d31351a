import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a proxy may pass its own request id in, and that every answer carries back. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may look like: short and plain, so a client cannot smuggle log lines or markup in. */
const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The id of a request: the proxy's X-Request-Id when it is a plain token (Caddy, nginx and load balancers
 * set one, so their logs and ours meet), else a fresh UUID. Fastify puts it on every log line of the request
 * (`reqId`); the answer carries it back in the header, and a 5xx body as `requestId`.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
