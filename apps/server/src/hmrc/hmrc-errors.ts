import { HMRC_MESSAGES } from '@brade/contract';
import { MALFORMED_ANSWER, ProviderError } from '../integrations/provider-error.js';
import { failureOfStatus, retryAfterSeconds } from '../integrations/provider-http.js';

export const HMRC = 'HMRC';

/**
 * HMRC's error codes as sentences an owner can act on (docs/hmrc.md, "Errors"): the API platform's own here, each
 * API's in its folder (vat/vat-errors.ts), passed to hmrcRequest. A code without a sentence shows HMRC's own message.
 */
export const PLATFORM_SENTENCES: Record<string, string> = {
  INVALID_CREDENTIALS: HMRC_MESSAGES.reconnect,
  INVALID_SCOPE: 'Brade’s authority at HMRC does not cover this. Connect HMRC again to grant it.',
  MESSAGE_THROTTLED_OUT: HMRC_MESSAGES.busy,
  SERVER_ERROR: HMRC_MESSAGES.notAnswering,
  SCHEDULED_MAINTENANCE: 'HMRC’s service is down for maintenance. Please try again later.',
  GATEWAY_TIMEOUT: HMRC_MESSAGES.notAnswering,
  ACCEPT_HEADER_INVALID: 'Brade sent HMRC a request it cannot read. Please try again; if it keeps happening, tell us.',
  CLIENT_OR_AGENT_NOT_AUTHORISED:
    'HMRC says this business has not authorised Brade, or is not signed up for Making Tax Digital. Check the VAT number in Settings → VAT, and connect HMRC again with the Government Gateway account of this business.',
  RULE_INSOLVENT_TRADER: 'HMRC cannot take returns for this business through software: it is recorded as insolvent.',
  MATCHING_RESOURCE_NOT_FOUND: 'HMRC did not recognise the request. Please try again later.',
  INVALID_FRAUD_PREVENTION_HEADERS:
    'HMRC refused the details Brade must send about your device and connection. Reload the page and try again.',
};

/** HMRC's error body, `{code, message}`; anything else (a proxy's page) has neither. */
function codeAndMessage(body: unknown): { code: string | null; message: string | null } {
  if (!body || typeof body !== 'object') return { code: null, message: null };
  const { code, message } = body as Record<string, unknown>;
  return { code: typeof code === 'string' ? code : null, message: typeof message === 'string' ? message : null };
}

/**
 * A failed HMRC answer as a ProviderError: 429 and 5xx may be retried (Retry-After honoured), an expired or revoked
 * token needs the owner to connect again, anything else is a refusal carrying HMRC's code and Brade's sentence.
 */
export function describeHmrcError(
  sentences: Record<string, string>,
): (status: number, body: unknown, headers: Headers) => ProviderError {
  return (status, body, headers) => {
    const { code, message } = codeAndMessage(body);
    const failure =
      code === 'INVALID_CREDENTIALS' ? 'reauthorize' : status === 403 ? 'rejected' : failureOfStatus(status);
    const sentence =
      (code && (sentences[code] ?? PLATFORM_SENTENCES[code])) ??
      (failure === 'retryable' ? HMRC_MESSAGES.notAnswering : message ? `HMRC said: ${message}.` : null) ??
      `HMRC answered ${status}.`;
    return new ProviderError(
      HMRC,
      failure,
      sentence,
      status,
      retryAfterSeconds(headers),
      code ?? (message ? null : MALFORMED_ANSWER),
    );
  };
}
