import type { FastifyInstance } from 'fastify';
import { uuidParam } from '../../../shared/schemas/common';
import type { AppContext } from '../../context';
import { AppError, parse } from '../../errors';
import { getService, listActiveServices } from './services.repository';

/** The public catalogue: active services only. */
export async function servicesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/services', async () => listActiveServices(ctx.db));

  app.get('/api/services/:id', async (request) => {
    const { id } = parse(uuidParam, request.params);
    const service = await getService(ctx.db, id);
    if (!service || !service.isActive) throw new AppError('NOT_FOUND', 'Service not found');
    return service;
  });
}
