import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { tooManyRequests } from '../http/http-error.js';
import { rateLimits } from './tables.js';

export interface Limit {
  /** Names the counter, e.g. 'signin:ip'. */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in the database: one atomic upsert per hit, so every app instance shares them.
 * Returns the count including this hit and the seconds left in the window.
 */
async function hit(db: Db, key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
  const rows = await db.execute(sql`
    insert into ${rateLimits} (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds}) then 1 else ${rateLimits.count} + 1 end,
      window_start = case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds}) then now() else ${rateLimits.windowStart} end
    returning count, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))::float8 as retry_after`);
  const row = rowsOf<{ count: number; retry_after: number }>(rows)[0]!;
  return { count: Number(row.count), retryAfter: Number(row.retry_after) };
}

/** Counts this request and refuses it with a 429 once the window's allowance is spent. */
export async function consume(db: Db, limit: Limit, subject: string): Promise<void> {
  const { count, retryAfter } = await hit(db, `${limit.name}:${subject}`, limit.windowSeconds);
  if (count > limit.max) throw tooManyRequests(retryAfter);
}

/** Counts this request: whether it is within the allowance, and the seconds until the window ends. */
export async function count(db: Db, limit: Limit, subject: string): Promise<{ allowed: boolean; retryAfter: number }> {
  const { count: n, retryAfter } = await hit(db, `${limit.name}:${subject}`, limit.windowSeconds);
  return { allowed: n <= limit.max, retryAfter };
}

/** Counts this use and says whether it was within the allowance, for work that is skipped rather than refused. */
export async function tryConsume(db: Db, limit: Limit, subject: string): Promise<boolean> {
  const { count } = await hit(db, `${limit.name}:${subject}`, limit.windowSeconds);
  return count <= limit.max;
}

/** A failure counter that, once `max` failures fall in its window, pauses the subject for `pauseSeconds`. */
export interface PausingLimit extends Limit {
  pauseSeconds: number;
}

const pauseKey = (limit: PausingLimit, subject: string) => `${limit.name}:paused:${subject}`;

export async function recordFailureWithPause(db: Db, limit: PausingLimit, subject: string): Promise<void> {
  const { count } = await hit(db, `${limit.name}:${subject}`, limit.windowSeconds);
  if (count < limit.max) return;
  await db.execute(sql`
    insert into ${rateLimits} (key, window_start, count) values (${pauseKey(limit, subject)}, now(), 1)
    on conflict (key) do update set window_start = now(), count = 1`);
}

/** Refuses with a 429 while the subject is paused. */
export async function assertNotPaused(db: Db, limit: PausingLimit, subject: string): Promise<void> {
  const rows = await db.execute(sql`
    select extract(epoch from (window_start + make_interval(secs => ${limit.pauseSeconds}) - now()))::float8 as retry_after
    from ${rateLimits} where key = ${pauseKey(limit, subject)}`);
  const row = rowsOf<{ retry_after: number }>(rows)[0];
  if (row && Number(row.retry_after) > 0) throw tooManyRequests(Number(row.retry_after));
}

/** Counts a failure; returns how many fell in the current window, this one included. */
export async function recordFailure(db: Db, limit: Limit, subject: string): Promise<number> {
  return (await hit(db, `${limit.name}:${subject}`, limit.windowSeconds)).count;
}

export async function clearCounter(db: Db, limit: Limit, subject: string): Promise<void> {
  await db.execute(sql`delete from ${rateLimits} where key = ${`${limit.name}:${subject}`}`);
}

/** Old windows are dead weight; a periodic sweep keeps the table small. */
export async function sweepRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from ${rateLimits} where window_start < now() - interval '1 day'`);
}
