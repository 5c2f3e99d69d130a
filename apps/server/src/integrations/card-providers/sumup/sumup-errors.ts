import type { z } from 'zod';
import { ProviderError } from '../../provider-error.js';
import { failureOfStatus, retryAfterSeconds } from '../../provider-http.js';

const PROVIDER = 'sumup';

/** Where the call went: the token endpoint's `invalid_grant` means different things for a code and a refresh. */
export type SumupCall = 'code-exchange' | 'refresh' | 'api';

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The provider's words as a sentence (they are shown inside the owner-facing message). */
function sentence(words: string): string {
  return /[.!?]$/.test(words) ? words : `${words}.`;
}

/**
 * SumUp's three error shapes (docs/providers.md, "SumUp"): RFC 6749 `{error, error_description}` from /token,
 * RFC 7807 `{title, detail}` for 401s at the gateway, `{message, error_code}` elsewhere.
 */
export function describeSumupError(call: SumupCall, status: number, body: unknown, headers: Headers): ProviderError {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const code = text(fields.error) ?? text(fields.error_code) ?? text(fields.title);
  const words =
    text(fields.error_description) ??
    text(fields.message) ??
    text(fields.detail) ??
    text(fields.error) ??
    (typeof body === 'string' && body.length < 200 ? text(body) : null) ??
    `SumUp answered with status ${status}`;
  const retryAfter = retryAfterSeconds(headers);
  let failure = failureOfStatus(status);
  // A dead refresh token can only be replaced by connecting again; a dead code just means "start again".
  if (code === 'invalid_grant') failure = call === 'refresh' ? 'reauthorize' : 'rejected';
  // A bad client id or secret is Brade's configuration, not the owner's consent.
  if (code === 'invalid_client' || code === 'unauthorized_client') failure = 'rejected';
  return new ProviderError(
    PROVIDER,
    failure,
    sentence(words),
    status,
    failure === 'retryable' ? retryAfter : null,
    code,
  );
}

/** An answer that does not have the shape SumUp documents: nothing to retry, the run stops with the reason. */
export function unreadableAnswer(what: string, error: z.ZodError): ProviderError {
  const first = error.issues[0];
  const where = first ? ` (${first.path.join('.') || 'body'}: ${first.message})` : '';
  return new ProviderError(PROVIDER, 'rejected', `SumUp sent ${what} Brade could not read${where}.`);
}
