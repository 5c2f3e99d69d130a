import type { FastifyPluginAsync } from 'fastify';
import { CONTROL_PREFIX, registerControlRoutes } from '../common/control-routes';
import { FaultInjector } from '../common/fault-injection';
import { startOnLoopback } from '../common/loopback-simulator-server';
import { acceptFormBodies } from '../common/request-parsing';
import { SimulatorClock } from '../common/simulator-clock';
import type {
  FixedTokens,
  RunningSimulator,
  SimulatorControl,
  SimulatorOptions,
} from '../common/simulator-harness-types';
import { registerSumupApiRoutes } from './api-routes';
import { sumupMerchant } from './merchant-profile';
import { registerSumupOAuthRoutes } from './oauth-routes';
import type { SumupContext } from './sumup-context';
import { sumupFaultBody } from './sumup-errors';
import { SumupAuthState } from './sumup-state';

export const DEFAULT_SEED = 'brade-demo';

/** Builds the plugin and its control together, so a test can hold the switches of the instance it mounted. */
export function createSumupSimulator(options: SimulatorOptions): {
  plugin: FastifyPluginAsync;
  control: SimulatorControl;
  /** Connects the merchant ahead of time with fixed tokens (no consent page); returns its merchant code. */
  preconnect(connection: { clientId: string; scope: string } & FixedTokens): string;
} {
  const seed = options.seed ?? DEFAULT_SEED;
  const scale = options.salesPerDayScale ?? 1;
  const clock = new SimulatorClock(options.now);
  const auth = new SumupAuthState();
  const faults = new FaultInjector();
  const context: SumupContext = { options, seed, scale, clock, auth, merchant: sumupMerchant(seed, scale) };

  const control: SimulatorControl = {
    injectFaults: (fault) => faults.inject(fault),
    setLatency: (ms) => faults.setLatency(ms),
    revokeToken: (token) => auth.revoke(token),
    expireToken: (token) => auth.expire(token, clock.now().getTime()),
    // SumUp has no consent object apart from the grant: expiring consent ends every grant.
    expireConsent: () => auth.expire(undefined, clock.now().getTime()),
    advanceClock: (ms) => clock.advance(ms),
    resetDailyCounters: () => {},
    reset: () => {
      auth.reset();
      faults.reset();
      clock.reset();
    },
  };

  const plugin: FastifyPluginAsync = async (fastify) => {
    acceptFormBodies(fastify);
    // The consent page stays up: injected failures target the API clients call, not the user's browser.
    faults.install(fastify, sumupFaultBody, (path) => path.startsWith(CONTROL_PREFIX) || path.startsWith('/authorize'));
    // Malformed bodies and the like: OAuth's shape on /token, SumUp's API shape elsewhere.
    fastify.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      const message = status === 500 ? 'Internal server error' : error.message;
      if (request.url.split('?')[0]?.endsWith('/token')) {
        const code = status === 500 ? 'server_error' : 'invalid_request';
        return reply.code(status).send({ error: code, error_description: message });
      }
      return reply.code(status).send({ message, error_code: status === 500 ? 'INTERNAL_SERVER_ERROR' : 'INVALID' });
    });
    fastify.setNotFoundHandler((_request, reply) => {
      reply.code(404).send({ message: 'Not found', error_code: 'NOT_FOUND' });
    });
    registerSumupOAuthRoutes(fastify, context);
    registerSumupApiRoutes(fastify, context);
    if (options.controls) registerControlRoutes(fastify, control);
  };
  const preconnect = ({ clientId, scope, ...tokens }: { clientId: string; scope: string } & FixedTokens) => {
    auth.preconnect(clientId, scope, tokens);
    return context.merchant.merchantCode;
  };
  return { plugin, control, preconnect };
}

/** A Fastify plugin serving SumUp's OAuth and API, mountable under any prefix. */
export function sumupSimulator(options: SimulatorOptions): FastifyPluginAsync {
  return createSumupSimulator(options).plugin;
}

/** The simulator alone on a loopback port, for tests and local tools. */
export function startSumupSimulator(options: Partial<SimulatorOptions> = {}): Promise<RunningSimulator> {
  return startOnLoopback(options, createSumupSimulator);
}
