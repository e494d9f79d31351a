import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors';
import { requireAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import { isLoopback } from '../../http/loopback';
import type { AppContext } from '../../context';
import { backupStatus, createBackup } from './backup';
import { registerBusinessGauges } from './metrics-gauges';
import { checkReadiness } from './readiness';

const checkState = z.enum(['ok', 'failing', 'off', 'unknown']);
const readiness = z.object({
  ready: z.boolean(),
  reason: z.string().optional(),
  checks: z.object({ database: checkState, migrations: checkState, jobs: checkState }),
});

export const backupStatusSchema = z.object({
  configured: z.boolean(),
  latest: z.object({ name: z.string(), bytes: z.number(), createdAt: z.string() }).nullable(),
  stale: z.boolean(),
  staleAfterHours: z.number(),
});

const backupMade = z.object({ name: z.string(), bytes: z.number(), createdAt: z.string() });

/**
 * /metrics is for this machine (the socket's peer, never X-Forwarded-For: decision 030) or whoever holds
 * METRICS_TOKEN as a bearer token. The token is compared in constant time (through SHA-256, so lengths match).
 */
function mayReadMetrics(request: FastifyRequest, ctx: AppContext): boolean {
  if (isLoopback(request.socket.remoteAddress)) return true;
  const token = ctx.config.metricsToken;
  const header = request.headers.authorization;
  if (!token || !header?.startsWith('Bearer ')) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), digest(token));
}

/** Readiness, metrics and backups (docs/decisions/040). */
export const operationsRoutes = [
  defineRoute(
    {
      method: 'GET',
      url: '/api/ready',
      schema: {
        tags: ['system'],
        summary: 'May this instance take traffic: database reachable, migrations applied, job workers running',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply, ctx) => {
      const answer = await checkReadiness(ctx);
      if (!answer.ready) return reply.status(503).header('cache-control', 'no-store').send(answer);
      reply.header('cache-control', 'no-store');
      return answer;
    },
  ),

  defineRoute(
    {
      method: 'GET',
      url: '/metrics',
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics (this machine, or Authorization: Bearer METRICS_TOKEN)',
        response: { 200: { description: "Prometheus' text format", content: { 'text/plain': { schema: z.string() } } } },
      },
    },
    async (request, reply, ctx) => {
      if (!mayReadMetrics(request, ctx)) throw new AppError('METRICS_TOKEN_REQUIRED', 'Metrics are readable from this machine, or with Authorization: Bearer <METRICS_TOKEN>');
      registerBusinessGauges(ctx);
      return reply.header('cache-control', 'no-store').type(ctx.metrics.contentType).send(await ctx.metrics.render());
    },
  ),

  defineRoute(
    { method: 'GET', url: '/api/admin/backups', guard: requireAdmin, schema: { tags: ['admin'], summary: 'The latest backup and whether it is too old', response: { 200: backupStatusSchema } } },
    async (_request, _reply, ctx) => backupStatus(ctx.config.backupDir, ctx.now()),
  ),

  // `npm run backup` on this machine while the server holds the embedded database: the server writes it,
  // since no other process may open that data folder. Other machines get the 404 an unknown path gets.
  defineRoute(
    { method: 'POST', url: '/api/ops/backups', schema: { tags: ['system'], summary: 'A backup now, into BACKUP_DIR (this machine only)', response: { 201: backupMade } } },
    async (request, reply, ctx) => {
      if (!isLoopback(request.socket.remoteAddress)) throw new AppError('NOT_FOUND', 'Not found');
      if (!ctx.config.backupDir) throw new AppError('BACKUP_NOT_CONFIGURED', 'BACKUP_DIR is not set for this server');
      const made = await createBackup({ handle: ctx.handle, databaseUrl: ctx.config.databaseUrl, dir: ctx.config.backupDir, keep: ctx.config.backupKeep, now: ctx.now() });
      return reply.status(201).send({ name: made.name, bytes: made.bytes, createdAt: made.createdAt.toISOString() });
    },
  ),
] as const;
