import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StripeContext } from './stripe-context';
import { maskKey, sendStripeError } from './stripe-errors';

/** Whose data a request may read: a connected account, or the platform itself (which has no sales). */
export type StripeCaller = { kind: 'account'; accountId: string } | { kind: 'platform' };

const noAccess = (key: string, accountId: string) =>
  `The provided key '${maskKey(key)}' does not have access to account '${accountId}' (or that account does not exist). Application access may have been revoked.`;

/**
 * Stripe's two ways to act as a connected account: the platform secret key plus `Stripe-Account`, or the
 * account's OAuth access token. Sends the error and returns undefined when neither holds.
 */
export function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  context: StripeContext,
): StripeCaller | undefined {
  const header = request.headers.authorization ?? '';
  const key = header.startsWith('Bearer ')
    ? header.slice(7).trim()
    : header.startsWith('Basic ')
      ? Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0]!
      : '';
  if (!key) {
    sendStripeError(reply, 401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
    return undefined;
  }
  const stripeAccount = request.headers['stripe-account'];
  const accountHeader = typeof stripeAccount === 'string' ? stripeAccount.trim() : undefined;
  if (key === context.secretKey) {
    if (!accountHeader) return { kind: 'platform' };
    if (!context.state.isConnected(accountHeader)) {
      sendStripeError(reply, 403, {
        type: 'invalid_request_error',
        code: 'account_invalid',
        message: noAccess(key, accountHeader),
      });
      return undefined;
    }
    return { kind: 'account', accountId: accountHeader };
  }
  const grant = context.state.grantsByAccessToken.get(key);
  if (!grant) {
    sendStripeError(reply, 401, {
      type: 'invalid_request_error',
      code: 'api_key_invalid',
      message: `Invalid API Key provided: ${maskKey(key)}`,
    });
    return undefined;
  }
  if (grant.revoked || grant.expired) {
    sendStripeError(reply, 401, {
      type: 'invalid_request_error',
      code: 'api_key_expired',
      message: `Expired API Key provided: ${maskKey(key)}. Application access may have been revoked.`,
    });
    return undefined;
  }
  if (accountHeader && accountHeader !== grant.accountId) {
    sendStripeError(reply, 403, {
      type: 'invalid_request_error',
      code: 'account_invalid',
      message: noAccess(key, accountHeader),
    });
    return undefined;
  }
  return { kind: 'account', accountId: grant.accountId };
}
