import { z } from 'zod';
import { dateKey, uuidParam } from '../../../shared/schemas/common';
import { availableDaysResponse, slotCandidate } from '../../../shared/schemas/services';
import { jobVehiclesQuery } from '../../../shared/schemas/booking-lines';
import { defineRoute } from '../../http/contract';
import { availableDays } from './available-days';
import { availableSlots } from './slots.service';

// `vehicles` (optional): the job whose length the starts must fit (shared/schemas/booking-lines.ts jobVehiclesQuery).
const slotsQuery = z.object({ date: dateKey, vehicles: jobVehiclesQuery.optional() });
const daysQuery = z.object({ from: dateKey, to: dateKey, vehicles: jobVehiclesQuery.optional() });

export const slotsRoutes = [
  defineRoute(
    { method: 'GET', url: '/api/services/:id/available-slots', schema: { tags: ['services'], params: uuidParam, querystring: slotsQuery, response: { 200: slotCandidate.array() } } },
    async (request, _reply, ctx) => availableSlots(ctx, request.params.id, request.query.date, request.query.vehicles),
  ),
  defineRoute(
    { method: 'GET', url: '/api/services/:id/available-days', schema: { tags: ['services'], params: uuidParam, querystring: daysQuery, response: { 200: availableDaysResponse } } },
    async (request, _reply, ctx) => ({ dates: await availableDays(ctx, request.params.id, request.query.from, request.query.to, request.query.vehicles) }),
  ),
] as const;
