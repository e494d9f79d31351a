import {
  adminCustomer,
  createdUser,
  createUserRequest,
  customerDeleteQuery,
  customerListQuery,
  customerUpdateRequest,
  passwordResetRequest,
  upcomingCustomerBooking,
} from '../../../../shared/schemas/admin-customers';
import { messageResponse, publicUser } from '../../../../shared/schemas/auth';
import { pageOf, uuidParam } from '../../../../shared/schemas/common';
import { requireAdmin } from '../../../http/auth-hooks';
import { defineRoute } from '../../../http/contract';
import * as customers from './admin-customers.service';

const tags = ['admin'];
const guard = requireAdmin;

/** Customer Management and users; every route is admin-only. */
export const adminCustomersRoutes = [
  defineRoute({ method: 'GET', url: '/api/admin/customers', guard, schema: { tags, querystring: customerListQuery, response: { 200: pageOf(adminCustomer) } } }, async (request, _reply, ctx) =>
    customers.listCustomers(ctx, request.query),
  ),
  defineRoute({ method: 'PUT', url: '/api/admin/customers/:id', guard, schema: { tags, params: uuidParam, body: customerUpdateRequest, response: { 200: publicUser } } }, async (request, _reply, ctx) =>
    customers.updateCustomer(ctx, request.params.id, request.body),
  ),
  defineRoute(
    { method: 'GET', url: '/api/admin/customers/:id/upcoming-bookings', guard, schema: { tags, params: uuidParam, response: { 200: upcomingCustomerBooking.array() } } },
    async (request, _reply, ctx) => customers.upcomingBookingsOf(ctx, request.params.id),
  ),
  defineRoute(
    {
      method: 'DELETE',
      url: '/api/admin/customers/:id',
      guard,
      schema: {
        tags,
        params: uuidParam,
        querystring: customerDeleteQuery,
        description: 'Erases the customer everywhere (bookings, addresses, packages, store mirror, mail, analytics), keeping amounts and dates. Upcoming bookings refuse it (409) unless cancelUpcoming=true cancels and refunds them first.',
        response: { 200: messageResponse },
      },
    },
    async (request, _reply, ctx) => customers.deleteCustomer(ctx, request.params.id, { cancelUpcoming: request.query.cancelUpcoming }),
  ),
  defineRoute({ method: 'POST', url: '/api/admin/send-password-reset', guard, schema: { tags, body: passwordResetRequest, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    customers.sendPasswordReset(ctx, request.body.email),
  ),

  defineRoute({ method: 'GET', url: '/api/admin/users', guard, schema: { tags, querystring: customerListQuery, response: { 200: pageOf(adminCustomer) } } }, async (request, _reply, ctx) =>
    customers.listAllUsers(ctx, request.query),
  ),
  defineRoute({ method: 'POST', url: '/api/admin/users', guard, schema: { tags, body: createUserRequest, response: { 201: createdUser } } }, async (request, reply, ctx) =>
    reply.status(201).send(await customers.createUser(ctx, request.body)),
  ),
] as const;
