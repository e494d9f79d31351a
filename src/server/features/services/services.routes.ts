import { uuidParam } from '../../../shared/schemas/common';
import { serviceDetailView, serviceView } from '../../../shared/schemas/services';
import { AppError } from '../../errors';
import { defineRoute } from '../../http/contract';
import { cachedActiveServices } from './services.cache';
import { getServiceDetail } from './services.repository';

const tags = ['services'];

/** The public catalogue: active services only. */
export const servicesRoutes = [
  defineRoute({ method: 'GET', url: '/api/services', schema: { tags, response: { 200: serviceView.array() } } }, async (_request, _reply, ctx) => cachedActiveServices(ctx)),

  defineRoute({ method: 'GET', url: '/api/services/:id', schema: { tags, params: uuidParam, response: { 200: serviceDetailView } } }, async (request, _reply, ctx) => {
    const service = await getServiceDetail(ctx.db, request.params.id);
    if (!service) throw new AppError('SERVICE_NOT_FOUND', 'Service not found');
    return service;
  }),
] as const;
