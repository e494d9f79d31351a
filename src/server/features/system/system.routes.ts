import type { Config } from '../../config';
import { z } from 'zod';
import { defineRoute } from '../../http/contract';
import { latestOutbox } from '../../integrations/mail/mailer';
import { latestSms } from '../../integrations/sms/sms';

const outboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  category: z.string(),
  status: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
  links: z.array(z.string()),
  createdAt: z.string(),
});

export const publicConfig = z.object({
  businessName: z.string(),
  businessCity: z.string(),
  businessPhone: z.string(),
  businessEmail: z.string(),
  businessAddress: z.string(),
  adminEmail: z.string(),
  payments: z.object({ provider: z.enum(['stripe', 'test']), publishableKey: z.string().nullable() }),
  maps: z.enum(['google', 'osm']),
  /** Leaflet tile URL template (MAP_TILE_URL; OpenStreetMap's servers by default). */
  mapTileUrl: z.string(),
  isProduction: z.boolean(),
});

/** What GET /api/config answers; prerendered pages carry it too (src/server/http/prerendered.ts). */
export function publicConfigOf(config: Config): z.infer<typeof publicConfig> {
  return {
    businessName: config.business.name,
    businessCity: config.business.city,
    businessPhone: config.business.phone,
    businessEmail: config.business.email,
    businessAddress: config.business.address,
    adminEmail: config.adminEmail,
    payments: config.stripe.secretKey ? { provider: 'stripe' as const, publishableKey: config.stripe.publishableKey ?? null } : { provider: 'test' as const, publishableKey: null },
    maps: config.googleMapsApiKey ? ('google' as const) : ('osm' as const),
    mapTileUrl: config.mapTileUrl,
    isProduction: config.isProduction,
  };
}

/** Health, the public client configuration and (outside production) the development mail outbox. */
export const systemRoutes = [
  // Liveness: the process answers, whatever the database does (a supervisor restarts a process that stops
  // answering; restarting it because the database is away would not help). GET /api/ready says whether it
  // should take traffic (docs/decisions/040).
  defineRoute(
    { method: 'GET', url: '/api/health', schema: { tags: ['system'], summary: 'The process answers (liveness); see /api/ready', response: { 200: z.object({ ok: z.boolean(), db: z.string() }) } } },
    async (_request, _reply, ctx) => ({ ok: true, db: ctx.handle.kind }),
  ),

  defineRoute({ method: 'GET', url: '/api/config', schema: { tags: ['system'], response: { 200: publicConfig } } }, async (_request, _reply, ctx) => publicConfigOf(ctx.config)),

  defineRoute(
    { method: 'GET', url: '/api/dev/outbox', devOnly: true, schema: { tags: ['development'], response: { 200: z.array(outboxMessage) } } },
    async (_request, _reply, ctx) => latestOutbox(ctx.db, 50),
  ),

  defineRoute(
    {
      method: 'GET',
      url: '/dev/mail',
      devOnly: true,
      schema: { tags: ['development'], response: { 200: { description: 'The outbox as an HTML page', content: { 'text/html': { schema: z.string() } } } } },
    },
    async (_request, reply, ctx) => {
      const [messages, texts] = await Promise.all([latestOutbox(ctx.db, 50), latestSms(ctx.db, 50)]);
      const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
      const items = messages
        .map(
          (m) => `<article><header><strong>${escape(m.subject)}</strong><br><small>to ${escape(m.to)} · ${escape(m.createdAt)} · ${escape(m.category)}</small></header>
<pre>${escape(m.text)}</pre>${m.links.map((l) => `<a href="${escape(l)}">${escape(l)}</a>`).join('<br>')}
${m.attachments.map((a) => `<div>📎 ${escape(a.filename)}</div>`).join('')}</article>`,
        )
        .join('');
      // Texts are kept beside the mail when Twilio is not configured (decision 050).
      const smsItems = texts
        .map((m) => `<article><header><strong>📱 ${escape(m.to)}</strong><br><small>${escape(m.createdAt)} · ${escape(m.status)}${m.error ? ` · ${escape(m.error)}` : ''}</small></header><pre>${escape(m.body)}</pre></article>`)
        .join('');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mail outbox</title><style>body{font-family:system-ui;max-width:1100px;margin:auto;padding:12px}article{border:1px solid #ddd;border-radius:8px;padding:12px;margin:12px 0}pre{white-space:pre-wrap}</style><h1>Dev mail outbox</h1><p>The latest 50 messages stored instead of sent.</p><div style="display:flex;gap:16px;flex-wrap:wrap"><section style="flex:2 1 420px"><h2>E-mail</h2>${items || '<p>No mail yet.</p>'}</section><section style="flex:1 1 260px"><h2>SMS</h2>${smsItems || '<p>No texts yet.</p>'}</section></div>`,
        );
    },
  ),
] as const;

