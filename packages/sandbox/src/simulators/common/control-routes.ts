import type { FastifyInstance } from 'fastify';
import type { InjectedFault, SimulatorControl } from './simulator-harness-types';

/** Path prefix of the HTTP control surface; fault injection and latency never apply to it. */
export const CONTROL_PREFIX = '/__control';

function field<T>(body: unknown, name: string): T | undefined {
  return body && typeof body === 'object' ? ((body as Record<string, unknown>)[name] as T | undefined) : undefined;
}

/**
 * POST /__control/<switch> for each SimulatorControl method, JSON bodies. Only registered when the simulator is
 * created with `controls: true`: the app never enables it outside tests and demos.
 */
export function registerControlRoutes(fastify: FastifyInstance, control: SimulatorControl): void {
  const ok = { ok: true };
  fastify.post(`${CONTROL_PREFIX}/inject-faults`, async (request, reply) => {
    const status = field<number>(request.body, 'status');
    if (status !== 429 && status !== 500) return reply.code(400).send({ error: 'status must be 429 or 500' });
    control.injectFaults({ ...(request.body as InjectedFault), status });
    return ok;
  });
  fastify.post(`${CONTROL_PREFIX}/set-latency`, async (request) => {
    control.setLatency(Number(field(request.body, 'ms') ?? 0));
    return ok;
  });
  fastify.post(`${CONTROL_PREFIX}/revoke-token`, async (request, reply) => {
    const token = field<string>(request.body, 'token');
    if (!token) return reply.code(400).send({ error: 'token is required' });
    control.revokeToken(token);
    return ok;
  });
  fastify.post(`${CONTROL_PREFIX}/expire-token`, async (request) => {
    control.expireToken(field<string>(request.body, 'token'));
    return ok;
  });
  fastify.post(`${CONTROL_PREFIX}/expire-consent`, async (request) => {
    control.expireConsent(field<string>(request.body, 'id'));
    return ok;
  });
  fastify.post(`${CONTROL_PREFIX}/advance-clock`, async (request) => {
    const days = Number(field(request.body, 'days') ?? 0);
    control.advanceClock(Number(field(request.body, 'ms') ?? 0) + days * 86_400_000);
    return ok;
  });
  fastify.post(`${CONTROL_PREFIX}/reset-daily-counters`, async () => {
    control.resetDailyCounters();
    return ok;
  });
  fastify.post(`${CONTROL_PREFIX}/reset`, async () => {
    control.reset();
    return ok;
  });
}
