import type { FastifyInstance } from 'fastify';
import { createUserRequest, customerListQuery, customerUpdateRequest, passwordResetRequest } from '../../../../shared/schemas/admin';
import { uuidParam } from '../../../../shared/schemas/common';
import type { AppContext } from '../../../context';
import { parse } from '../../../errors';
import { requireAdmin } from '../../../http/auth-hooks';
import * as customers from './admin-customers.service';

/** Customer Management and users (back-office.md §7 "Customers and users"). */
export async function adminCustomersRoutes(app: FastifyInstance, ctx: AppContext) {
  const admin = { preHandler: requireAdmin };

  app.get('/api/admin/customers', admin, async (request) => customers.listCustomers(ctx, parse(customerListQuery, request.query)));
  app.put('/api/admin/customers/:id', admin, async (request) => {
    const { id } = parse(uuidParam, request.params);
    return customers.updateCustomer(ctx, id, parse(customerUpdateRequest, request.body));
  });
  app.delete('/api/admin/customers/:id', admin, async (request) => customers.deleteCustomer(ctx, parse(uuidParam, request.params).id));
  app.post('/api/admin/send-password-reset', admin, async (request) => customers.sendPasswordReset(ctx, parse(passwordResetRequest, request.body).email));

  app.get('/api/admin/users', admin, async (request) => customers.listAllUsers(ctx, parse(customerListQuery, request.query)));
  app.post('/api/admin/users', admin, async (request, reply) => reply.status(201).send(await customers.createUser(ctx, parse(createUserRequest, request.body))));
}
