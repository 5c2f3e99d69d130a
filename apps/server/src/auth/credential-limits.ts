import type { Limit } from '../rate-limits/rate-limit.js';

const HOUR = 3600;

/**
 * Per-account allowances for the profile's changes of credentials: e-mail changes send mail and reveal whether an
 * address is taken, password changes hash with argon2.
 */
export const CREDENTIAL_LIMITS = {
  emailChange: { name: 'email-change:account', max: 5, windowSeconds: HOUR },
  passwordChange: { name: 'password-change:account', max: 10, windowSeconds: HOUR },
  /** Wrong current passwords: the fifth in 15 minutes ends every session of the account. */
  currentPasswordFailures: { name: 'current-password-fail:account', max: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, Limit>;
