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
import { endpoints } from './endpoint.js';

/** The auth calls of docs/product.md, "The calls", plus the token refresh the SPA needs and the e-mailed reset link. */
export const AUTH_ENDPOINTS = endpoints('auth', {
  signup: {
    method: 'POST',
    path: '/api/signup_user',
    auth: 'none',
    body: SignupRequestSchema,
    answer: SignupResponseSchema,
  },
  verifyOtp: {
    method: 'POST',
    path: '/api/verify_otp',
    auth: 'none',
    body: VerifyOtpRequestSchema,
    answer: SessionSchema,
  },
  resendOtp: {
    method: 'POST',
    path: '/api/resend_otp',
    auth: 'none',
    body: ResendOtpRequestSchema,
    answer: MessageResponseSchema,
  },
  signin: { method: 'POST', path: '/api/signin_user', auth: 'none', body: SigninRequestSchema, answer: SessionSchema },
  refreshToken: {
    method: 'POST',
    path: '/api/refresh_token',
    auth: 'none',
    body: RefreshRequestSchema,
    answer: SessionSchema,
  },
  /** Spends the tokens it is given (body and header); needs no live session, so it never refreshes. */
  signout: {
    method: 'POST',
    path: '/api/signout_user',
    auth: 'none',
    body: SignoutRequestSchema,
    answer: MessageResponseSchema,
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/request_password_reset',
    auth: 'none',
    body: PasswordResetRequestSchema,
    answer: MessageResponseSchema,
  },
  /** The link in the reset e-mail: opens a recovery session and redirects to /set-new-password. */
  recover: {
    method: 'GET',
    path: '/api/auth/recover',
    auth: 'none',
    query: z.object({ token: z.string().max(200).default(''), redirect_to: z.string().max(2048).optional() }),
    answer: 'redirect',
  },
  reauthenticate: {
    method: 'POST',
    path: '/api/reauthenticate',
    auth: 'recovery',
    body: TokenPairSchema,
    answer: ReauthenticateResponseSchema,
  },
  updatePassword: {
    method: 'POST',
    path: '/api/update_password',
    auth: 'recovery',
    body: UpdatePasswordRequestSchema,
    answer: MessageResponseSchema,
  },
});
