/** The recovery session the reset e-mail's link carries in its hash (docs/security-decisions.md, "Reset links"). */
export interface RecoveryTokens {
  access_token: string;
  refresh_token: string;
  type: string | null;
}

export function parseRecoveryHash(hash: string): RecoveryTokens | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const access_token = params.get('access_token');
  const refresh_token = params.get('refresh_token');
  if (!access_token || !refresh_token) return null;
  return { access_token, refresh_token, type: params.get('type') };
}

/** Removes the tokens from the address bar and history so they are not bookmarked, shared or sent on. */
export function wipeHash(): void {
  if (!window.location.hash) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}
