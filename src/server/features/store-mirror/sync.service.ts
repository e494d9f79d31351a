import { eq, inArray, sql } from 'drizzle-orm';
import type { SyncStatusResponse } from '../../../shared/schemas/store-mirror';
import type { AppContext } from '../../context';
import { shopifySyncStatus, storeSettings, type SyncCounts } from '../../db/schema';
import { AppError } from '../../errors';
import type { StoreKind, StoreRecordOf } from '../../integrations/shopify/store-client';
import { upsertCustomer, upsertOrder, upsertProduct } from './mirror.repository';
import { enqueue } from './queue';

export const STORE_SYNC_JOB = 'store-sync';
const ROW = 'store';
const WATERMARK_KEY = 'sync_watermark';
/** Set when the last completed run read only changes: the time it read them since (absent after a full import). */
const CHANGES_SINCE_KEY = 'sync_changes_since';
const KINDS: StoreKind[] = ['customers', 'products', 'orders'];
/** A run that has said nothing for this long is taken as crashed: a new start may take over. */
const STALE_MS = 30 * 60_000;
/** Counts are written every this many records, so the admin's progress moves while a kind imports. */
const PROGRESS_EVERY = 10;
/** A later run re-reads this much before the last completed run, so a change made during it is not missed. */
const OVERLAP_MS = 5 * 60_000;

const zero = (): SyncCounts => ({ total: 0, synced: 0, errors: 0 });

async function ensureRow(ctx: AppContext) {
  await ctx.db.insert(shopifySyncStatus).values({ id: ROW }).onConflictDoNothing();
}

async function setting(ctx: AppContext, key: string): Promise<Date | undefined> {
  const [row] = await ctx.db.select({ value: storeSettings.value }).from(storeSettings).where(eq(storeSettings.key, key));
  return row ? new Date(row.value) : undefined;
}

const watermark = (ctx: AppContext) => setting(ctx, WATERMARK_KEY);

async function putSetting(ctx: AppContext, key: string, value: string) {
  await ctx.db.insert(storeSettings).values({ key, value }).onConflictDoUpdate({ target: storeSettings.key, set: { value } });
}

/** GET /api/admin/shopify/sync/status */
export async function syncStatus(ctx: AppContext): Promise<SyncStatusResponse> {
  await ensureRow(ctx);
  const [row] = await ctx.db.select().from(shopifySyncStatus).where(eq(shopifySyncStatus.id, ROW));
  return {
    status: row!.status,
    startedAt: row!.startedAt?.toISOString() ?? null,
    completedAt: row!.completedAt?.toISOString() ?? null,
    error: row!.error,
    customers: row!.customers,
    products: row!.products,
    orders: row!.orders,
    store: ctx.store.label,
    fullImportNext: !(await watermark(ctx)),
    changesSince: row!.status === 'completed' ? ((await setting(ctx, CHANGES_SINCE_KEY))?.toISOString() ?? null) : null,
  };
}

/**
 * POST /api/admin/shopify/sync/start: claims the one status row (idle, completed, error, or a run gone
 * silent) in a single conditional update, so two starts can never both win; then queues the job.
 */
export async function startSync(ctx: AppContext): Promise<SyncStatusResponse> {
  await ensureRow(ctx);
  const now = ctx.now();
  const claimed = await ctx.db
    .update(shopifySyncStatus)
    .set({ status: 'running', startedAt: now, completedAt: null, error: null, customers: zero(), products: zero(), orders: zero() })
    .where(sql`${shopifySyncStatus.id} = ${ROW} and (${shopifySyncStatus.status} <> 'running' or ${shopifySyncStatus.startedAt} < ${new Date(now.getTime() - STALE_MS)})`)
    .returning({ id: shopifySyncStatus.id });
  if (!claimed.length) throw new AppError('STORE_SYNC_RUNNING', 'A sync is already running');
  await enqueue(ctx, STORE_SYNC_JOB, {}, () => runSync(ctx));
  return syncStatus(ctx);
}

