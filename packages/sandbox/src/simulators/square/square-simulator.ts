import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { registerControlRoutes } from '../common/card-sim-control-routes';
import { FaultInjector, SimulatorClock } from '../common/card-sim-faults';
import { addFormBodyParser } from '../common/card-sim-http';
import { MerchantDataCache } from '../common/card-sim-merchant-data';
import { installFaultHook, startCardSimulator } from '../common/card-sim-scaffold';
import type { CardSimulatorControl, CardSimulatorOptions, RunningCardSimulator } from '../common/card-sim-types';
import type { FixedTokens } from '../common/simulator-harness-types';
import { registerSquareApiRoutes } from './square-api-routes';
import { DEFAULT_SQUARE_CLIENT_ID, DEFAULT_SQUARE_CLIENT_SECRET, type SquareContext } from './square-context';
import { sendSquareError } from './square-errors';
import { registerSquareOAuthRoutes } from './square-oauth-routes';
import { SquareState } from './square-state';

export type SquareSimulatorPlugin = FastifyPluginAsync & {
  control: CardSimulatorControl;
  /** Connects a salon ahead of time with fixed tokens (no consent page); returns its merchant id. */
  preconnect(connection: { seed: string; login: string; scopes: string[] } & FixedTokens): string;
};

const isInjectable = (path: string) => path.startsWith('/v2/') || path === '/oauth2/token' || path === '/oauth2/revoke';

/** A Fastify plugin serving Square's OAuth (/oauth2/…) and read API (/v2/…) from one prefix, snake_case JSON. */
export function squareSimulator(options: CardSimulatorOptions): SquareSimulatorPlugin {
  const context: SquareContext = {
    options,
    state: new SquareState(),
    clock: new SimulatorClock(options.now),
    data: new MerchantDataCache('square', options.salesPerDayScale),
    clientId: options.clientId ?? DEFAULT_SQUARE_CLIENT_ID,
    clientSecret: options.clientSecret ?? DEFAULT_SQUARE_CLIENT_SECRET,
    baseSeed: options.seed ?? 'brade-demo',
  };
  const faults = new FaultInjector();
  const nowMs = () => context.clock.now().getTime();

  const control: CardSimulatorControl = {
    credentials: { clientId: context.clientId, clientSecret: context.clientSecret },
    injectFaults: (fault) => faults.inject(fault),
    setLatency: (ms) => faults.setLatency(ms),
    revokeToken: (token) => {
      const grant = context.state.grantsByAccessToken.get(token) ?? context.state.grantsByRefreshToken.get(token);
      if (grant) grant.revoked = true;
    },
    expireToken: (token) => {
      for (const grant of context.state.grantsByAccessToken.values())
        if (token === undefined || grant.accessToken === token) grant.expiresAt = nowMs() - 1;
    },
    expireConsent: (id) => {
      for (const merchant of context.state.merchants.values())
        if (id === undefined || merchant.id === id) context.state.revokeMerchant(merchant.id);
    },
    advanceClock: (ms) => context.clock.advance(ms),
    resetDailyCounters: () => {},
    merchantSeed: (merchantId) => context.state.merchants.get(merchantId)?.seed,
    reset: () => {
      context.state.clear();
      faults.reset();
      context.clock.reset();
    },
  };

  const plugin = async (app: FastifyInstance) => {
    addFormBodyParser(app);
    installFaultHook(app, faults, isInjectable, {
      rateLimited: (reply) =>
        sendSquareError(reply, 429, {
          category: 'RATE_LIMIT_ERROR',
          code: 'RATE_LIMITED',
          detail: 'Rate limit exceeded. Please retry later.',
        }),
      serverError: (reply) =>
        sendSquareError(reply, 500, {
          category: 'API_ERROR',
          code: 'INTERNAL_SERVER_ERROR',
          detail: 'An internal error has occurred.',
        }),
    });
    registerSquareOAuthRoutes(app, context);
    registerSquareApiRoutes(app, context);
    if (options.controls) registerControlRoutes(app, control);
    app.setNotFoundHandler((_request, reply) =>
      sendSquareError(reply, 404, {
        category: 'INVALID_REQUEST_ERROR',
        code: 'NOT_FOUND',
        detail: 'Resource not found.',
      }),
    );
  };
  const preconnect = ({
    seed,
    login,
    scopes,
    ...tokens
  }: { seed: string; login: string; scopes: string[] } & FixedTokens) =>
    context.state.preconnect(login, seed, scopes, tokens).id;
  return Object.assign(plugin, { control, preconnect });
}

export function startSquareSimulator(options: Partial<CardSimulatorOptions> = {}): Promise<RunningCardSimulator> {
  return startCardSimulator(squareSimulator, options);
}
