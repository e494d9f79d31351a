import type { FastifyInstance } from 'fastify';
import { addressRequest } from '../../../shared/schemas/account';
import { uuidParam } from '../../../shared/schemas/common';
import type { AppContext } from '../../context';
import { AppError, parse } from '../../errors';
import { currentUser, requireUser } from '../../http/auth-hooks';
import * as addresses from './addresses.service';

/** A malformed id is answered like someone else's: 404, never a hint that the id format matters. */
function addressId(params: unknown): string {
  const result = uuidParam.safeParse(params);
  if (!result.success) throw new AppError('NOT_FOUND', 'Address not found');
  return result.data.id;
}

export async function addressesRoutes(app: FastifyInstance, ctx: AppContext) {
  const signedIn = { preHandler: requireUser };

  app.get('/api/addresses', signedIn, async (request) => addresses.listAddresses(ctx, currentUser(request)));

  app.post('/api/addresses', signedIn, async (request, reply) => {
    const created = await addresses.addAddress(ctx, currentUser(request), parse(addressRequest, request.body));
    return reply.status(201).send(created);
  });

  app.put('/api/addresses/:id', signedIn, async (request) =>
    addresses.updateAddress(ctx, currentUser(request), addressId(request.params), parse(addressRequest, request.body)),
  );

  app.put('/api/addresses/:id/default', signedIn, async (request) => addresses.makeDefaultAddress(ctx, currentUser(request), addressId(request.params)));

  app.delete('/api/addresses/:id', signedIn, async (request) => addresses.deleteAddress(ctx, currentUser(request), addressId(request.params)));
}
