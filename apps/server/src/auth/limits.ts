import type { Limit, PausingLimit } from '../rate-limits/rate-limit.js';
import type { SigninBackoff, SigninSlowdown } from '../rate-limits/signin-throttle.js';

/** Per-IP and per-account allowances for the auth calls (docs/security-decisions.md, "Rate limits"). */
export interface AuthLimits {
  signupPerIp: Limit;
  signupPerAccount: Limit;
  verifyPerIp: Limit;
  /** Wrong codes per address, across its attempts: ten in ten minutes pause verification for ten minutes. */
  verifyFailuresPerAddress: PausingLimit;
  /** Code (and "someone tried to sign up") e-mails per address. */
  codeMailsPerAddress: Limit;
  resendPerIp: Limit;
  signinPerIp: Limit;
  /** Per account and client address: growing, capped waits answered with 429. */
  signinBackoff: SigninBackoff;
  /** Per account alone: a short hold before answering, never a refusal. */
  signinSlowdown: SigninSlowdown;
  /** The owner hears about a sign-in slow-down at most once a day. */
  signinAlertMails: Limit;
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
  verifyFailuresPerAddress: { name: 'verify-fail:address', max: 10, windowSeconds: 600, pauseSeconds: 600 },
  codeMailsPerAddress: { name: 'code-mail:address', max: 5, windowSeconds: HOUR },
  resendPerIp: { name: 'resend:ip', max: 30, windowSeconds: FIVE_MINUTES },
  signinPerIp: { name: 'signin:ip', max: 150, windowSeconds: FIVE_MINUTES },
  signinBackoff: { name: 'signin-backoff', freeFailures: 5, baseSeconds: 2, maxSeconds: 900, forgetSeconds: 86_400 },
  signinSlowdown: {
    name: 'signin-fail:account',
    afterFailures: 50,
    windowSeconds: HOUR,
    stepMs: 200,
    maxDelayMs: 2000,
  },
  signinAlertMails: { name: 'signin-alert-mail:account', max: 1, windowSeconds: 86_400 },
  resetPerIp: { name: 'reset:ip', max: 30, windowSeconds: FIVE_MINUTES },
  resetMailsPerAccount: { name: 'reset-mail:account', max: 5, windowSeconds: HOUR },
  refreshPerIp: { name: 'refresh:ip', max: 150, windowSeconds: FIVE_MINUTES },
  recoveryPerIp: { name: 'recovery:ip', max: 30, windowSeconds: FIVE_MINUTES },
};

/**
 * Every allowance multiplied by `factor` (config's BENCH_RATE_LIMIT_FACTOR, which production refuses): a load
 * benchmark signs in thousands of times a minute from one address. Windows and waits stay as they are.
 */
export function raisedAuthLimits(limits: AuthLimits, factor: number): AuthLimits {
  if (factor === 1) return limits;
  const raised = Object.fromEntries(
    Object.entries(limits).map(([key, limit]) => [key, 'max' in limit ? { ...limit, max: limit.max * factor } : limit]),
  ) as unknown as AuthLimits;
  return {
    ...raised,
    signinBackoff: { ...limits.signinBackoff, freeFailures: limits.signinBackoff.freeFailures * factor },
    signinSlowdown: { ...limits.signinSlowdown, afterFailures: limits.signinSlowdown.afterFailures * factor },
  };
}
