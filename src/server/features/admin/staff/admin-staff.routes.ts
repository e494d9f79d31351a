import type { FastifyInstance } from 'fastify';
import { createUserRequest, staffUpdateRequest } from '../../../../shared/schemas/admin';
import { pageQuery, uuidParam } from '../../../../shared/schemas/common';
import type { AppContext } from '../../../context';
import { parse } from '../../../errors';
import { requireAdmin } from '../../../http/auth-hooks';
import * as staff from './admin-staff.service';

/** Staff (drivers): add with an invitation, disable, see who is on shift. */
export async function adminStaffRoutes(app: FastifyInstance, ctx: AppContext) {
  const admin = { preHandler: requireAdmin };
  app.get('/api/admin/staff', admin, async (request) => staff.listStaff(ctx, parse(pageQuery, request.query)));
  app.post('/api/admin/staff', admin, async (request, reply) => reply.status(201).send(await staff.addDriver(ctx, parse(createUserRequest, request.body))));
  app.patch('/api/admin/staff/:id', admin, async (request) => {
    const { id } = parse(uuidParam, request.params);
    return staff.updateStaff(ctx, id, parse(staffUpdateRequest, request.body));
  });
  app.post('/api/admin/staff/:id/resend-invite', admin, async (request) => staff.resendInvitation(ctx, parse(uuidParam, request.params).id));
}
