import type { Limit } from '../auth/rate-limit.js';

const HOUR = 3600;

/**
 * Per-account allowances for the profile's costly or sensitive writes: e-mail changes send mail and reveal
 * whether an address is taken, password changes hash with argon2, uploads decode images.
 */
export const PROFILE_LIMITS = {
  emailChange: { name: 'email-change:account', max: 5, windowSeconds: HOUR },
  passwordChange: { name: 'password-change:account', max: 10, windowSeconds: HOUR },
  /** Wrong current passwords: the fifth in 15 minutes ends every session of the account. */
  currentPasswordFailures: { name: 'current-password-fail:account', max: 5, windowSeconds: 15 * 60 },
  photoUpload: { name: 'photo-upload:account', max: 20, windowSeconds: HOUR },
} as const satisfies Record<string, Limit>;
