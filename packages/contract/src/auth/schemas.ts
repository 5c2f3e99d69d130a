import { z } from 'zod';
import { LegalFormSchema } from '../income-tax/legal-form.js';
import { lazy } from '../lazy.js';
import { MESSAGES } from '../messages.js';
import { meetsPasswordRules, PASSWORD_MAX } from '../password-rules.js';
import { COUNTRIES, isUkPostcode, isValidEmail, OTP_PATTERN, UK_STATES } from '../validation.js';

const email = lazy(() =>
  z
    .string({ error: MESSAGES.signup.emailRequired })
    .trim()
    .min(1, MESSAGES.signup.emailRequired)
    .max(254, MESSAGES.signup.emailInvalid)
    .refine(isValidEmail, MESSAGES.signup.emailInvalid)
    .transform((value) => value.toLowerCase()),
);

/** A new password: the spec's four rules. The server also refuses common passwords (its list stays off the web). */
export const NewPasswordSchema = lazy(() =>
  z
    .string({ error: MESSAGES.signup.passwordRules })
    .max(PASSWORD_MAX * 4, MESSAGES.signup.passwordRules)
    .refine(meetsPasswordRules, MESSAGES.signup.passwordRules),
);

/** A password being checked (sign-in): never tell the caller anything about its shape. */
const anyPassword = lazy(() => z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024));

const token = lazy(() => z.string({ error: 'Token is required' }).min(1, 'Token is required').max(4096));
const uuid = lazy(() => z.uuid({ error: 'A valid id is required' }));

export const SignupRequestSchema = lazy(() =>
  z.object({
    email,
    password: NewPasswordSchema,
    options: z.object({
      data: z.object({
        full_name: z
          .string({ error: MESSAGES.signup.fullNameRequired })
          .trim()
          .min(1, MESSAGES.signup.fullNameRequired)
          .max(120, 'Full Name must be 120 characters or fewer'),
      }),
    }),
  }),
);
export const SignupResponseSchema = lazy(() => z.object({ id: z.string().min(1) }));

/**
 * Beside the spec's email and token, the web sends the id its sign-up answered: the code must then belong to
 * that sign-up, so a code mailed for someone else's sign-up of the same address cannot confirm it.
 */
const signupAttemptId = lazy(() => z.uuid({ error: 'A valid id is required' }).optional());

export const VerifyOtpRequestSchema = lazy(() =>
  z.object({
    email,
    token: z.string({ error: MESSAGES.otp.incomplete }).regex(OTP_PATTERN, MESSAGES.otp.incomplete),
    id: signupAttemptId,
  }),
);
export const SessionSchema = lazy(() =>
  z.object({
    id: z.string().min(1),
    access_token: z.string(),
    refresh_token: z.string(),
    expires_in: z.number().int(),
  }),
);
export type Session = z.infer<typeof SessionSchema>;

export const ResendOtpRequestSchema = lazy(() => z.object({ email, id: signupAttemptId }));
export const MessageResponseSchema = lazy(() => z.object({ message: z.string() }));

export const SigninRequestSchema = lazy(() => z.object({ email, password: anyPassword }));

export const RefreshRequestSchema = lazy(() => z.object({ refresh_token: token }));

export const PasswordResetRequestSchema = lazy(() =>
  z.object({
    email,
    redirect_to: z.string().max(2048).optional(),
  }),
);

export const TokenPairSchema = lazy(() => z.object({ access_token: token, refresh_token: token }));
export const ReauthenticateResponseSchema = lazy(() => z.object({ id: z.string().min(1) }));

export const UpdatePasswordRequestSchema = lazy(() => TokenPairSchema.extend({ password: NewPasswordSchema }));

export const SignoutRequestSchema = lazy(() =>
  z.object({
    refresh_token: token.optional(),
    access_token: token.optional(),
  }),
);

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`);

export const BusinessDetailsSchema = lazy(() =>
  z.object({
    salon_name: required('Salon Name', 120),
    business_address: required('Business Address', 300),
    postcode: required('Postcode', 10).refine(isUkPostcode, 'Please enter a valid UK postcode'),
    state: z.enum(UK_STATES, { error: 'Please choose England, Scotland, Wales or Northern Ireland' }),
    country: z.enum(COUNTRIES, { error: 'Country must be United Kingdom' }),
    /** Beyond the spec (docs/finance.md, "Income Tax"): optional, so a caller that leaves it out keeps what is saved. */
    legal_form: LegalFormSchema.optional(),
  }),
);

export type BusinessDetails = z.input<typeof BusinessDetailsSchema>;

export const BusinessInformationRequestSchema = lazy(() =>
  BusinessDetailsSchema.extend({
    id: uuid,
    full_name: required('Full Name', 120),
    email: z.string().max(254).optional(),
  }),
);

export type BusinessInformationRequest = z.input<typeof BusinessInformationRequestSchema>;

export const UserDetailsSchema = lazy(() =>
  z.object({
    full_name: z.string(),
    email: z.string(),
    profile_photo: z.string().nullable(),
    salon_name: z.string().nullable(),
    business_address: z.string().nullable(),
    postcode: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    /** Beyond the spec: sole trader, partnership or limited company; null until the owner says. */
    legal_form: LegalFormSchema.nullable(),
  }),
);
export type UserDetails = z.infer<typeof UserDetailsSchema>;

export const IdParamsSchema = lazy(() => z.object({ id: z.string().max(64) }));
