import { messageResponse } from '../../../shared/schemas/auth';
import { pageQuery, uuidParam } from '../../../shared/schemas/common';
import { savedVehicle, vehicleCatalogueResponse, vehicleRequest, vehiclesPage } from '../../../shared/schemas/vehicles';
import { currentUser, requireUser } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import * as vehicles from './vehicles.service';

const tags = ['account'];
/** A malformed id is answered like someone else's: 404, never a hint that the id format matters. */
const byId = { guard: requireUser, notFound: { code: 'VEHICLE_NOT_FOUND' as const, message: 'Vehicle not found' } };

export const vehiclesRoutes = [
  defineRoute({ method: 'GET', url: '/api/vehicles', guard: requireUser, schema: { tags, querystring: pageQuery, response: { 200: vehiclesPage } } }, async (request, _reply, ctx) =>
    vehicles.listVehicles(ctx, currentUser(request), request.query),
  ),

  defineRoute({ method: 'POST', url: '/api/vehicles', guard: requireUser, schema: { tags, body: vehicleRequest, response: { 201: savedVehicle } } }, async (request, reply, ctx) => {
    const created = await vehicles.addVehicle(ctx, currentUser(request), request.body);
    return reply.status(201).send(created);
  }),

  defineRoute({ method: 'PUT', url: '/api/vehicles/:id', ...byId, schema: { tags, params: uuidParam, body: vehicleRequest, response: { 200: savedVehicle } } }, async (request, _reply, ctx) =>
    vehicles.updateVehicle(ctx, currentUser(request), request.params.id, request.body),
  ),

  defineRoute({ method: 'DELETE', url: '/api/vehicles/:id', ...byId, schema: { tags, params: uuidParam, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    vehicles.deleteVehicle(ctx, currentUser(request), request.params.id),
  ),

  defineRoute(
    { method: 'GET', url: '/api/vehicle-catalogue', schema: { tags: ['services'], description: 'Common US makes and models with their usual size class (a suggestion list; any text is allowed).', response: { 200: vehicleCatalogueResponse } } },
    // The list changes only with a release: browsers keep it for a day.
    async (_request, reply) => reply.header('cache-control', 'public, max-age=86400').send(vehicles.vehicleCatalogue()),
  ),
] as const;
