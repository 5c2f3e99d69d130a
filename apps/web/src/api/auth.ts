import { ApiError, type ApiErrorBody, apiRequest } from './client';
import type { SessionTokens } from './session';

/** The auth calls of docs/product.md, "The calls". None of them ever triggers a token refresh. */

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

/** The spec's sign-in and verify answers are "tokens, or an error field": a 200 carrying `error` is a refusal. */
async function sessionOrError(path: string, body: unknown): Promise<SessionTokens> {
  const answer = await apiRequest<Partial<SessionTokens> & ApiErrorBody>(path, { body, auth: 'none' });
  if (answer.error || !answer.access_token || !answer.refresh_token || !answer.id) {
    throw new ApiError(200, { error: answer.error });
  }
  return answer as SessionTokens;
}

export function signIn(email: string, password: string): Promise<SessionTokens> {
  return sessionOrError('/api/signin_user', { email, password });
}

export function signUp(form: { fullName: string; email: string; password: string }): Promise<{ id: string }> {
  return apiRequest('/api/signup_user', {
    body: { email: form.email, password: form.password, options: { data: { full_name: form.fullName } } },
    auth: 'none',
  });
}

/**
 * `id` is what sign-up answered: beside the spec's email and token it binds the code to this browser's own
 * sign-up, so a code mailed for someone else's sign-up of the same address cannot confirm it.
 */
export function verifyOtp(email: string, token: string, id?: string): Promise<SessionTokens> {
  return sessionOrError('/api/verify_otp', { email, token, ...(id ? { id } : {}) });
}

export function resendOtp(email: string, id?: string): Promise<unknown> {
  return apiRequest('/api/resend_otp', { body: { email, ...(id ? { id } : {}) }, auth: 'none' });
}

export function requestPasswordReset(email: string, redirectTo: string): Promise<unknown> {
  return apiRequest('/api/request_password_reset', { body: { email, redirect_to: redirectTo }, auth: 'none' });
}

/** Checks the recovery session from the e-mailed link; it authenticates with that session's own token. */
export function reauthenticate({ access_token, refresh_token }: TokenPair): Promise<unknown> {
  return apiRequest('/api/reauthenticate', { body: { access_token, refresh_token }, auth: { bearer: access_token } });
}

export function updatePassword(password: string, { access_token, refresh_token }: TokenPair): Promise<unknown> {
  return apiRequest('/api/update_password', {
    body: { password, access_token, refresh_token },
    auth: { bearer: access_token },
  });
}

/** Sign-out must not refresh: it spends the stored tokens as they are and the caller clears storage anyway. */
export function signOut({ access_token, refresh_token }: TokenPair): Promise<unknown> {
  return apiRequest('/api/signout_user', { body: { refresh_token, access_token }, auth: { bearer: access_token } });
}
