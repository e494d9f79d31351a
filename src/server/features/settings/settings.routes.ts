import { z } from 'zod';
import { businessSettingsSchema, businessSettingsSectionParam, cancellationSettings } from '../../../shared/schemas/business-settings';
import { AppError } from '../../errors';
import { currentUser, requireAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import { notifyTechniciansChanged } from '../../caches';
import { cachedBusinessSettings, readBusinessSettings, writeBusinessSettings } from './settings.service';

const tags = ['admin'];
const guard = requireAdmin;

/** The business's settings, a section at a time (decision 051). */
export const settingsRoutes = [
  // The cancellation policy is public: checkout, the help page and the booking pages quote it (decision 057).
  defineRoute({ method: 'GET', url: '/api/policy', schema: { tags: ['bookings'], response: { 200: cancellationSettings } } }, async (_request, _reply, ctx) =>
    (await cachedBusinessSettings(ctx)).cancellation,
  ),
  defineRoute({ method: 'GET', url: '/api/admin/business-settings', guard, schema: { tags, response: { 200: businessSettingsSchema } } }, async (_request, _reply, ctx) =>
    readBusinessSettings(ctx.db),
  ),
  defineRoute(
    { method: 'PUT', url: '/api/admin/business-settings/:section', guard, schema: { tags, params: businessSettingsSectionParam, body: z.record(z.string(), z.unknown()), response: { 200: businessSettingsSchema } } },
    async (request, _reply, ctx) => {
      const section = request.params.section;
      const parsed = businessSettingsSchema.shape[section].safeParse(request.body);
      if (!parsed.success) throw new AppError('INVALID_INPUT', `These ${section} settings are not valid: ${parsed.error.issues[0]?.message ?? 'check the fields'}`);
      await writeBusinessSettings(ctx.db, section, parsed.data as never, currentUser(request).id);
      // Every day's slots and the cached settings are read uncached here until the trigger's NOTIFY arrives.
      notifyTechniciansChanged(ctx);
      return readBusinessSettings(ctx.db);
    },
  ),
] as const;
