import { z } from 'zod';
import { dateKey, uuidParam } from '../../../shared/schemas/common';
import { availableDaysResponse, slotCandidate } from '../../../shared/schemas/services';
import { defineRoute } from '../../http/contract';
import { availableDays } from './available-days';
import { availableSlots } from './slots.service';

const slotsQuery = z.object({ date: dateKey });
const daysQuery = z.object({ from: dateKey, to: dateKey });

export const slotsRoutes = [
  defineRoute(
    { method: 'GET', url: '/api/services/:id/available-slots', schema: { tags: ['services'], params: uuidParam, querystring: slotsQuery, response: { 200: slotCandidate.array() } } },
    async (request, _reply, ctx) => availableSlots(ctx, request.params.id, request.query.date),
  ),
  defineRoute(
    { method: 'GET', url: '/api/services/:id/available-days', schema: { tags: ['services'], params: uuidParam, querystring: daysQuery, response: { 200: availableDaysResponse } } },
    async (request, _reply, ctx) => ({ dates: await availableDays(ctx, request.params.id, request.query.from, request.query.to) }),
  ),
] as const;
