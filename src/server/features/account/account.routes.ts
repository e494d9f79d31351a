import { z } from 'zod';
import {
  accountSummary,
  changePasswordRequest,
  deleteAccountRequest,
  notificationsPage,
  settingsResponse,
  updateProfileRequest,
  updateProfileResponse,
  updateSettingsRequest,
} from '../../../shared/schemas/account';
import { messageResponse } from '../../../shared/schemas/auth';
import { pageQuery } from '../../../shared/schemas/common';
import { clearSessionCookie, currentUser, requireUser } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import * as account from './account.service';

const tags = ['account'];
const signedIn = { guard: requireUser };

/** The signed-in customer's own account: profile, password, deletion, settings, stats, notifications. */
export const accountRoutes = [
  defineRoute({ method: 'PUT', url: '/api/auth/me', ...signedIn, schema: { tags, body: updateProfileRequest, response: { 200: updateProfileResponse } } }, async (request, _reply, ctx) =>
    account.updateProfile(ctx, currentUser(request), request.body),
  ),

  defineRoute({ method: 'POST', url: '/api/auth/change-password', ...signedIn, schema: { tags, body: changePasswordRequest, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    account.changePassword(ctx, currentUser(request), request.session!.sessionId, request.body),
  ),

  defineRoute({ method: 'DELETE', url: '/api/auth/me', ...signedIn, schema: { tags, body: deleteAccountRequest, response: { 200: messageResponse } } }, async (request, reply, ctx) => {
    const result = await account.deleteAccount(ctx, currentUser(request), request.body);
    clearSessionCookie(reply, ctx);
    return result;
  }),

  defineRoute({ method: 'GET', url: '/api/settings', ...signedIn, schema: { tags, response: { 200: settingsResponse } } }, async (request, _reply, ctx) =>
    account.getSettings(ctx, currentUser(request)),
  ),
  defineRoute({ method: 'PUT', url: '/api/settings', ...signedIn, schema: { tags, body: updateSettingsRequest, response: { 200: settingsResponse } } }, async (request, _reply, ctx) =>
    account.updateSettings(ctx, currentUser(request), request.body),
  ),

  defineRoute({ method: 'GET', url: '/api/account/summary', ...signedIn, schema: { tags, response: { 200: accountSummary } } }, async (request, _reply, ctx) =>
    account.accountSummary(ctx, currentUser(request)),
  ),

  defineRoute({ method: 'GET', url: '/api/notifications', ...signedIn, schema: { tags, querystring: pageQuery, response: { 200: notificationsPage } } }, async (request, _reply, ctx) =>
    account.listNotifications(ctx, currentUser(request), request.query),
  ),
  defineRoute({ method: 'POST', url: '/api/notifications/read', ...signedIn, schema: { tags, response: { 200: z.object({ unreadCount: z.number() }) } } }, async (request, _reply, ctx) =>
    account.markNotificationsRead(ctx, currentUser(request)),
  ),
] as const;
