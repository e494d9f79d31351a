import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  appointmentRequest,
  availabilityRequest,
  blockTimeRequest,
  bulkAvailabilityRequest,
  closureRequest,
  rangeQuery,
  weeklyHoursRequest,
} from '../../../../shared/schemas/admin';
import { dateKey, uuidParam } from '../../../../shared/schemas/common';
import type { AppContext } from '../../../context';
import { parse } from '../../../errors';
import { requireAdmin } from '../../../http/auth-hooks';
import { normaliseWhen } from '../http/normalise-when';
import * as schedule from './schedule.service';

const weekQuery = z.object({ startDate: dateKey, days: z.coerce.number().int().min(1).max(14).default(7) });

/** Schedule Management (back-office.md §2, §7): the week grid, appointments, blocked time, availability, closures, weekly hours. */
export async function scheduleRoutes(app: FastifyInstance, ctx: AppContext) {
  const admin = { preHandler: requireAdmin };

  app.get('/api/admin/schedule', admin, async (request) => {
    const { startDate, days } = parse(weekQuery, request.query);
    return schedule.scheduleWeek(ctx, startDate, days);
  });

  app.post('/api/admin/appointments', admin, async (request, reply) => {
    const view = await schedule.createAppointment(ctx, parse(appointmentRequest, normaliseWhen(request.body)));
    return reply.status(201).send(view);
  });
  app.put('/api/admin/appointments/:id', admin, async (request) => {
    const { id } = parse(uuidParam, request.params);
    return schedule.updateAppointment(ctx, id, parse(appointmentRequest, normaliseWhen(request.body)));
  });
  app.delete('/api/admin/appointments/:id', admin, async (request) => schedule.deleteAppointment(ctx, parse(uuidParam, request.params).id));

  app.post('/api/admin/blocked-time', admin, async (request, reply) => {
    const view = await schedule.blockTime(ctx, parse(blockTimeRequest, request.body));
    return reply.status(201).send(view);
  });

  app.get('/api/admin/business-availability', admin, async (request) => {
    const { startDate, endDate } = parse(rangeQuery, request.query);
    return schedule.listAvailability(ctx, startDate, endDate);
  });
  app.post('/api/admin/business-availability', admin, async (request, reply) => {
    return reply.status(201).send(await schedule.createAvailability(ctx, parse(availabilityRequest, request.body)));
  });
  app.put('/api/admin/business-availability/:id', admin, async (request) => {
    const { id } = parse(uuidParam, request.params);
    return schedule.updateAvailability(ctx, id, parse(availabilityRequest, request.body));
  });
  app.delete('/api/admin/business-availability/:id', admin, async (request) => schedule.deleteAvailability(ctx, parse(uuidParam, request.params).id));
  app.post('/api/admin/bulk-business-availability', admin, async (request, reply) => {
    return reply.status(201).send(await schedule.bulkCreateAvailability(ctx, parse(bulkAvailabilityRequest, request.body)));
  });

  app.get('/api/admin/business-closures', admin, async (request) => {
    const { startDate, endDate } = parse(rangeQuery, request.query);
    return schedule.listClosures(ctx, startDate, endDate);
  });
  app.post('/api/admin/business-closures', admin, async (request, reply) => {
    return reply.status(201).send(await schedule.createClosure(ctx, parse(closureRequest, request.body)));
  });
  app.put('/api/admin/business-closures/:id', admin, async (request) => {
    const { id } = parse(uuidParam, request.params);
    return schedule.updateClosure(ctx, id, parse(closureRequest, request.body));
  });
  app.delete('/api/admin/business-closures/:id', admin, async (request) => schedule.deleteClosure(ctx, parse(uuidParam, request.params).id));

  app.get('/api/admin/business-hours', admin, async () => schedule.listWeeklyHours(ctx));
  app.put('/api/admin/business-hours', admin, async (request) => schedule.saveWeeklyHours(ctx, parse(weeklyHoursRequest, request.body)));
}
