import { AUTH_ENDPOINTS as E, type Session } from '@brade/contract';
import { call } from './client';

/** The auth calls of docs/product.md, "The calls". None of them ever triggers a token refresh. */

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

/** The spec's sign-in and verify answers are "tokens, or an error field": a 200 carrying `error` is refused. */
export function signIn(email: string, password: string): Promise<Session> {
  return call(E.signin, { body: { email, password } });
}

export function signUp(form: { fullName: string; email: string; password: string }): Promise<{ id: string }> {
  return call(E.signup, {
    body: { email: form.email, password: form.password, options: { data: { full_name: form.fullName } } },
  });
}

/**
 * `id` is what sign-up answered: beside the spec's email and token it binds the code to this browser's own
 * sign-up, so a code mailed for someone else's sign-up of the same address cannot confirm it.
 */
export function verifyOtp(email: string, token: string, id?: string): Promise<Session> {
  return call(E.verifyOtp, { body: { email, token, ...(id ? { id } : {}) } });
}

export function resendOtp(email: string, id?: string): Promise<unknown> {
  return call(E.resendOtp, { body: { email, ...(id ? { id } : {}) } });
}

export function requestPasswordReset(email: string, redirectTo: string): Promise<unknown> {
  return call(E.requestPasswordReset, { body: { email, redirect_to: redirectTo } });
}

/** Checks the recovery session from the e-mailed link; it authenticates with that session's own token. */
export function reauthenticate({ access_token, refresh_token }: TokenPair): Promise<unknown> {
  return call(E.reauthenticate, { body: { access_token, refresh_token } }, { bearer: access_token });
}

export function updatePassword(password: string, { access_token, refresh_token }: TokenPair): Promise<unknown> {
  return call(E.updatePassword, { body: { password, access_token, refresh_token } }, { bearer: access_token });
}

/** Sign-out must not refresh: it spends the stored tokens as they are and the caller clears storage anyway. */
export function signOut({ access_token, refresh_token }: TokenPair): Promise<unknown> {
  return call(E.signout, { body: { refresh_token, access_token } }, { bearer: access_token });
}
