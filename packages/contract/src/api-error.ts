import { z } from 'zod';
import { lazy } from './lazy.js';

/** Every error the API sends (docs/architecture.md, "The API's conventions"). */
export const ApiErrorSchema = lazy(() =>
  z.object({
    error: z.string(),
    code: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /**
     * Why, when the sentence alone leaves the owner nothing to fix (a password that passes every rule chip but is on
     * the list of common passwords): a second sentence the screen shows under the first.
     */
    reason: z.string().optional(),
  }),
);
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** An error body as a client reads it: any part may be missing when a proxy answers instead of the server. */
export const ApiErrorBodySchema = lazy(() => ApiErrorSchema.partial());
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

export const ERROR_CODES = {
  badRequest: 'bad_request',
  validation: 'validation_failed',
  unauthorized: 'unauthorized',
  notFound: 'not_found',
  rateLimited: 'rate_limited',
  /** BradeBot's question limit: its message says when the owner can ask again, for the panel to show. */
  assistantLimited: 'assistant_limited',
  invalidCredentials: 'invalid_credentials',
  invalidOtp: 'invalid_otp',
  invalidToken: 'invalid_token',
  demoReadOnly: 'demo_read_only',
  payloadTooLarge: 'payload_too_large',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
} as const;
