import { BANK_PROCESSOR, type ConnectableProcessor, sourceOf } from '@brade/contract';
import { findUserById } from '../accounts/users.js';
import type { AppContext } from '../app-context.js';
import { demoReadOnly, HttpError, notFound } from '../http/http-error.js';
import { connectFailed } from './connect-attempts.js';
import { ProviderError } from './provider-error.js';
import { PROVIDER_NAMES } from './provider-names.js';

/** What the connect calls of every provider check and say alike. */

/** Each provider returns to its own page: a separate redirect URI per provider is the mix-up defence. */
export const redirectUriOf = (ctx: AppContext, processor: ConnectableProcessor) =>
  `${ctx.config.publicUrl}/${processor}-redirect`;

export const unavailable = (processor: ConnectableProcessor) =>
  new HttpError(
    503,
    'provider_unavailable',
    `${processor === BANK_PROCESSOR ? 'Bank connections are' : `${PROVIDER_NAMES[sourceOf(processor)]} is`} not available on this server.`,
  );

export async function refuseDemo(ctx: AppContext, userId: string): Promise<void> {
  const user = await findUserById(ctx.database.db, userId);
  if (!user) throw notFound();
  if (user.isDemo) throw demoReadOnly('its connections');
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
