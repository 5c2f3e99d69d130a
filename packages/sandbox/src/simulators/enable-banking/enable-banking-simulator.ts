import type { FastifyPluginAsync } from 'fastify';
import { CONTROL_PREFIX, registerControlRoutes } from '../common/control-routes';
import { FaultInjector } from '../common/fault-injection';
import { startOnLoopback } from '../common/loopback-simulator-server';
import { acceptFormBodies } from '../common/request-parsing';
import { SimulatorClock } from '../common/simulator-clock';
import type { RunningSimulator, SimulatorControl } from '../common/simulator-harness-types';
import { DailyAccountQuota } from '../gocardless/daily-account-quota';
import { registerAccountRoutes } from './account-routes';
import { registerAuthorizationRoutes } from './authorization-routes';
import type { EnableBankingContext, EnableBankingSimulatorOptions } from './enable-banking-context';
import { enableBankingFaultBody, sendError } from './enable-banking-errors';
import { EnableBankingState } from './enable-banking-state';
import { preconnectSession } from './preconnect';

export const DEFAULT_SEED = 'brade-demo';
const DEFAULT_PAGE_SIZE = 100;

/** The consent page, brand images and /__control are not API calls: faults and latency leave them alone. */
const isApiPath = (path: string) =>
  !path.startsWith(CONTROL_PREFIX) && !path.startsWith('/welcome') && !path.startsWith('/brands/');

export interface EnableBankingControl extends SimulatorControl {
  /** The owner withdrew consent at the bank: the session reads REVOKED. */
  revokeSession(sessionId: string): void;
}

export function createEnableBankingSimulator(options: EnableBankingSimulatorOptions): {
  plugin: FastifyPluginAsync;
  control: EnableBankingControl;
  /** Authorises the salon's business account at a bank ahead of time (no consent page), with stable ids. */
  preconnect(aspspName: string, applicationId: string): ReturnType<typeof preconnectSession>;
} {
  const clock = new SimulatorClock(options.now);
  const state = new EnableBankingState();
  const quota = new DailyAccountQuota();
  const faults = new FaultInjector();
  const context: EnableBankingContext = {
    options,
    seed: options.seed ?? DEFAULT_SEED,
    scale: options.salesPerDayScale ?? 1,
    pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
    clock,
    state,
    quota,
    applications: options.applications,
  };
  const revokeSession = (sessionId: string) => {
    const session = state.sessions.get(sessionId);
    if (session?.status === 'AUTHORIZED') session.status = 'REVOKED';
  };

  const control: EnableBankingControl = {
    injectFaults: (fault) => faults.inject(fault),
    setLatency: (ms) => faults.setLatency(ms),
    // The application signs its own JWTs: there is no token of ours to revoke or expire but the owner's session.
    revokeToken: revokeSession,
    expireToken: () => {},
    revokeSession,
    expireConsent: (sessionId) => {
      for (const session of state.sessions.values())
        if (!sessionId || session.id === sessionId) session.forcedExpired = true;
    },
    advanceClock: (ms) => clock.advance(ms),
    resetDailyCounters: () => quota.reset(),
    reset: () => {
      state.reset();
      quota.reset();
      faults.reset();
      clock.reset();
    },
  };

  const plugin: FastifyPluginAsync = async (fastify) => {
    acceptFormBodies(fastify);
    faults.install(fastify, enableBankingFaultBody, (path) => !isApiPath(path));
    fastify.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
      if (error.statusCode && error.statusCode < 500) {
        return sendError(reply, error.statusCode, 'WRONG_REQUEST_PARAMETERS', 'Wrong request parameters provided');
      }
      return sendError(reply, 500, 'ASPSP_ERROR', 'Internal server error');
    });
    fastify.setNotFoundHandler((_request, reply) => {
      reply.code(404).send({ message: 'Not Found', code: 404, detail: null });
    });
    registerAuthorizationRoutes(fastify, context);
    registerAccountRoutes(fastify, context);
    if (options.controls) registerControlRoutes(fastify, control);
  };
  const preconnect = (aspspName: string, applicationId: string) => preconnectSession(context, aspspName, applicationId);
  return { plugin, control, preconnect };
}

/** A Fastify plugin serving Enable Banking's AIS API and a bank consent page, mountable under any prefix. */
export function enableBankingSimulator(options: EnableBankingSimulatorOptions): FastifyPluginAsync {
  return createEnableBankingSimulator(options).plugin;
}

/** The simulator alone on a loopback port, for tests and local tools. */
export async function startEnableBankingSimulator(
  options: Partial<EnableBankingSimulatorOptions> & Pick<EnableBankingSimulatorOptions, 'applications'>,
): Promise<RunningSimulator & { control: EnableBankingControl }> {
  // The same options object: the loopback server fills in publicBaseUrl once it has its port.
  return startOnLoopback(options, (resolved) =>
    createEnableBankingSimulator(Object.assign(resolved, { applications: options.applications })),
  ) as Promise<RunningSimulator & { control: EnableBankingControl }>;
}
