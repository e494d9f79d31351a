import { addressSuggestion, geoReverseQuery, geoSuggestQuery } from '../../../shared/schemas/checkout';
import { defineRoute } from '../../http/contract';
import { rateLimit } from '../../http/rate-limit';
import { reverseGeocode, suggestAddresses } from './geo.service';

const tags = ['geo'];

// Each keystroke can cost a paid lookup: a generous cap per client keeps a script from running up the bill.
const perIp = rateLimit({ name: 'geo-per-ip', limit: 120, windowMs: 60_000 });

/** Address lookups for the booking start; server-side so a maps key never reaches the browser. */
export const geoRoutes = [
  defineRoute({ method: 'GET', url: '/api/geo/suggest', schema: { tags, querystring: geoSuggestQuery, response: { 200: addressSuggestion.array() } } }, async (request, _reply, ctx) => {
    await perIp.hit(ctx, [`suggest:${request.ip}`], 'Too many address searches. Please wait a moment.', 'ADDRESS_SEARCH_RATE_LIMITED');
    return suggestAddresses(ctx, request.query.q, request.session?.user.id);
  }),

  defineRoute({ method: 'GET', url: '/api/geo/reverse', schema: { tags, querystring: geoReverseQuery, response: { 200: addressSuggestion } } }, async (request, _reply, ctx) => {
    await perIp.hit(ctx, [`reverse:${request.ip}`], 'Too many location lookups. Please wait a moment.', 'LOCATION_LOOKUP_RATE_LIMITED');
    return reverseGeocode(ctx, request.query.lat, request.query.lng, request.session?.user.id);
  }),
] as const;
