import { type DayNumber, dateOf, dayNumberOf } from './calendar';

/**
 * Europe/London conversions through Intl, so that BST changes come from the platform's time-zone data rather than a
 * hand-written rule.
 */
const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** London wall-clock time minus UTC, in milliseconds, at an instant (0 in GMT, 3,600,000 in BST). */
function londonOffsetMs(instantMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of londonParts.formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wallClock = Date.UTC(
    fields.year!,
    fields.month! - 1,
    fields.day!,
    fields.hour!,
    fields.minute!,
    fields.second!,
  );
  return wallClock - Math.floor(instantMs / 1000) * 1000;
}

/** One definition of "the London day of an instant" for the whole product. */
export { londonDateOf } from '@brade/contract';

/**
 * The UTC instant of a London wall-clock time. Two passes settle the offset on the days the clocks change; a time
 * that does not exist (01:30 on the spring-forward Sunday) lands an hour later, as a wall clock would show it.
 */
export function londonTimeToUtc(date: string, hour: number, minute: number): Date {
  const wallClock = dayNumberOf(date) * 86_400_000 + hour * 3_600_000 + minute * 60_000;
  const first = wallClock - londonOffsetMs(wallClock);
  return new Date(wallClock - londonOffsetMs(first));
}

const noonOffsets = new Map<DayNumber, number>();

/**
 * Fast path for the generator's many timestamps: the clocks change at 01:00 UTC, so from 03:00 onwards a London day
 * has the same offset as at its noon, which is computed once per day instead of once per record.
 */
export function londonInstant(day: DayNumber, minuteOfDay: number, second = 0): Date {
  if (minuteOfDay < 180) return new Date(londonTimeToUtc(dateOf(day), 0, minuteOfDay).getTime() + second * 1000);
  let offset = noonOffsets.get(day);
  if (offset === undefined) {
    offset = londonOffsetMs(day * 86_400_000 + 12 * 3_600_000);
    noonOffsets.set(day, offset);
  }
  return new Date(day * 86_400_000 + minuteOfDay * 60_000 + second * 1000 - offset);
}
