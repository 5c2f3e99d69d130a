import type { FastifyInstance } from 'fastify';
import type { CardSimulatorControl } from './card-sim-types';

type Body = Record<string, unknown> | undefined;
const numberOf = (body: Body, name: string) => Number(body?.[name] ?? 0);
const stringOf = (body: Body, name: string) => (typeof body?.[name] === 'string' ? (body[name] as string) : undefined);

/**
 * The test switches over HTTP (POST /__control/<kebab-name>, JSON body), for browser tests and demos that drive a
 * simulator mounted inside the app. Only registered when the simulator is created with `controls: true`.
 */
export function registerControlRoutes(instance: FastifyInstance, control: CardSimulatorControl): void {
  const routes: Record<string, (body: Body) => unknown> = {
    'inject-faults': (body) =>
      control.injectFaults({
        status: numberOf(body, 'status') === 500 ? 500 : 429,
        count: body?.count === undefined ? 1 : numberOf(body, 'count'),
        retryAfterSeconds: body?.retryAfterSeconds === undefined ? 1 : numberOf(body, 'retryAfterSeconds'),
        pathPrefix: stringOf(body, 'pathPrefix') ?? '',
      }),
    'set-latency': (body) => control.setLatency(numberOf(body, 'ms')),
    'revoke-token': (body) => control.revokeToken(stringOf(body, 'token') ?? ''),
    'expire-token': (body) => control.expireToken(stringOf(body, 'token')),
    'expire-consent': (body) => control.expireConsent(stringOf(body, 'id')),
    'advance-clock': (body) => control.advanceClock(numberOf(body, 'ms')),
    'reset-daily-counters': () => control.resetDailyCounters(),
    reset: () => control.reset(),
  };
  for (const [name, run] of Object.entries(routes)) {
    instance.post(`/__control/${name}`, async (request) => {
      run(request.body as Body);
      return { ok: true };
    });
  }
  instance.get('/__control/credentials', async () => control.credentials);
}
