import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerControlRoutes } from '../common/card-sim-control-routes';
import { FaultInjector, SimulatorClock } from '../common/card-sim-faults';
import { addFormBodyParser } from '../common/card-sim-http';
import { MerchantDataCache } from '../common/card-sim-merchant-data';
import { installFaultHook, startCardSimulator } from '../common/card-sim-scaffold';
import type { CardSimulatorControl, CardSimulatorOptions, RunningCardSimulator } from '../common/card-sim-types';
import type { FixedTokens } from '../common/simulator-harness-types';
import { registerStripeApiRoutes } from './stripe-api-routes';
import {
  DEFAULT_SEED,
  DEFAULT_STRIPE_CLIENT_ID,
  DEFAULT_STRIPE_SECRET_KEY,
  type StripeContext,
} from './stripe-context';
import { sendStripeError } from './stripe-errors';
import { registerStripeOAuthRoutes } from './stripe-oauth-routes';
import { stripePayoutCreatedAt } from './stripe-objects';
import { StripeState } from './stripe-state';

export type StripeSimulatorPlugin = FastifyPluginAsync & {
  control: CardSimulatorControl;
  /** Connects a salon ahead of time with fixed tokens (no consent page); returns its `acct_…` id. */
  preconnect(connection: { seed: string; login: string } & FixedTokens): string;
};

/** Failures and latency apply to what an API client calls, not to the consent page or the control routes. */
const isInjectable = (path: string) =>
  path.startsWith('/v1/') || path === '/oauth/token' || path === '/oauth/deauthorize';

/**
 * A Fastify plugin serving Stripe's Connect OAuth (connect.stripe.com paths) and the read API (api.stripe.com
 * paths) from one prefix, as the stripe SDK does when `host` points at a simulator (docs/providers.md, "Stripe").
 */
export function stripeSimulator(options: CardSimulatorOptions): StripeSimulatorPlugin {
  const context: StripeContext = {
    options,
    state: new StripeState(),
    clock: new SimulatorClock(options.now),
    data: new MerchantDataCache('stripe', options.salesPerDayScale, stripePayoutCreatedAt),
    clientId: options.clientId ?? DEFAULT_STRIPE_CLIENT_ID,
    secretKey: options.clientSecret ?? DEFAULT_STRIPE_SECRET_KEY,
    baseSeed: options.seed ?? DEFAULT_SEED,
  };
  const faults = new FaultInjector();

  const control: CardSimulatorControl = {
    credentials: { clientId: context.clientId, clientSecret: context.secretKey },
    injectFaults: (fault) => faults.inject(fault),
    setLatency: (ms) => faults.setLatency(ms),
    revokeToken: (token) => {
      const grant = context.state.grantsByAccessToken.get(token) ?? context.state.grantsByRefreshToken.get(token);
      if (grant) grant.revoked = true;
    },
    expireToken: (token) => {
      for (const grant of context.state.grantsByAccessToken.values())
        if (token === undefined || grant.accessToken === token) grant.expired = true;
    },
    // A Stripe connection has no consent expiry; the nearest thing is the merchant disconnecting the app.
    expireConsent: (id) => {
      for (const account of context.state.accounts.values())
        if (id === undefined || account.id === id) context.state.revokeAccount(account.id);
    },
    advanceClock: (ms) => context.clock.advance(ms),
    resetDailyCounters: () => {},
    merchantSeed: (merchantId) => context.state.accounts.get(merchantId)?.seed,
    reset: () => {
      context.state.clear();
      faults.reset();
      context.clock.reset();
    },
  };

  const plugin = async (app: FastifyInstance) => {
    addFormBodyParser(app);
    const prefix = app.prefix;
    installFaultHook(app, faults, isInjectable, {
      rateLimited: (reply) =>
        sendStripeError(reply, 429, {
          type: 'invalid_request_error',
          code: 'rate_limit',
          message: 'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
        }),
      serverError: (reply) => sendStripeError(reply, 500, { type: 'api_error', message: 'An unknown error occurred' }),
    });
    registerStripeOAuthRoutes(app, context);
    registerStripeApiRoutes(app, context);
    if (options.controls) registerControlRoutes(app, control);
    app.setNotFoundHandler((request, reply) =>
      sendStripeError(reply, 404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.url.slice(prefix.length).split('?')[0]}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      }),
    );
  };
  const preconnect = ({ seed, login, ...tokens }: { seed: string; login: string } & FixedTokens) =>
    context.state.preconnect(login, seed, tokens).id;
  return Object.assign(plugin, { control, preconnect });
}

/** Runs the simulator alone on a loopback port (tests, local experiments). */
export function startStripeSimulator(options: Partial<CardSimulatorOptions> = {}): Promise<RunningCardSimulator> {
  return startCardSimulator(stripeSimulator, options);
}
