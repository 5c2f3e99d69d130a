import { type DayNumber, weekdayOf, yearOf } from './calendar';
import type { SalonProfile } from './salon-profile';
import { demandOn, isSalonOpen, WEEKDAY_SHARE } from './seasonality';

/**
 * What the salon expects to take on a day, from the demand model rather than from the day's actual sales. Bills that
 * follow the trade (stock orders, commission) use it, so that a bill depends on its own date only and never on
 * generating weeks of sales. Calibrated on generated data: about £1,650 on an average day at 2024 UK-average prices.
 */
const TAKINGS_PER_AVERAGE_DAY_PENCE = 165_000;

export function expectedTakingsPence(profile: SalonProfile, day: DayNumber): number {
  if (!isSalonOpen(day)) return 0;
  const priceLevel = profile.town.priceFactor * 1.04 ** (yearOf(day) - 2024);
  return (
    TAKINGS_PER_AVERAGE_DAY_PENCE * profile.scale * priceLevel * demandOn(day) * WEEKDAY_SHARE[weekdayOf(day)]! * 6
  );
}

export function expectedTakingsBetween(profile: SalonProfile, from: DayNumber, to: DayNumber): number {
  let total = 0;
  for (let day = from; day <= to; day++) total += expectedTakingsPence(profile, day);
  return total;
}
