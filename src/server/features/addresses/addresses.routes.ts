import { addressRequest, savedAddress } from '../../../shared/schemas/account';
import { messageResponse } from '../../../shared/schemas/auth';
import { uuidParam } from '../../../shared/schemas/common';
import { currentUser, requireUser } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import * as addresses from './addresses.service';

const tags = ['account'];
/** A malformed id is answered like someone else's: 404, never a hint that the id format matters. */
const byId = { guard: requireUser, notFound: { code: 'ADDRESS_NOT_FOUND' as const, message: 'Address not found' } };

export const addressesRoutes = [
  defineRoute({ method: 'GET', url: '/api/addresses', guard: requireUser, schema: { tags, response: { 200: savedAddress.array() } } }, async (request, _reply, ctx) =>
    addresses.listAddresses(ctx, currentUser(request)),
  ),

  defineRoute({ method: 'POST', url: '/api/addresses', guard: requireUser, schema: { tags, body: addressRequest, response: { 201: savedAddress } } }, async (request, reply, ctx) => {
    const created = await addresses.addAddress(ctx, currentUser(request), request.body);
    return reply.status(201).send(created);
  }),

  defineRoute({ method: 'PUT', url: '/api/addresses/:id', ...byId, schema: { tags, params: uuidParam, body: addressRequest, response: { 200: savedAddress } } }, async (request, _reply, ctx) =>
    addresses.updateAddress(ctx, currentUser(request), request.params.id, request.body),
  ),

  defineRoute({ method: 'PUT', url: '/api/addresses/:id/default', ...byId, schema: { tags, params: uuidParam, response: { 200: savedAddress } } }, async (request, _reply, ctx) =>
    addresses.makeDefaultAddress(ctx, currentUser(request), request.params.id),
  ),

  defineRoute({ method: 'DELETE', url: '/api/addresses/:id', ...byId, schema: { tags, params: uuidParam, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    addresses.deleteAddress(ctx, currentUser(request), request.params.id),
  ),
] as const;
