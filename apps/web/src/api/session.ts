import { type Session, STORAGE_KEYS } from '@brade/contract';

/** What sign-in, OTP verification and token refresh return, as far as the browser keeps it. */
type SessionTokens = Pick<Session, 'id' | 'access_token' | 'refresh_token'>;

/** The keys that make up a signed-in session; onboarding state is deliberately not among them. */
const SESSION_KEYS = [
  STORAGE_KEYS.id,
  STORAGE_KEYS.fullName,
  STORAGE_KEYS.email,
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
] as const;

export function storeTokens(tokens: SessionTokens): void {
  if (tokens.id) localStorage.setItem(STORAGE_KEYS.id, tokens.id);
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.access_token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token);
}

export function storeSession(tokens: SessionTokens, profile: { email?: string; fullName?: string }): void {
  storeTokens(tokens);
  if (profile.email) localStorage.setItem(STORAGE_KEYS.email, profile.email);
  if (profile.fullName) localStorage.setItem(STORAGE_KEYS.fullName, profile.fullName);
}

export function storeFullName(fullName: string): void {
  localStorage.setItem(STORAGE_KEYS.fullName, fullName);
}

export function clearSession(): void {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
}

export const stored = {
  id: () => localStorage.getItem(STORAGE_KEYS.id),
  email: () => localStorage.getItem(STORAGE_KEYS.email),
  fullName: () => localStorage.getItem(STORAGE_KEYS.fullName),
  accessToken: () => localStorage.getItem(STORAGE_KEYS.accessToken),
  refreshToken: () => localStorage.getItem(STORAGE_KEYS.refreshToken),
};
