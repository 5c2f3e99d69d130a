import type { Limit } from './rate-limit.js';

/** Per-IP and per-account allowances for the auth calls (reference/security.md sections 2 and 3). */
export interface AuthLimits {
  signupPerIp: Limit;
  signupPerAccount: Limit;
  verifyPerIp: Limit;
  verifyFailuresPerAccount: Limit;
  resendPerIp: Limit;
  signinPerIp: Limit;
  signinFailuresPerAccount: Limit;
  resetPerIp: Limit;
  resetMailsPerAccount: Limit;
  refreshPerIp: Limit;
  recoveryPerIp: Limit;
}

const FIVE_MINUTES = 300;
const HOUR = 3600;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signupPerIp: { name: 'signup:ip', max: 30, windowSeconds: FIVE_MINUTES },
  signupPerAccount: { name: 'signup:account', max: 10, windowSeconds: HOUR },
  verifyPerIp: { name: 'verify:ip', max: 30, windowSeconds: FIVE_MINUTES },
  verifyFailuresPerAccount: { name: 'verify-fail:account', max: 100, windowSeconds: HOUR },
  resendPerIp: { name: 'resend:ip', max: 30, windowSeconds: FIVE_MINUTES },
  signinPerIp: { name: 'signin:ip', max: 150, windowSeconds: FIVE_MINUTES },
  signinFailuresPerAccount: { name: 'signin-fail:account', max: 10, windowSeconds: 15 * 60 },
  resetPerIp: { name: 'reset:ip', max: 30, windowSeconds: FIVE_MINUTES },
  resetMailsPerAccount: { name: 'reset-mail:account', max: 5, windowSeconds: HOUR },
  refreshPerIp: { name: 'refresh:ip', max: 150, windowSeconds: FIVE_MINUTES },
  recoveryPerIp: { name: 'recovery:ip', max: 30, windowSeconds: FIVE_MINUTES },
};
