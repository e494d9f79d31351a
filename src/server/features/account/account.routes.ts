import type { FastifyInstance } from 'fastify';
import { changePasswordRequest, deleteAccountRequest, updateProfileRequest, updateSettingsRequest } from '../../../shared/schemas/account';
import { pageQuery } from '../../../shared/schemas/common';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { clearSessionCookie, currentUser, requireUser } from '../../http/auth-hooks';
import * as account from './account.service';

/** The signed-in customer's own account: profile, password, deletion, settings, stats, notifications. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const signedIn = { preHandler: requireUser };

  app.put('/api/auth/me', signedIn, async (request) => account.updateProfile(ctx, currentUser(request), parse(updateProfileRequest, request.body)));

  app.post('/api/auth/change-password', signedIn, async (request) =>
    account.changePassword(ctx, currentUser(request), request.session!.sessionId, parse(changePasswordRequest, request.body)),
  );

  app.delete('/api/auth/me', signedIn, async (request, reply) => {
    const result = await account.deleteAccount(ctx, currentUser(request), parse(deleteAccountRequest, request.body));
    clearSessionCookie(reply, ctx);
    return result;
  });

  app.get('/api/settings', signedIn, async (request) => account.getSettings(ctx, currentUser(request)));
  app.put('/api/settings', signedIn, async (request) => account.updateSettings(ctx, currentUser(request), parse(updateSettingsRequest, request.body)));

  app.get('/api/account/summary', signedIn, async (request) => account.accountSummary(ctx, currentUser(request)));

  app.get('/api/notifications', signedIn, async (request) => account.listNotifications(ctx, currentUser(request), parse(pageQuery, request.query)));
  app.post('/api/notifications/read', signedIn, async (request) => account.markNotificationsRead(ctx, currentUser(request)));
}
