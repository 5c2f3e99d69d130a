import type { FastifyPluginAsync } from 'fastify';
import { CONTROL_PREFIX, registerControlRoutes } from '../common/control-routes';
import { FaultInjector } from '../common/fault-injection';
import { startOnLoopback } from '../common/loopback-simulator-server';
import { acceptFormBodies } from '../common/request-parsing';
import { SimulatorClock } from '../common/simulator-clock';
import type { RunningSimulator, SimulatorControl, SimulatorOptions } from '../common/simulator-harness-types';
import { AccountEndpointRateLimit } from './account-endpoint-rate-limit';
import { registerAccountRoutes } from './account-routes';
import { registerAgreementRoutes } from './agreement-routes';
import { registerBankConsentRoutes } from './bank-consent-routes';
import { registerInstitutionRoutes } from './catalogue-routes';
import { DailyAccountQuota } from './daily-account-quota';
import type { GoCardlessContext } from './gocardless-context';
import { goCardlessFaultBody } from './gocardless-errors';
import { GoCardlessState } from './gocardless-state';
import { preconnectAccount } from './preconnect';
import { registerRequisitionRoutes } from './requisition-routes';
import { registerTokenRoutes } from './token-routes';

export const DEFAULT_SEED = 'brade-demo';

/** Fault injection applies to the JSON API only, not to the consent page, logos or /__control. */
const isApiPath = (path: string) => path.startsWith('/api/');

export function createGoCardlessSimulator(options: SimulatorOptions): {
  plugin: FastifyPluginAsync;
  control: SimulatorControl;
  /** Links the salon's business account ahead of time (no consent page), with ids that are the same every start. */
  preconnect(institutionId: string): { requisitionId: string; accountIds: string[] };
} {
  const clock = new SimulatorClock(options.now);
  const state = new GoCardlessState();
  const quota = new DailyAccountQuota();
  const faults = new FaultInjector();
  const accountRateLimit = new AccountEndpointRateLimit();
  const context: GoCardlessContext = {
    options,
    seed: options.seed ?? DEFAULT_SEED,
    scale: options.salesPerDayScale ?? 1,
    clock,
    state,
    quota,
    accountRateLimit,
  };

  const control: SimulatorControl = {
    injectFaults: (fault) => faults.inject(fault),
    setLatency: (ms) => faults.setLatency(ms),
    revokeToken: (token) => state.revokeToken(token),
    expireToken: (token) => state.expireToken(token, clock.now().getTime()),
    // Accepts a requisition id or an agreement id; without one every consent expires.
    expireConsent: (id) => {
      const agreementId = id ? (state.requisitions.get(id)?.agreement ?? id) : undefined;
      for (const agreement of state.agreements.values()) {
        if (!agreementId || agreement.id === agreementId) agreement.forcedExpired = true;
      }
    },
    advanceClock: (ms) => clock.advance(ms),
    resetDailyCounters: () => quota.reset(),
    reset: () => {
      state.reset();
      quota.reset();
      accountRateLimit.reset();
      faults.reset();
      clock.reset();
    },
  };

  const plugin: FastifyPluginAsync = async (fastify) => {
    acceptFormBodies(fastify);
    faults.install(fastify, goCardlessFaultBody, (path) => path.startsWith(CONTROL_PREFIX) || !isApiPath(path));
    fastify.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      const summary = status === 500 ? 'Internal server error' : 'Invalid request';
      reply.code(status).send({ summary, detail: status === 500 ? summary : error.message, status_code: status });
    });
    fastify.setNotFoundHandler((_request, reply) => {
      reply.code(404).send({ summary: 'Not found.', detail: 'Not found.', status_code: 404 });
    });
    registerTokenRoutes(fastify, context);
    registerInstitutionRoutes(fastify, context);
    registerAgreementRoutes(fastify, context);
    registerRequisitionRoutes(fastify, context);
    registerBankConsentRoutes(fastify, context);
    registerAccountRoutes(fastify, context);
    if (options.controls) registerControlRoutes(fastify, control);
  };
  const preconnect = (institutionId: string) => preconnectAccount(context, institutionId);
  return { plugin, control, preconnect };
}

/** A Fastify plugin serving GoCardless Bank Account Data (API v2 and the consent link), mountable under any prefix. */
export function gocardlessSimulator(options: SimulatorOptions): FastifyPluginAsync {
  return createGoCardlessSimulator(options).plugin;
}

/** The simulator alone on a loopback port, for tests and local tools. */
export function startGocardlessSimulator(options: Partial<SimulatorOptions> = {}): Promise<RunningSimulator> {
  return startOnLoopback(options, createGoCardlessSimulator);
}
