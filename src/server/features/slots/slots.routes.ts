import { z } from 'zod';
import { dateKey, uuidParam } from '../../../shared/schemas/common';
import { availableDaysResponse, slotCandidate } from '../../../shared/schemas/services';
import { jobVehiclesQuery } from '../../../shared/schemas/booking-lines';
import { defineRoute } from '../../http/contract';
import { availableDays } from './available-days';
import { availableSlots, pointOfPlace } from './slots.service';

// `vehicles` (optional): the job whose length the starts must fit (shared/schemas/booking-lines.ts jobVehiclesQuery).
// `lat` and `lng`, or `addressId` (the signed-in customer's saved address): where the job is, so only starts a
// technician can get to are listed (decision 055); none for a job at the business.
const place = {
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  addressId: z.string().uuid().optional(),
};
const bothOrNeither = (q: { lat?: number; lng?: number }) => (q.lat === undefined) === (q.lng === undefined);
const placeMessage = { message: 'Give both lat and lng, or neither', path: ['lng'] };
const slotsQuery = z.object({ date: dateKey, vehicles: jobVehiclesQuery.optional(), ...place }).refine(bothOrNeither, placeMessage);
const daysQuery = z.object({ from: dateKey, to: dateKey, vehicles: jobVehiclesQuery.optional(), ...place }).refine(bothOrNeither, placeMessage);

export const slotsRoutes = [
  defineRoute(
    { method: 'GET', url: '/api/services/:id/available-slots', schema: { tags: ['services'], params: uuidParam, querystring: slotsQuery, response: { 200: slotCandidate.array() } } },
    async (request, _reply, ctx) =>
      availableSlots(ctx, request.params.id, request.query.date, request.query.vehicles, await pointOfPlace(ctx, request.session?.user.id, request.query)),
  ),
  defineRoute(
    { method: 'GET', url: '/api/services/:id/available-days', schema: { tags: ['services'], params: uuidParam, querystring: daysQuery, response: { 200: availableDaysResponse } } },
    async (request, _reply, ctx) => ({
      dates: await availableDays(ctx, request.params.id, request.query.from, request.query.to, request.query.vehicles, await pointOfPlace(ctx, request.session?.user.id, request.query)),
    }),
  ),
] as const;
