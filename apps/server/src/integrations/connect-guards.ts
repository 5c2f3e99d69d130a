import { BANK_PROCESSOR, type ConnectableProcessor, returnPageOf, sourceOf } from '@brade/contract';
import type { Logger } from 'pino';
import { ownerForWrite } from '../accounts/owner-guard.js';
import type { Db } from '../db/client.js';
import { HttpError } from '../http/http-error.js';
import { connectFailed } from './connect-attempts.js';
import { ProviderError } from './provider-error.js';
import { PROVIDER_NAMES } from './provider-names.js';
import type { IntegrationProviders } from './provider-registry.js';
import type { SyncScheduler } from './sync/sync-scheduler.js';
import type { TokenCipher } from './token-cipher.js';

/** What the connect calls of every provider check and say alike. */

/**
 * What connecting and disconnecting use; the app context (app-context.ts) has these fields, so the routes pass it
 * as it is.
 */
export interface ConnectDeps {
  config: { publicUrl: string };
  database: { db: Db };
  clock: () => Date;
  log: Logger;
  integrations: {
    providers: IntegrationProviders;
    cipher: TokenCipher;
    scheduler: Pick<SyncScheduler, 'requestNow'>;
  };
}

/** Each provider returns to its own page: a separate redirect URI per provider is the mix-up defence. */
export const redirectUriOf = (ctx: Pick<ConnectDeps, 'config'>, processor: ConnectableProcessor) =>
  `${ctx.config.publicUrl}${returnPageOf(processor)}`;

export const unavailable = (processor: ConnectableProcessor) =>
  new HttpError(
    503,
    'provider_unavailable',
    `${processor === BANK_PROCESSOR ? 'Bank connections are' : `${PROVIDER_NAMES[sourceOf(processor)]} is`} not available on this server.`,
  );

/** The demo account's connections are its private simulators': it cannot change them (accounts/owner-guard.ts). */
export async function refuseDemo(db: Db, userId: string): Promise<void> {
  await ownerForWrite(db, userId, 'its connections');
}

/** A provider's refusal, in words the owner can act on; never a 500. */
export function providerRefusal(processor: ConnectableProcessor, error: unknown): HttpError {
  if (!(error instanceof ProviderError)) throw error;
  const name = PROVIDER_NAMES[sourceOf(processor)];
  if (error.failure === 'retryable') {
    return new HttpError(502, 'provider_unavailable', `${name} is not answering right now. Please try again shortly.`);
  }
  return connectFailed(
    'provider_refused',
    `${name} did not accept the connection: ${error.message} Please connect again.`,
  );
}
