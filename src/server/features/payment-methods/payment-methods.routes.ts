import type { FastifyInstance } from 'fastify';
import { uuidParam } from '../../../shared/schemas/common';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { currentUser, requireUser } from '../../http/auth-hooks';
import * as cards from './payment-methods.service';

function cardId(params: unknown): string {
  const result = uuidParam.safeParse(params);
  if (!result.success) throw new AppError('NOT_FOUND', 'Payment method not found');
  return result.data.id;
}

export async function paymentMethodsRoutes(app: FastifyInstance, ctx: AppContext) {
  const signedIn = { preHandler: requireUser };
  app.get('/api/payment-methods', signedIn, async (request) => cards.listPaymentMethods(ctx, currentUser(request)));
  app.put('/api/payment-methods/:id/default', signedIn, async (request) => cards.makeDefaultPaymentMethod(ctx, currentUser(request), cardId(request.params)));
  app.delete('/api/payment-methods/:id', signedIn, async (request) => cards.deletePaymentMethod(ctx, currentUser(request), cardId(request.params)));
}
