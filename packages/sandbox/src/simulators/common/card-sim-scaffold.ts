import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FaultInjector } from './card-sim-faults';
import { listenOnLoopback } from './card-sim-http';
import type { CardSimulatorControl, CardSimulatorOptions, RunningCardSimulator } from './card-sim-types';

/** How a provider words the failures a test injects: each answers in its own error shape. */
export interface InjectedFailureWriters {
  rateLimited(reply: FastifyReply): FastifyReply;
  serverError(reply: FastifyReply): FastifyReply;
}

/** Applies injected latency and failures to the paths an API client calls (not the consent or control pages). */
export function installFaultHook(
  app: FastifyInstance,
  faults: FaultInjector,
  isInjectable: (path: string) => boolean,
  writers: InjectedFailureWriters,
): void {
  const prefix = app.prefix;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.slice(prefix.length).split('?')[0] ?? '';
    if (!isInjectable(path)) return;
    await faults.delay();
    const failure = faults.take(path);
    if (!failure) return;
    if (failure.status === 429) {
      reply.header('Retry-After', String(failure.retryAfterSeconds));
      return writers.rateLimited(reply);
    }
    return writers.serverError(reply);
  });
}

type CardSimulatorPlugin = FastifyPluginAsync & { control: CardSimulatorControl };

/** Runs a card simulator alone on a loopback port (tests, local experiments), controls on by default. */
export async function startCardSimulator(
  make: (options: CardSimulatorOptions) => CardSimulatorPlugin,
  options: Partial<CardSimulatorOptions> = {},
): Promise<RunningCardSimulator> {
  let simulator: CardSimulatorPlugin | undefined;
  const server = await listenOnLoopback((publicBaseUrl) => {
    simulator = make({
      controls: true,
      ...options,
      get publicBaseUrl() {
        return options.publicBaseUrl ?? publicBaseUrl();
      },
    });
    return simulator;
  });
  return { ...server, control: simulator!.control };
}
