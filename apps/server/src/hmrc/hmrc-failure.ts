import { HMRC_MESSAGES } from '@brade/contract';
import { HttpError } from '../http/http-error.js';
import { ProviderError } from '../integrations/provider-error.js';

/**
 * An HMRC refusal as the answer Brade's caller gets (docs/hmrc.md, "Errors"): HMRC's code kept as ours
 * (`hmrc_duplicate_submission`), its sentence as the error; 429 and an unreachable HMRC are 503 with the wait HMRC
 * asked for. Never a 500.
 */
export function hmrcFailure(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (!(error instanceof ProviderError)) throw error;
  if (error.failure === 'retryable') {
    const busy = error.status === 429;
    return new HttpError(
      503,
      busy ? 'hmrc_busy' : 'hmrc_unavailable',
      busy ? HMRC_MESSAGES.busy : HMRC_MESSAGES.notAnswering,
      undefined,
      { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds ?? 30))) },
    );
  }
  const code = error.providerCode ? `hmrc_${error.providerCode.toLowerCase()}` : 'hmrc_refused';
  return new HttpError(error.status === 403 ? 409 : 422, code, error.message);
}
