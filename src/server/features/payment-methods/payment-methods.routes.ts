import { z } from 'zod';
import { cardSetupResponse, confirmCardSetupRequest, confirmCardSetupResponse, savedPaymentMethod } from '../../../shared/schemas/account';
import { messageResponse } from '../../../shared/schemas/auth';
import { uuidParam } from '../../../shared/schemas/common';
import { currentUser, requireUser } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import * as cards from './payment-methods.service';

const tags = ['account'];
const byId = { guard: requireUser, notFound: { code: 'PAYMENT_METHOD_NOT_FOUND' as const, message: 'Payment method not found' } };

export const paymentMethodsRoutes = [
  defineRoute({ method: 'GET', url: '/api/payment-methods', guard: requireUser, schema: { tags, response: { 200: savedPaymentMethod.array() } } }, async (request, _reply, ctx) =>
    cards.listPaymentMethods(ctx, currentUser(request)),
  ),
  defineRoute(
    {
      method: 'PUT',
      url: '/api/payment-methods/:id/default',
      ...byId,
      schema: { tags, params: uuidParam, response: { 200: z.object({ message: z.string(), paymentMethod: savedPaymentMethod }) } },
    },
    async (request, _reply, ctx) => cards.makeDefaultPaymentMethod(ctx, currentUser(request), request.params.id),
  ),
  defineRoute({ method: 'DELETE', url: '/api/payment-methods/:id', ...byId, schema: { tags, params: uuidParam, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    cards.deletePaymentMethod(ctx, currentUser(request), request.params.id),
  ),
  defineRoute({ method: 'POST', url: '/api/payment-methods/setup', guard: requireUser, schema: { tags, response: { 201: cardSetupResponse } } }, async (request, reply, ctx) => {
    const setup = await cards.startCardSetup(ctx, currentUser(request));
    return reply.status(201).send(setup);
  }),
  defineRoute(
    { method: 'POST', url: '/api/payment-methods/setup/confirm', guard: requireUser, schema: { tags, body: confirmCardSetupRequest, response: { 200: confirmCardSetupResponse } } },
    async (request, _reply, ctx) => cards.confirmCardSetup(ctx, currentUser(request), request.body.setupIntentId),
  ),
] as const;
