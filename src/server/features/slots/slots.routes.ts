import { z } from 'zod';
import { dateKey, uuidParam } from '../../../shared/schemas/common';
import { slotCandidate } from '../../../shared/schemas/services';
import { defineRoute } from '../../http/contract';
import { availableSlots } from './slots.service';

const slotsQuery = z.object({ date: dateKey });

export const slotsRoutes = [
  defineRoute(
    { method: 'GET', url: '/api/services/:id/available-slots', schema: { tags: ['services'], params: uuidParam, querystring: slotsQuery, response: { 200: slotCandidate.array() } } },
    async (request, _reply, ctx) => availableSlots(ctx, request.params.id, request.query.date),
  ),
] as const;
