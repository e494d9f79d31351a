import { customType, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** Every e-mail the app sends, kept as a record; without SMTP this is where mail is read (/dev/mail). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    /** transactional mail always goes; notification mail respects the customer's settings */
    category: text('category').$type<'transactional' | 'notification'>().notNull().default('transactional'),
    /** stored (outbox only), queued, sent, failed */
    status: text('status').notNull().default('stored'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Images uploaded by staff (service pictures), served from /api/uploads/:id. */
export const uploads = pgTable('uploads', {
  id: id(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});
