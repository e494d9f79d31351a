import type { FastifyInstance } from 'fastify';

/** For a signed webhook: the route's scope keeps JSON bodies as the exact bytes that were signed. */
export async function rawJsonBodies(scope: FastifyInstance) {
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}
