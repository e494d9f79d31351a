import { z } from 'zod';
import { pageQuery, uuidParam } from '../../../shared/schemas/common';
import { promoCodePage, promoCodeRequest, promoCodeUpdate, promoCodeView } from '../../../shared/schemas/promos';
import { requireAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import { createPromoCode, deletePromoCode, listPromoCodes, updatePromoCode } from './promos.service';

const tags = ['promo-codes'];
const guard = requireAdmin;
const notFound = { code: 'PROMO_CODE_NOT_FOUND' as const, message: 'Promo code not found' };

export const promosRoutes = [
  defineRoute({ method: 'GET', url: '/api/admin/promo-codes', guard, schema: { tags, querystring: pageQuery, response: { 200: promoCodePage } } }, async (request, _reply, ctx) =>
    listPromoCodes(ctx, request.query),
  ),
  defineRoute({ method: 'POST', url: '/api/admin/promo-codes', guard, schema: { tags, body: promoCodeRequest, response: { 201: promoCodeView } } }, async (request, reply, ctx) =>
    reply.status(201).send(await createPromoCode(ctx, request.body)),
  ),
  defineRoute(
    { method: 'PATCH', url: '/api/admin/promo-codes/:id', guard, notFound, schema: { tags, params: uuidParam, body: promoCodeUpdate, response: { 200: promoCodeView } } },
    async (request, _reply, ctx) => updatePromoCode(ctx, request.params.id, request.body),
  ),
  defineRoute(
    { method: 'DELETE', url: '/api/admin/promo-codes/:id', guard, notFound, schema: { tags, params: uuidParam, response: { 204: z.undefined() } } },
    async (request, reply, ctx) => {
      await deletePromoCode(ctx, request.params.id);
      return reply.status(204).send();
    },
  ),
] as const;