/** POST /api/admin/shopify/sync/reset: back to idle with zero counts; the next sync imports everything again. */
export async function resetSync(ctx: AppContext): Promise<SyncStatusResponse> {
  await ensureRow(ctx);
  const reset = await ctx.db
    .update(shopifySyncStatus)
    .set({ status: 'idle', startedAt: null, completedAt: null, error: null, customers: zero(), products: zero(), orders: zero() })
    .where(sql`${shopifySyncStatus.id} = ${ROW} and ${shopifySyncStatus.status} <> 'running'`)
    .returning({ id: shopifySyncStatus.id });
  if (!reset.length) throw new AppError('STORE_SYNC_RUNNING', 'A sync is running; reset it when it has finished');
  await ctx.db.delete(storeSettings).where(inArray(storeSettings.key, [WATERMARK_KEY, CHANGES_SINCE_KEY]));
  return syncStatus(ctx);
}

const upserts: { [K in StoreKind]: (ctx: AppContext, record: StoreRecordOf<K>) => Promise<unknown> } = {
  customers: (ctx, r) => upsertCustomer(ctx.db, r, ctx.now()),
  products: (ctx, r) => upsertProduct(ctx.db, r, ctx.now()),
  orders: (ctx, r) => upsertOrder(ctx.db, r, ctx.now()),
};

/**
 * The job: the first run imports everything by bulk operation, later runs read what changed since the
 * last completed run (updated_at). Each record is an upsert keyed by the store's id, so a run retried
 * after a crash simply writes the same rows again. A record that fails counts as an error and the run goes on.
 */
export async function runSync(ctx: AppContext): Promise<void> {
  const [row] = await ctx.db.select({ startedAt: shopifySyncStatus.startedAt }).from(shopifySyncStatus).where(eq(shopifySyncStatus.id, ROW));
  const startedAt = row?.startedAt ?? ctx.now();
  await ctx.db.update(shopifySyncStatus).set({ status: 'running', error: null, startedAt }).where(eq(shopifySyncStatus.id, ROW));
  const since = await watermark(ctx);
  try {
    for (const kind of KINDS) {
      const counts = zero();
      const save = () => ctx.db.update(shopifySyncStatus).set({ [kind]: { ...counts } }).where(eq(shopifySyncStatus.id, ROW));
      const write = async (records: StoreRecordOf<typeof kind>[]) => {
        for (const record of records) {
          try {
            await (upserts[kind] as (c: AppContext, r: typeof record) => Promise<unknown>)(ctx, record);
            counts.synced += 1;
          } catch (error) {
            counts.errors += 1;
            console.error(`store sync: ${kind} ${record.id} failed`, error);
          }
          if ((counts.synced + counts.errors) % PROGRESS_EVERY === 0) await save();
        }
      };
      if (!since) {
        const records = await ctx.store.exportAll(kind);
        counts.total = records.length;
        await save();
        await write(records);
      } else {
        let cursor: string | undefined;
        do {
          const page = await ctx.store.changedSince(kind, new Date(since.getTime() - OVERLAP_MS), cursor);
          counts.total += page.items.length;
          await write(page.items);
          cursor = page.nextCursor;
        } while (cursor);
      }
      await save();
    }
    await putSetting(ctx, WATERMARK_KEY, startedAt.toISOString());
    if (since) await putSetting(ctx, CHANGES_SINCE_KEY, since.toISOString());
    else await ctx.db.delete(storeSettings).where(eq(storeSettings.key, CHANGES_SINCE_KEY));
    await ctx.db.update(shopifySyncStatus).set({ status: 'completed', completedAt: ctx.now() }).where(eq(shopifySyncStatus.id, ROW));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await ctx.db.update(shopifySyncStatus).set({ status: 'error', error: message, completedAt: ctx.now() }).where(eq(shopifySyncStatus.id, ROW));
    throw error;
  }
}

/** In demo mode a fresh database gets its first sync at start-up, so the admin shows store data at once. */
export async function syncDemoStoreOnFirstStart(ctx: AppContext): Promise<boolean> {
  if (ctx.store.label !== 'Demo store') return false;
  await ensureRow(ctx);
  const [row] = await ctx.db.select({ status: shopifySyncStatus.status, startedAt: shopifySyncStatus.startedAt }).from(shopifySyncStatus).where(eq(shopifySyncStatus.id, ROW));
  if (row?.startedAt || (await watermark(ctx))) return false;
  await startSync(ctx);
  return true;
}
