import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dateKey, uuidParam } from '../../../shared/schemas/common';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { availableSlots } from './slots.service';

const slotsQuery = z.object({ date: dateKey });

export async function slotsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/services/:id/available-slots', async (request) => {
    const { id } = parse(uuidParam, request.params);
    const { date } = parse(slotsQuery, request.query);
    return availableSlots(ctx, id, date);
  });
}
