import { z } from 'zod';
import { BusinessDetailsSchema, NewPasswordSchema } from '../auth/schemas.js';
import { lazy } from '../lazy.js';
import { MESSAGES } from '../messages.js';
import { isValidEmail } from '../validation.js';
import { PROFILE_MESSAGES } from './messages.js';

/** The caller's own id; anything else is answered "not found" by the server, never "forbidden". */
const ownerId = lazy(() => z.string({ error: 'A valid id is required' }).min(1, 'A valid id is required').max(64));

export const UpdatePersonalInfoRequestSchema = lazy(() =>
  z.object({
    id: ownerId,
    details: z.object(
      {
        full_name: z
          .string({ error: MESSAGES.signup.fullNameRequired })
          .trim()
          .min(1, MESSAGES.signup.fullNameRequired)
          .max(120, 'Full Name must be 120 characters or fewer'),
      },
      { error: 'details must hold full_name.' },
    ),
  }),
);

export const UpdateEmailRequestSchema = lazy(() =>
  z.object({
    id: ownerId,
    email: z
      .string({ error: MESSAGES.signup.emailRequired })
      .trim()
      .min(1, MESSAGES.signup.emailRequired)
      .refine(isValidEmail, MESSAGES.signup.emailInvalid)
      .transform((value) => value.toLowerCase()),
    refresh_token: z.string({ error: 'refresh_token is required' }).min(1, 'refresh_token is required').max(4096),
  }),
);

/** The same UK rules as onboarding's business information (docs/product.md, "Validation"). */
export const UpdateBusinessInfoRequestSchema = lazy(() =>
  z.object({
    id: ownerId,
    details: BusinessDetailsSchema,
  }),
);

/**
 * The spec's payload is id and new_password with the Bearer token; the current password is required beside
 * them on purpose (a stolen session alone must not take the account). The rules are the sign-up ones.
 */
export const UpdateProfilePasswordRequestSchema = lazy(() =>
  z.object({
    id: ownerId,
    current_password: z
      .string({ error: PROFILE_MESSAGES.password.currentRequired })
      .min(1, PROFILE_MESSAGES.password.currentRequired)
      .max(1024, PROFILE_MESSAGES.password.currentWrong),
    new_password: NewPasswordSchema,
  }),
);

export const ProfilePhotoResponseSchema = lazy(() => z.object({ profile_photo: z.string() }));
