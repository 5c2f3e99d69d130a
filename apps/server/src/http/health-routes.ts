import { HEALTH_ENDPOINTS as E } from '@brade/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { registerEndpoints } from './register-endpoint.js';

/** Liveness says the process answers; readiness says it can serve (database reachable, migrated, not draining). */
export function healthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerEndpoints(app, ctx, E, {
      health: async () => ({ status: 'ok' }),
      ready: async (_req, reply) => {
        if (!ctx.state.accepting) return reply.status(503).send({ status: 'unavailable' });
        try {
          await ctx.database.db.execute(sql`select 1 from users limit 1`);
          return { status: 'ready' };
        } catch {
          return reply.status(503).send({ status: 'unavailable' });
        }
      },
    });
  };
}
