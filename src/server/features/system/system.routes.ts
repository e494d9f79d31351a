import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { latestOutbox } from '../../integrations/mail/mailer';

/** Health, the public client configuration and (outside production) the development mail outbox. */
export async function systemRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/health', async () => {
    await ctx.handle.executeSql('select 1');
    return { ok: true, db: ctx.handle.kind };
  });

  app.get('/api/config', async () => ({
    businessName: ctx.config.business.name,
    businessCity: ctx.config.business.city,
    businessPhone: ctx.config.business.phone,
    businessEmail: ctx.config.business.email,
    businessAddress: ctx.config.business.address,
    adminEmail: ctx.config.adminEmail,
    payments: ctx.config.stripe.secretKey ? { provider: 'stripe', publishableKey: ctx.config.stripe.publishableKey ?? null } : { provider: 'test', publishableKey: null },
    maps: ctx.config.googleMapsApiKey ? 'google' : 'osm',
    isProduction: ctx.config.isProduction,
  }));

  if (ctx.config.isProduction) return;

  app.get('/api/dev/outbox', async () => latestOutbox(ctx.db, 50));

  app.get('/dev/mail', async (_request, reply) => {
    const messages = await latestOutbox(ctx.db, 50);
    const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
    const items = messages
      .map(
        (m) => `<article><header><strong>${escape(m.subject)}</strong><br><small>to ${escape(m.to)} · ${escape(m.createdAt)} · ${escape(m.category)}</small></header>
<pre>${escape(m.text)}</pre>${m.links.map((l) => `<a href="${escape(l)}">${escape(l)}</a>`).join('<br>')}
${m.attachments.map((a) => `<div>📎 ${escape(a.filename)}</div>`).join('')}</article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mail outbox</title><style>body{font-family:system-ui;max-width:760px;margin:auto;padding:12px}article{border:1px solid #ddd;border-radius:8px;padding:12px;margin:12px 0}pre{white-space:pre-wrap}</style><h1>Dev mail outbox</h1><p>The latest 50 messages stored instead of sent.</p>${items || '<p>No mail yet.</p>'}`,
      );
  });
}
