import { z } from 'zod';
import { addOnRequest, addOnsPage, adminAddOn } from '../../../shared/schemas/admin-services';
import { messageResponse } from '../../../shared/schemas/auth';
import { idempotencyKeyHeader } from '../../../shared/schemas/checkout';
import { pageQuery, uuidParam } from '../../../shared/schemas/common';
import { requireAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import { idempotent } from '../../http/idempotency';
import * as addOns from './add-ons.service';

const tags = ['admin'];
const guard = requireAdmin;

/** The Add-ons section of /admin/services: a paginated list, create, edit (deactivate), delete. */
export const addOnsAdminRoutes = [
  defineRoute({ method: 'GET', url: '/api/admin/add-ons', guard, schema: { tags, querystring: pageQuery, response: { 200: addOnsPage } } }, async (request, _reply, ctx) =>
    addOns.listAddOns(ctx, request.query),
  ),
  defineRoute(
    { method: 'POST', url: '/api/admin/add-ons', guard, schema: { tags, headers: z.looseObject({ 'idempotency-key': idempotencyKeyHeader.optional() }), body: addOnRequest, response: { 201: adminAddOn } } },
    async (request, reply, ctx) => reply.status(201).send(await idempotent(ctx, request, 'add-ons', () => addOns.createAddOn(ctx, request.body))),
  ),
  defineRoute({ method: 'PUT', url: '/api/admin/add-ons/:id', guard, schema: { tags, params: uuidParam, body: addOnRequest, response: { 200: adminAddOn } } }, async (request, _reply, ctx) =>
    addOns.updateAddOn(ctx, request.params.id, request.body),
  ),
  defineRoute({ method: 'DELETE', url: '/api/admin/add-ons/:id', guard, schema: { tags, params: uuidParam, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    addOns.deleteAddOn(ctx, request.params.id),
  ),
] as const;
