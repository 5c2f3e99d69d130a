import { isWorkingDay } from './bank-holidays';
import type { BankLine } from './bank-statement';
import { type DayNumber, dateOf, firstDayOfMonth, lastDayOfMonth, type MonthIndex, monthLabel } from './calendar';
import { expectedTakingsBetween } from './expected-takings';
import { randomFor } from './random';
import type { SalonProfile } from './salon-profile';
import { isSalonOpen } from './seasonality';

/** Small card spending on a day: refreshments for clients, sundries, the odd repair. */
export function occasionalSpendingOn(profile: SalonProfile, day: DayNumber): BankLine[] {
  if (!isSalonOpen(day)) return [];
  const random = randomFor(profile.seed, 'spending', dateOf(day));
  const lines: BankLine[] = [];
  const scale = Math.max(1, Math.round(profile.scale));
  if (random.chance(0.2)) {
    lines.push({
      day,
      minute: random.int(8 * 60, 9 * 60),
      amountPence: -random.int(600, 3500) * scale,
      code: 'DEB',
      payee: `TESCO STORES ${random.int(2000, 6999)}`,
      counterparty: 'Tesco',
      category: 'Refreshments',
      key: 'tesco',
    });
  }
  if (random.chance(0.06)) {
    lines.push({
      day,
      minute: random.int(12 * 60, 22 * 60),
      amountPence: -random.int(800, 7000) * scale,
      code: 'DEB',
      payee: `AMAZON.CO.UK*${random.chars('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 9)}`,
      counterparty: 'Amazon',
      category: 'Stock & supplies',
      key: 'amazon',
      vatable: true,
    });
  }
  if (random.chance(0.012)) {
    lines.push({
      day,
      minute: random.int(8 * 60, 17 * 60),
      amountPence: -random.int(1500, 14_000),
      code: 'DEB',
      payee: 'SCREWFIX DIRECT',
      counterparty: 'Screwfix',
      category: 'Premises costs',
      key: 'screwfix',
      vatable: true,
    });
  }
  return lines;
}

/**
 * The owner moves spare cash to their savings account in most months (the owner's money, out of the profit and loss:
 * docs/finance.md, "The owner's money"), on a working day in the last ten days of the month.
 */
export function savingsTransferLines(profile: SalonProfile, month: MonthIndex): BankLine[] {
  const random = randomFor(profile.seed, 'savings', monthLabel(month));
  if (!random.chance(0.6)) return [];
  const candidates: DayNumber[] = [];
  for (let day = lastDayOfMonth(month) - 9; day <= lastDayOfMonth(month); day++)
    if (isWorkingDay(day)) candidates.push(day);
  const takings = expectedTakingsBetween(profile, firstDayOfMonth(month), lastDayOfMonth(month));
  const amount = Math.max(50_000, Math.round((takings * (0.04 + 0.08 * random.next())) / 50_000) * 50_000);
  return [
    {
      day: random.pick(candidates),
      minute: random.int(19 * 60, 22 * 60),
      amountPence: -amount,
      code: 'TFR',
      payee: profile.savingsAccount,
      reference: 'SAVINGS',
      counterparty: `${profile.owner.name} (savings)`,
      category: "Owner's savings",
      key: 'savings',
    },
  ];
}
