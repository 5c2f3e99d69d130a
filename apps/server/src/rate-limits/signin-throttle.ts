import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { tooManyRequests } from '../http/http-error.js';
import { rateLimits } from './tables.js';

/**
 * Sign-in failures slow the guesser, never lock the owner out (docs/security-decisions.md):
 * - per account and client address: after a few free failures each further try must wait a growing, capped
 *   delay, refused meanwhile with 429 and Retry-After (no connection is held);
 * - per account alone: after many failures in an hour every attempt is answered a little later, then handled.
 */
export interface SigninBackoff {
  name: string;
  freeFailures: number;
  baseSeconds: number;
  maxSeconds: number;
  /** Failures older than this (since the last one) are forgotten. */
  forgetSeconds: number;
}

export interface SigninSlowdown {
  name: string;
  /** Failures within the window after which every attempt is slowed. */
  afterFailures: number;
  windowSeconds: number;
  stepMs: number;
  maxDelayMs: number;
}

/** Seconds to wait after the given number of consecutive failures: 0 while free, then doubling to the cap. */
export function backoffSeconds(policy: SigninBackoff, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** (failures - policy.freeFailures));
}

const pairKey = (policy: SigninBackoff, email: string, ip: string) => `${policy.name}:${email}|${ip}`;

export async function assertNoBackoff(db: Db, policy: SigninBackoff, email: string, ip: string): Promise<void> {
  const rows = await db.execute(sql`
    select count, extract(epoch from (now() - window_start))::float8 as since
    from ${rateLimits} where key = ${pairKey(policy, email, ip)}`);
  const row = rowsOf<{ count: number; since: number }>(rows)[0];
  if (!row || Number(row.since) > policy.forgetSeconds) return;
  const wait = backoffSeconds(policy, Number(row.count)) - Number(row.since);
  if (wait > 0) throw tooManyRequests(wait);
}

/** One more consecutive failure for this account from this address; the row's time is the last failure's. */
export async function recordBackoffFailure(db: Db, policy: SigninBackoff, email: string, ip: string): Promise<void> {
  await db.execute(sql`
    insert into ${rateLimits} (key, window_start, count) values (${pairKey(policy, email, ip)}, now(), 1)
    on conflict (key) do update set
      count = case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${policy.forgetSeconds}) then 1
                   else ${rateLimits.count} + 1 end,
      window_start = now()`);
}

export async function clearBackoff(db: Db, policy: SigninBackoff, email: string, ip: string): Promise<void> {
  await db.execute(sql`delete from ${rateLimits} where key = ${pairKey(policy, email, ip)}`);
}

/** How long to hold this attempt back: 0 until the account's failures this window pass the threshold. */
export async function slowdownMs(db: Db, policy: SigninSlowdown, email: string): Promise<number> {
  const rows = await db.execute(sql`
    select count from ${rateLimits}
    where key = ${`${policy.name}:${email}`} and window_start > now() - make_interval(secs => ${policy.windowSeconds})`);
  const failures = Number(rowsOf<{ count: number }>(rows)[0]?.count ?? 0);
  if (failures < policy.afterFailures) return 0;
  return Math.min(policy.maxDelayMs, (failures - policy.afterFailures + 1) * policy.stepMs);
}
