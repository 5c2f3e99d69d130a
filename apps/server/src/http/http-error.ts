import { ERROR_CODES } from '@brade/contract';

/**
 * An error meant for the caller: its sentence is safe to show, and it carries the stable code of docs/architecture.md,
 * "The API's conventions".
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** A second sentence saying why, when the first leaves nothing to fix (the error shape's `reason`). */
    readonly reason?: string,
  ) {
    super(message);
  }
}

export const notFound = () => new HttpError(404, ERROR_CODES.notFound, 'Not found.');
export const unauthorized = (message = 'Your session has ended. Please sign in again.') =>
  new HttpError(401, ERROR_CODES.unauthorized, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    ERROR_CODES.rateLimited,
    'Too many attempts. Please wait a few minutes and try again.',
    undefined,
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
export const demoReadOnly = (what: string) =>
  new HttpError(403, ERROR_CODES.demoReadOnly, `The demo account is read-only: ${what} cannot be changed.`);
