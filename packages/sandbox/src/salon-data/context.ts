import type { Appointment } from './appointments';
import type { DayNumber } from './calendar';
import type { ClientPool } from './client-pool';
import type { SalonProfile } from './salon-profile';

/**
 * What one call works with. The memo saves recomputing a day that several records read (payouts, refunds and VAT
 * read earlier days' sales); it lives for one call only, and each entry is a pure function of (seed, scale, day).
 */
export interface GenerationContext {
  profile: SalonProfile;
  pool: ClientPool;
  memo: Map<string, unknown>;
  /** Appointments by the day their online deposit was paid, filled as appointment days are computed. */
  depositsByDay: Map<DayNumber, Appointment[]>;
}

export function memoised<T>(context: GenerationContext, kind: string, day: DayNumber, compute: () => T): T {
  const key = `${kind}:${day}`;
  if (context.memo.has(key)) return context.memo.get(key) as T;
  const value = compute();
  context.memo.set(key, value);
  return value;
}
