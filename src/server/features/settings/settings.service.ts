import { inArray, sql } from 'drizzle-orm';
import { businessSettingsSchema, DEFAULT_BUSINESS_SETTINGS, type BusinessSettings, type BusinessSettingsSection } from '../../../shared/schemas/business-settings';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { businessSettings } from '../../db/schema';

const SECTIONS = Object.keys(DEFAULT_BUSINESS_SETTINGS) as BusinessSettingsSection[];

/**
 * The business's settings (decision 051): each stored section laid over its defaults field by field, so a
 * field added later reads as its default. A stored section that no longer validates falls back whole.
 */
export async function readBusinessSettings(db: DbOrTx, sections: readonly BusinessSettingsSection[] = SECTIONS): Promise<BusinessSettings> {
  const rows = await db.select({ section: businessSettings.section, value: businessSettings.value }).from(businessSettings).where(inArray(businessSettings.section, [...sections]));
  const settings = structuredClone(DEFAULT_BUSINESS_SETTINGS);
  for (const row of rows) {
    const section = row.section as BusinessSettingsSection;
    const shape = businessSettingsSchema.shape[section];
    if (!shape) continue;
    const merged = shape.safeParse({ ...DEFAULT_BUSINESS_SETTINGS[section], ...(row.value as object) });
    if (merged.success) (settings as Record<string, unknown>)[section] = merged.data;
  }
  return settings;
}

/**
 * Every section from this instance's read cache (decision 077), for reads that are hot (every hold's travel fee,
 * the public policy). The value is shared by every reader until a write drops it: read it, never change it.
 */
export function cachedBusinessSettings(ctx: Pick<AppContext, 'db' | 'caches'>): Promise<BusinessSettings> {
  return ctx.caches.businessSettings.get('all', () => readBusinessSettings(ctx.db));
}

/** Writes one whole section (already validated by the route's schema). */
export async function writeBusinessSettings<S extends BusinessSettingsSection>(db: DbOrTx, section: S, value: BusinessSettings[S], actorId: string | null): Promise<BusinessSettings[S]> {
  await db
    .insert(businessSettings)
    .values({ section, value, updatedBy: actorId })
    .onConflictDoUpdate({ target: businessSettings.section, set: { value, updatedBy: actorId, updatedAt: sql`now()` } });
  return value;
}
