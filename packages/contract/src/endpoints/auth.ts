import { z } from 'zod';
import {
  MessageResponseSchema,
  PasswordResetRequestSchema,
  ReauthenticateResponseSchema,
  RefreshRequestSchema,
  ResendOtpRequestSchema,
  SessionSchema,
  SigninRequestSchema,
  SignoutRequestSchema,
  SignupRequestSchema,
  SignupResponseSchema,
  TokenPairSchema,
  UpdatePasswordRequestSchema,
  VerifyOtpRequestSchema,
} from '../auth/schemas.js';
import { lazy } from '../lazy.js';
import { endpoints } from './endpoint.js';

/** The auth calls of docs/product.md, "The calls", plus the token refresh the SPA needs and the e-mailed reset link. */
export const AUTH_ENDPOINTS = endpoints('auth', {
  signup: {
    summary: 'Starts a sign-up attempt and e-mails its six-digit code',
    errors: [429],
    method: 'POST',
    path: '/api/signup_user',
    auth: 'none',
    body: SignupRequestSchema,
    answer: SignupResponseSchema,
  },
  verifyOtp: {
    summary: 'Confirms a sign-up attempt with its e-mailed code and signs the new owner in',
    errors: [429],
    method: 'POST',
    path: '/api/verify_otp',
    auth: 'none',
    body: VerifyOtpRequestSchema,
    answer: SessionSchema,
  },
  resendOtp: {
    summary: 'E-mails a new code for a sign-up attempt, with the same answer whether or not one was sent',
    errors: [429],
    method: 'POST',
    path: '/api/resend_otp',
    auth: 'none',
    body: ResendOtpRequestSchema,
    answer: MessageResponseSchema,
  },
  signin: {
    summary: 'Signs an owner in with e-mail and password: an access token and a refresh token',
    errors: [401, 429],
    method: 'POST',
    path: '/api/signin_user',
    auth: 'none',
    body: SigninRequestSchema,
    answer: SessionSchema,
  },
  refreshToken: {
    summary: 'Exchanges a refresh token for a new pair, once: a replayed one ends its session',
    errors: [401, 429],
    method: 'POST',
    path: '/api/refresh_token',
    auth: 'none',
    body: RefreshRequestSchema,
    answer: SessionSchema,
  },
  /** Spends the tokens it is given (body and header); needs no live session, so it never refreshes. */
  signout: {
    summary: 'Ends the session of the tokens given',
    errors: [401],
    method: 'POST',
    path: '/api/signout_user',
    auth: 'none',
    body: SignoutRequestSchema,
    answer: MessageResponseSchema,
  },
  requestPasswordReset: {
    summary: 'E-mails a password-reset link, with the same answer whether or not the account exists',
    errors: [429],
    method: 'POST',
    path: '/api/request_password_reset',
    auth: 'none',
    body: PasswordResetRequestSchema,
    answer: MessageResponseSchema,
  },
  /** The link in the reset e-mail: opens a recovery session and redirects to /set-new-password. */
  recover: {
    summary: 'The e-mailed reset link: spends its token and redirects to the page that sets a new password',
    errors: [429],
    method: 'GET',
    path: '/api/auth/recover',
    auth: 'none',
    query: lazy(() =>
      z.object({ token: z.string().max(200).default(''), redirect_to: z.string().max(2048).optional() }),
    ),
    answer: 'redirect',
  },
  reauthenticate: {
    summary: "Checks a recovery session's token pair and names its owner",
    errors: [429],
    method: 'POST',
    path: '/api/reauthenticate',
    auth: 'recovery',
    body: TokenPairSchema,
    answer: ReauthenticateResponseSchema,
  },
  updatePassword: {
    summary: 'Sets a new password from a recovery session and ends every session',
    errors: [403, 429],
    // The profile's change is accounts' updatePassword; the two need their own names in /api/docs.
    operationId: 'updatePasswordFromRecovery',
    method: 'POST',
    path: '/api/update_password',
    auth: 'recovery',
    body: UpdatePasswordRequestSchema,
    answer: MessageResponseSchema,
  },
});
