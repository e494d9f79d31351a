import type { RegisteredWebhooksResponse, RegisterWebhooksResponse } from '../../../shared/schemas/store-mirror';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { WEBHOOK_TOPICS } from '../../integrations/shopify/store-client';

/** POST /api/admin/shopify/webhooks/register: every topic to this app's endpoint; answers the store's list. */
export async function registerStoreWebhooks(ctx: AppContext): Promise<RegisterWebhooksResponse> {
  const callbackUrl = `${ctx.config.publicUrl}/api/webhooks/shopify`;
  try {
    const registered = await ctx.store.registerWebhooks(callbackUrl, WEBHOOK_TOPICS);
    return { message: `${registered.length} webhooks registered`, callbackUrl, registered };
  } catch (error) {
    throw new AppError('STORE_UNAVAILABLE', error instanceof Error ? error.message : 'The store did not answer');
  }
}

/** GET /api/admin/shopify/webhooks/registered: the store's subscriptions, with the endpoint this app expects. */
export async function listRegisteredWebhooks(ctx: AppContext): Promise<RegisteredWebhooksResponse> {
  const callbackUrl = `${ctx.config.publicUrl}/api/webhooks/shopify`;
  try {
    return { callbackUrl, items: await ctx.store.listWebhooks() };
  } catch (error) {
    throw new AppError('STORE_UNAVAILABLE', error instanceof Error ? error.message : 'The store did not answer');
  }
}
