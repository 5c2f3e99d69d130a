import { z } from 'zod';

/** Every error the API sends (docs/architecture.md, "The API's conventions"). */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const ERROR_CODES = {
  badRequest: 'bad_request',
  validation: 'validation_failed',
  unauthorized: 'unauthorized',
  notFound: 'not_found',
  rateLimited: 'rate_limited',
  invalidCredentials: 'invalid_credentials',
  invalidOtp: 'invalid_otp',
  invalidToken: 'invalid_token',
  demoReadOnly: 'demo_read_only',
  payloadTooLarge: 'payload_too_large',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
} as const;
