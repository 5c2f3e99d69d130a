import { HEALTH_ENDPOINTS as E } from '@brade/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { type EndpointContext, registerEndpoints } from './register-endpoint.js';

/** What the health calls read: the database, and whether the app is starting or draining. */
type HealthDeps = EndpointContext & { database: { db: Db }; state: { accepting: boolean } };

/**
 * A database that stops answering (a network partition) would otherwise hold the check for the pool's whole
 * connect timeout; a load balancer's health check wants its "no" sooner.
 */
const READY_CHECK_MS = 3000;

/** Liveness says the process answers; readiness says it can serve (database reachable, migrated, not draining). */
export function healthRoutes(ctx: HealthDeps) {
  return async (app: FastifyInstance) => {
    registerEndpoints(app, ctx, E, {
      health: async () => ({ status: 'ok' }),
      ready: async (_req, reply) => {
        if (!ctx.state.accepting || !(await databaseAnswers(ctx))) {
          return reply.status(503).send({ status: 'unavailable' });
        }
        return { status: 'ready' };
      },
    });
  };
}

async function databaseAnswers(ctx: HealthDeps): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_CHECK_MS);
  });
  const query = ctx.database.db.execute(sql`select 1 from users limit 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, tooSlow]);
  } finally {
    clearTimeout(timer);
  }
}
