import { offerView, updateOfferRequest } from '../../../shared/schemas/offers';
import { requireAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import * as offers from './offers.service';

const tags = ['offers'];

export const offersRoutes = [
  defineRoute({ method: 'GET', url: '/api/offers/current', schema: { tags, response: { 200: offerView } } }, async (_request, reply, ctx) => {
    reply.header('cache-control', 'no-store');
    return offers.currentOffer(ctx);
  }),

  defineRoute({ method: 'PUT', url: '/api/admin/offers/current', guard: requireAdmin, schema: { tags, body: updateOfferRequest, response: { 200: offerView } } }, async (request, _reply, ctx) =>
    offers.updateCurrentOffer(ctx, request.body),
  ),
] as const;
