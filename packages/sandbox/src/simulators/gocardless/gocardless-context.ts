import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimulatorClock } from '../common/simulator-clock';
import type { SimulatorOptions } from '../common/simulator-harness-types';
import type { AccountEndpointRateLimit } from './account-endpoint-rate-limit';
import type { DailyAccountQuota } from './daily-account-quota';
import type { GoCardlessState } from './gocardless-state';

/** What the GoCardless route modules share. */
export interface GoCardlessContext {
  options: SimulatorOptions;
  seed: string;
  scale: number;
  clock: SimulatorClock;
  state: GoCardlessState;
  quota: DailyAccountQuota;
  accountRateLimit: AccountEndpointRateLimit;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Registers `path` (written with its trailing slash, as GoCardless documents) and the same path without it:
 * nordigen-node drops the slash on some account calls (docs/providers.md, "GoCardless Bank Account Data").
 */
export function routeBothSlashes(
  fastify: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  handler: Handler,
): void {
  fastify.route({ method, url: path, handler });
  fastify.route({ method, url: path.replace(/\/$/, ''), handler });
}
