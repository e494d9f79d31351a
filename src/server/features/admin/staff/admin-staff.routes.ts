import { idempotent } from '../../../http/idempotency';
import { idempotencyKeyHeader } from '../../../../shared/schemas/checkout';
import { z } from 'zod';
import { createUserRequest } from '../../../../shared/schemas/admin-customers';
import { staffMember, staffUpdateRequest } from '../../../../shared/schemas/admin-staff';
import { messageResponse } from '../../../../shared/schemas/auth';
import { pageOf, pageQuery, uuidParam } from '../../../../shared/schemas/common';
import { requireAdmin } from '../../../http/auth-hooks';
import { defineRoute } from '../../../http/contract';
import * as staff from './admin-staff.service';

const tags = ['admin'];
const guard = requireAdmin;

/** Staff (drivers): add with an invitation, disable, see who is on shift. */
export const adminStaffRoutes = [
  defineRoute({ method: 'GET', url: '/api/admin/staff', guard, schema: { tags, querystring: pageQuery, response: { 200: pageOf(staffMember) } } }, async (request, _reply, ctx) =>
    staff.listStaff(ctx, request.query),
  ),
  defineRoute({ method: 'POST', url: '/api/admin/staff', guard, schema: { tags, headers: z.looseObject({ 'idempotency-key': idempotencyKeyHeader.optional() }), body: createUserRequest, response: { 201: staffMember } } }, async (request, reply, ctx) =>
    reply.status(201).send(await idempotent(ctx, request, 'staff', () => staff.addDriver(ctx, request.body))),
  ),
  defineRoute({ method: 'PATCH', url: '/api/admin/staff/:id', guard, schema: { tags, params: uuidParam, body: staffUpdateRequest, response: { 200: staffMember } } }, async (request, _reply, ctx) =>
    staff.updateStaff(ctx, request.params.id, request.body),
  ),
  defineRoute({ method: 'POST', url: '/api/admin/staff/:id/resend-invite', guard, schema: { tags, params: uuidParam, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    staff.resendInvitation(ctx, request.params.id),
  ),
] as const;
