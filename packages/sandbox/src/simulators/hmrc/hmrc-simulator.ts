import type { FastifyPluginAsync } from 'fastify';
import { CONTROL_PREFIX, registerControlRoutes } from '../common/control-routes';
import { FaultInjector, pathWithinPlugin } from '../common/fault-injection';
import { startOnLoopback } from '../common/loopback-simulator-server';
import { acceptFormBodies } from '../common/request-parsing';
import { SimulatorClock } from '../common/simulator-clock';
import type { RunningSimulator, SimulatorControl } from '../common/simulator-harness-types';
import { FraudFeedback } from './fraud-prevention/feedback';
import { registerFraudFeedbackRoutes } from './fraud-prevention/feedback-routes';
import { HmrcAuthState } from './hmrc-auth-state';
import {
  DEFAULT_HMRC_CLIENT_ID,
  DEFAULT_HMRC_CLIENT_SECRET,
  type HmrcContext,
  type HmrcSimulatorOptions,
} from './hmrc-context';
import { hmrcFaultBody, sendHmrcError, sendPlatformError } from './hmrc-errors';
import { registerHmrcOAuthRoutes } from './hmrc-oauth-routes';
import { registerIncomeTaxRoutes } from './income-tax/income-tax-routes';
import { ItsaTaxpayers } from './income-tax/itsa-taxpayers';
import { SummariesStore } from './income-tax/summaries-store';
import { Taxpayers } from './taxpayers';
import { ReturnsStore } from './vat/returns-store';

/** The paths of HMRC's APIs (not OAuth, not the simulator's controls): the exchanges tests check. */
const API_PREFIXES = ['/organisations/', '/individuals/', '/obligations/', '/test/'];

import { registerVatRoutes } from './vat/vat-routes';

/**
 * HMRC's API platform as Brade uses it (docs/sandbox.md, "HMRC"; docs/hmrc.md): OAuth 2.0 with a grant-authority page
 * where the owner types a VRN or a National Insurance number, the VAT (MTD) API, the Income Tax APIs (Business
 * Details, Obligations, Self Employment Business), and the Test Fraud Prevention Headers API. Every API call's
 * fraud-prevention headers are checked against the WEB_APP_VIA_SERVER specification.
 */
export function createHmrcSimulator(options: HmrcSimulatorOptions): {
  plugin: FastifyPluginAsync;
  control: SimulatorControl;
  context: HmrcContext;
} {
  const clock = new SimulatorClock(options.now);
  const faults = new FaultInjector();
  const context: HmrcContext = {
    options,
    clientId: options.clientId ?? DEFAULT_HMRC_CLIENT_ID,
    clientSecret: options.clientSecret ?? DEFAULT_HMRC_CLIENT_SECRET,
    clock,
    auth: new HmrcAuthState(),
    taxpayers: new Taxpayers(),
    returns: new ReturnsStore(),
    itsa: new ItsaTaxpayers(),
    summaries: new SummariesStore(),
    feedback: new FraudFeedback(),
    appTokens: new Map(),
  };
  const control: SimulatorControl = {
    injectFaults: (fault) => faults.inject(fault),
    setLatency: (ms) => faults.setLatency(ms),
    revokeToken: (token) => context.auth.revoke(token),
    expireToken: (token) => context.auth.expire(token, clock.now().getTime()),
    // HMRC's authority is the grant itself: ending consent ends every grant.
    expireConsent: () => context.auth.expire(undefined, clock.now().getTime()),
    advanceClock: (ms) => clock.advance(ms),
    resetDailyCounters: () => {},
    reset: () => {
      context.auth.reset();
      context.taxpayers.reset();
      context.returns.reset();
      context.itsa.reset();
      context.summaries.reset();
      context.feedback.reset();
      context.appTokens.clear();
      faults.reset();
      clock.reset();
    },
  };

  const plugin: FastifyPluginAsync = async (fastify) => {
    acceptFormBodies(fastify);
    // The grant-authority page stays up: injected failures target the calls the app makes, not the owner's browser.
    faults.install(fastify, hmrcFaultBody, (path) => path.startsWith(CONTROL_PREFIX) || path === '/oauth/authorize');
    fastify.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      if (pathWithinPlugin(request, fastify.prefix) === '/oauth/token')
        return reply
          .code(status)
          .send({ error: status === 500 ? 'server_error' : 'invalid_request', error_description: error.message });
      if (status === 500) return sendHmrcError(reply, 500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
      // A body that is not JSON: the Income Tax APIs call it an empty or non-matching body.
      return pathWithinPlugin(request, fastify.prefix).startsWith('/individuals/')
        ? sendHmrcError(
            reply,
            400,
            'RULE_INCORRECT_OR_EMPTY_BODY_SUBMITTED',
            'An empty or non-matching body was submitted',
          )
        : sendHmrcError(reply, 400, 'INVALID_REQUEST', 'Invalid request');
    });
    fastify.setNotFoundHandler((_request, reply) => sendPlatformError(reply, 'notFound'));
    if (options.onExchange) {
      const report = options.onExchange;
      fastify.addHook('onSend', async (request, reply, payload) => {
        const url = request.url.slice(fastify.prefix.length) || '/';
        if (!API_PREFIXES.some((prefix) => url.startsWith(prefix))) return payload;
        report({
          method: request.method,
          url,
          headers: { ...request.headers },
          body: request.body,
          status: reply.statusCode,
          responseHeaders: { ...reply.getHeaders() },
          response: typeof payload === 'string' && payload ? JSON.parse(payload) : payload,
        });
        return payload;
      });
    }
    registerHmrcOAuthRoutes(fastify, context);
    registerVatRoutes(fastify, context);
    registerIncomeTaxRoutes(fastify, context);
    registerFraudFeedbackRoutes(fastify, context);
    if (options.controls) registerControlRoutes(fastify, control);
  };
  return { plugin, control, context };
}

/** A Fastify plugin serving HMRC's OAuth, VAT API and fraud-prevention checks, mountable under any prefix. */
export function hmrcSimulator(options: HmrcSimulatorOptions): FastifyPluginAsync {
  return createHmrcSimulator(options).plugin;
}

/** The simulator alone on a loopback port, for tests and local tools. */
export function startHmrcSimulator(options: Partial<HmrcSimulatorOptions> = {}): Promise<RunningSimulator> {
  return startOnLoopback(options, createHmrcSimulator);
}
