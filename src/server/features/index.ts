import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { authRoutes } from './auth/auth.routes';
import { slotsRoutes } from './slots/slots.routes';
import { systemRoutes } from './system/system.routes';

/** Every feature's routes; a new feature adds one line here. */
export const featureRoutes: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [systemRoutes, authRoutes, slotsRoutes];
