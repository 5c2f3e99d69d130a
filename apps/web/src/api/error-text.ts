import { isApiError } from './client';

/**
 * The sentence a screen shows for a failed call, following the spec's pattern "the server's error, else X,
 * or Y on failure": the server's own sentence; `noText` when it answered in JSON without one; `failure` when
 * there was no usable answer (network down, or a body that was not JSON).
 */
export function errorText(error: unknown, texts: { noText: string; failure: string }): string {
  if (isApiError(error) && error.body) return error.serverMessage ?? texts.noText;
  return texts.failure;
}
