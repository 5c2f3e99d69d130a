import { ERROR_CODES } from '@brade/contract';
import { isApiError } from '../api/client';

/** What a demo account's write says (docs/architecture.md, "How a request flows": the server refuses them with a clear message). */
export const DEMO_READ_ONLY = 'The demo account is read-only.';

export interface FailureNotice {
  text: string;
  detail?: string | undefined;
}

/**
 * The notice for a failed save. A refusal that trying again cannot fix says what is so instead of 'Please try
 * again' (beyond the spec): the demo account's writes, and the reasons in `lasting` (e.g. a photo of the wrong
 * type). Anything else is the spec's sentence, with the server's own reason under it when it gave one.
 */
export function failureNotice(specText: string, error: unknown, lasting: readonly string[] = []): FailureNotice {
  const reason = serverSentence(error);
  if (isDemoRefusal(error)) return { text: DEMO_READ_ONLY };
  if (reason && lasting.includes(reason)) return { text: reason };
  // The server's reason beyond its sentence (why a common password is refused) follows it.
  const why = isApiError(error) ? error.reason : undefined;
  return { text: specText, detail: why && reason ? `${reason}. ${why}` : reason };
}

/** The server refused a write of the demo account (docs/architecture.md, "How a request flows"). */
export const isDemoRefusal = (error: unknown): boolean => codeOf(error) === ERROR_CODES.demoReadOnly;

/** The API client's errors and the photo upload's own carry the server's code and sentence. */
function codeOf(error: unknown): string | undefined {
  if (isApiError(error)) return error.body?.code;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function serverSentence(error: unknown): string | undefined {
  if (isApiError(error)) return error.serverMessage;
  const message = (error as { serverMessage?: unknown } | null)?.serverMessage;
  return typeof message === 'string' && message ? message : undefined;
}
