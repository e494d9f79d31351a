import type { FastifyInstance } from 'fastify';
import { confirmPaymentRequest, createPaymentIntentRequest, testCardConfirmRequest } from '../../../shared/schemas/checkout';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { confirmPayment, confirmTestCard, createPaymentIntent, handleStripeWebhook } from './payments.service';

export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/create-payment-intent', async (request) => {
    const input = parse(createPaymentIntentRequest, request.body);
    const header = request.headers['x-tracking-token'];
    const trackingToken = input.trackingToken ?? (Array.isArray(header) ? header[0] : header);
    return createPaymentIntent(ctx, { input, user: request.session?.user, trackingToken });
  });

  app.post('/api/confirm-payment', async (request, reply) => {
    const { status, body } = await confirmPayment(ctx, parse(confirmPaymentRequest, request.body));
    return reply.status(status).send(body);
  });

  app.post('/api/payments/test/confirm-card', async (request) => confirmTestCard(ctx, parse(testCardConfirmRequest, request.body)));

  // The webhook needs the exact bytes Stripe signed, so this scope keeps JSON bodies raw.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/webhooks/stripe', async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : '');
      const signature = request.headers['stripe-signature'];
      return handleStripeWebhook(ctx, body, Array.isArray(signature) ? signature[0] : signature);
    });
  });
}
