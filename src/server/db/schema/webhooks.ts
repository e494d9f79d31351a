import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WebhookEventType, WebhookMessageState } from '../../../shared/schemas/webhooks';
import { createdAt, id, updatedAt } from './columns';

/**
 * The owner's other tools, told what happens (decision 052). An endpoint is a URL, the event types it wants
 * and its signing secret (`whsec_…`, kept to sign; shown once when made). `failingSince` is the first
 * failure of the current run of failures: five days of them disable the endpoint.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: id(),
  url: text('url').notNull(),
  events: jsonb('events').$type<WebhookEventType[]>().notNull(),
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  disabledReason: text('disabled_reason'),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One message per endpoint, event type and source event, its body stored once as sent bytes, so every retry
 * sends the same id with the same body. `sourceId` is the booking event's id ('test:<uuid>' for a test).
 * State: pending (with `nextAttemptAt`), delivered, failed (the retry schedule ran out, or the endpoint went).
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    sourceId: text('source_id').notNull(),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    body: text('body').notNull(),
    state: text('state').$type<WebhookMessageState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_messages_once_uq').on(t.endpointId, t.sourceId, t.eventType),
    index('webhook_messages_due_idx').on(t.state, t.nextAttemptAt),
  ],
);

/** Every attempt, for the delivery log: the answer's status (null: none came), how long it took, what failed. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.createdAt)],
);
