import { customerDeleteQuery, upcomingCustomerBooking } from '../../../../shared/schemas/admin-customers';
import { messageResponse } from '../../../../shared/schemas/auth';
import { clientBooking, clientBookingsQuery, clientDetail, clientListQuery, clientMergeRequest, clientMergeResponse, clientSummary, clientUpdateRequest } from '../../../../shared/schemas/clients';
import { pageOf, uuidParam } from '../../../../shared/schemas/common';
import { requireAdmin } from '../../../http/auth-hooks';
import { defineRoute } from '../../../http/contract';
import * as clients from './admin-clients.service';

const tags = ['admin'];
const guard = requireAdmin;

/** Every person who books, one record each (decision 039); every route is admin-only. */
export const adminClientsRoutes = [
  defineRoute(
    {
      method: 'GET',
      url: '/api/admin/clients',
      guard,
      schema: { tags, querystring: clientListQuery, description: 'Clients (accounts, guests, phone and store customers); q searches name, e-mail, phone digits and vehicle text.', response: { 200: pageOf(clientSummary) } },
    },
    async (request, _reply, ctx) => clients.listClientRecords(ctx, request.query),
  ),
  defineRoute({ method: 'GET', url: '/api/admin/clients/:id', guard, schema: { tags, params: uuidParam, response: { 200: clientDetail } } }, async (request, _reply, ctx) =>
    clients.clientRecord(ctx, request.params.id),
  ),
  defineRoute(
    { method: 'GET', url: '/api/admin/clients/:id/bookings', guard, schema: { tags, params: uuidParam, querystring: clientBookingsQuery, response: { 200: pageOf(clientBooking) } } },
    async (request, _reply, ctx) => clients.clientHistory(ctx, request.params.id, request.query),
  ),
  defineRoute({ method: 'PUT', url: '/api/admin/clients/:id', guard, schema: { tags, params: uuidParam, body: clientUpdateRequest, response: { 200: clientDetail } } }, async (request, _reply, ctx) =>
    clients.updateClient(ctx, request.params.id, request.body),
  ),
  defineRoute(
    {
      method: 'POST',
      url: '/api/admin/clients/:id/merge',
      guard,
      schema: { tags, params: uuidParam, body: clientMergeRequest, description: 'Merges this client into another: bookings, notes and tags move; this one leaves the list. Two clients with accounts answer 409.', response: { 200: clientMergeResponse } },
    },
    async (request, _reply, ctx) => clients.mergeClient(ctx, request.params.id, request.body.intoClientId),
  ),
  defineRoute(
    { method: 'GET', url: '/api/admin/clients/:id/upcoming-bookings', guard, schema: { tags, params: uuidParam, response: { 200: upcomingCustomerBooking.array() } } },
    async (request, _reply, ctx) => clients.upcomingOfClient(ctx, request.params.id),
  ),
  defineRoute(
    {
      method: 'DELETE',
      url: '/api/admin/clients/:id',
      guard,
      schema: {
        tags,
        params: uuidParam,
        querystring: customerDeleteQuery,
        description: 'Erases the client (through the account deletion when it has one), keeping amounts and dates. Upcoming bookings refuse it (409) unless cancelUpcoming=true.',
        response: { 200: messageResponse },
      },
    },
    async (request, _reply, ctx) => clients.deleteClient(ctx, request.params.id, { cancelUpcoming: request.query.cancelUpcoming }),
  ),
] as const;
