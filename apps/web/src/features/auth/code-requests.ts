/**
 * When this browser asked for sign-up codes (the sign-up itself and each resend), so the code screen can say when
 * the next one can be asked for. The server never tells when a code was sent (docs/security-decisions.md, "Sign-up
 * attempts (no unauthenticated request changes an account's credentials)"); it sends at most one a minute and five
 * an hour per address, and these are its limits.
 */
const STORAGE_KEY = 'otp_code_requests';
export const RESEND_WAIT_MS = 60_000;
export const CODES_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

interface Stored {
  email: string;
  times: number[];
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function read(): Stored | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Stored | null;
    if (typeof value?.email !== 'string' || !Array.isArray(value.times)) return null;
    return { email: value.email, times: value.times.filter((time) => Number.isFinite(time)) };
  } catch {
    return null;
  }
}

/** The requests for `email` within the last hour, oldest first. */
export function codeRequests(email: string, now = Date.now()): number[] {
  const record = read();
  if (!record || !sameAddress(record.email, email)) return [];
  return record.times.filter((time) => time > now - HOUR_MS && time <= now).sort((a, b) => a - b);
}

/** Notes a request made at `at` (when it was sent, not when it was answered). */
export function recordCodeRequest(email: string, at = Date.now()): void {
  const times = [...codeRequests(email, at), at].slice(-CODES_PER_HOUR);
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ email, times }));
}

export interface ResendWait {
  /** When the next code can be asked for (ms since the epoch); null: now. */
  until: number | null;
  /** True when the hourly allowance, not the minute between codes, is what holds it back. */
  hourlyCap: boolean;
}

/** When a new code can be asked for, given the earlier requests (oldest first). */
export function resendWait(times: number[], now: number): ResendWait {
  const last = times.at(-1);
  const minute = last === undefined ? 0 : last + RESEND_WAIT_MS;
  const recent = times.filter((time) => time > now - HOUR_MS);
  const hour = recent.length >= CODES_PER_HOUR ? recent[recent.length - CODES_PER_HOUR]! + HOUR_MS : 0;
  const until = Math.max(minute, hour);
  if (until <= now) return { until: null, hourlyCap: false };
  return { until, hourlyCap: hour > minute };
}
