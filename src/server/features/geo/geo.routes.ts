import type { FastifyInstance } from 'fastify';
import { geoReverseQuery, geoSuggestQuery } from '../../../shared/schemas/checkout';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { RateLimiter } from '../../http/rate-limit';
import { reverseGeocode, suggestAddresses } from './geo.service';

/** Address lookups for the booking start; server-side so a maps key never reaches the browser. */
export async function geoRoutes(app: FastifyInstance, ctx: AppContext) {
  // Each keystroke can cost a paid lookup: a generous cap per client keeps a script from running up the bill.
  const perIp = new RateLimiter(120, 60_000);

  app.get('/api/geo/suggest', async (request) => {
    const { q } = parse(geoSuggestQuery, request.query);
    perIp.hit([`suggest:${request.ip}`], 'Too many address searches. Please wait a moment.');
    return suggestAddresses(ctx, q, request.session?.user.id);
  });

  app.get('/api/geo/reverse', async (request) => {
    const { lat, lng } = parse(geoReverseQuery, request.query);
    perIp.hit([`reverse:${request.ip}`], 'Too many location lookups. Please wait a moment.');
    return reverseGeocode(ctx, lat, lng, request.session?.user.id);
  });
}
