import { HMRC_MESSAGES } from '@brade/contract';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/http-error.js';
import { ProviderError } from '../integrations/provider-error.js';
import type { RetryPolicy } from '../integrations/provider-http.js';
import type { TokenCipher } from '../integrations/token-cipher.js';
import {
  claimRefreshLease,
  findHmrcConnection,
  type HmrcConnectionRow,
  markNeedsReconnect,
  readTokens,
  releaseRefreshLease,
  saveRefreshedTokens,
} from './connection-store.js';
import type { HmrcEndpoint } from './hmrc-endpoint.js';
import { refreshTokens } from './hmrc-oauth.js';

/** What calling HMRC on an owner's behalf needs (app-context.ts has these fields). */
export interface HmrcDeps {
  database: { db: Db };
  clock: () => Date;
  log: Logger;
  hmrc: { endpoint: HmrcEndpoint | null; cipher: TokenCipher; retry?: Partial<RetryPolicy> };
}

/** An access token this close to its end is refreshed first, so it cannot expire on its way to HMRC. */
const REFRESH_MARGIN_MS = 60_000;
const LEASE_SECONDS = 30;
/** How long a request waits for another one's refresh before giving up (HMRC's token call is quick). */
const WAIT_FOR_REFRESH_MS = 15_000;

export const notConnected = () => new HttpError(409, 'hmrc_not_connected', HMRC_MESSAGES.notConnected);
const reconnect = () => new HttpError(409, 'hmrc_reconnect', HMRC_MESSAGES.reconnect);
export const hmrcUnavailable = () => new HttpError(503, 'hmrc_unavailable', HMRC_MESSAGES.unavailable);

/** The endpoint this server talks to, or 503 where none is configured. */
export function hmrcEndpointOf(deps: Pick<HmrcDeps, 'hmrc'>): HmrcEndpoint {
  if (!deps.hmrc.endpoint) throw hmrcUnavailable();
  return deps.hmrc.endpoint;
}

/**
 * Runs `call` with a live access token of the owner's HMRC grant (docs/hmrc.md, "Connecting"): refreshed first when
 * it is about to expire, and once more if HMRC answers that it is no longer valid. Only the request holding the
 * refresh lease spends the single-use refresh token; the others wait for its result. A refresh HMRC refuses (18
 * months passed, authority removed) marks the connection for reconnecting.
 */
export async function withAccessToken<T>(
  deps: HmrcDeps,
  userId: string,
  call: (accessToken: string) => Promise<T>,
): Promise<T> {
  hmrcEndpointOf(deps);
  const token = await liveToken(deps, userId, null);
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof ProviderError) || error.failure !== 'reauthorize') throw error;
  }
  // HMRC refused a token it should have accepted (revoked early, or a clock apart): one refresh, one more try.
  const renewed = await liveToken(deps, userId, token);
  try {
    return await call(renewed);
  } catch (error) {
    if (!(error instanceof ProviderError) || error.failure !== 'reauthorize') throw error;
    const row = await findHmrcConnection(deps.database.db, userId);
    if (row) await markNeedsReconnect(deps.database.db, row.id, HMRC_MESSAGES.reconnect, deps.clock());
    throw reconnect();
  }
}

/** A live access token: the stored one unless it is near its end or is the one HMRC has just refused. */
async function liveToken(deps: HmrcDeps, userId: string, refused: string | null): Promise<string> {
  const { db } = deps.database;
  // A wait on the wall clock, whatever clock the figures use.
  const deadline = Date.now() + WAIT_FOR_REFRESH_MS;
  for (;;) {
    const row = await findHmrcConnection(db, userId);
    if (!row) throw notConnected();
    if (row.status !== 'connected') throw reconnect();
    const tokens = readTokens(deps.hmrc.cipher, row);
    if (!tokens) throw reconnect();
    const now = deps.clock();
    const fresh = tokens.accessExpiresAt.getTime() - REFRESH_MARGIN_MS > now.getTime();
    if (fresh && tokens.accessToken !== refused) return tokens.accessToken;
    if (await claimRefreshLease(db, row, now, LEASE_SECONDS)) return refresh(deps, row, tokens.refreshToken);
    if (Date.now() > deadline) throw new HttpError(503, 'hmrc_busy', HMRC_MESSAGES.notAnswering);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function refresh(deps: HmrcDeps, row: HmrcConnectionRow, refreshToken: string): Promise<string> {
  const { db } = deps.database;
  const endpoint = hmrcEndpointOf(deps);
  try {
    const tokens = await refreshTokens(endpoint, refreshToken, deps.clock(), deps.hmrc.retry);
    await saveRefreshedTokens(db, deps.hmrc.cipher, row, { ...tokens, scopes: row.scopes }, deps.clock());
    return tokens.accessToken;
  } catch (error) {
    if (error instanceof ProviderError && error.failure !== 'retryable') {
      deps.log.warn({ userId: row.userId, code: error.providerCode }, 'HMRC refused to refresh the grant');
      await markNeedsReconnect(db, row.id, HMRC_MESSAGES.reconnect, deps.clock());
      throw reconnect();
    }
    await releaseRefreshLease(db, row.id);
    if (error instanceof ProviderError) throw new HttpError(502, 'hmrc_unavailable', HMRC_MESSAGES.notAnswering);
    throw error;
  }
}
