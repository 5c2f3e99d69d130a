import { onOrNextWorkingDay } from './bank-holidays';
import { type BankLine, roundPounds } from './bank-statement';
import {
  type DayNumber,
  dayFromParts,
  firstDayOfMonth,
  lastDayOfMonth,
  type MonthIndex,
  monthLabel,
  weekdayOf,
} from './calendar';
import { expectedTakingsBetween } from './expected-takings';
import { randomFor } from './random';
import type { SalonProfile } from './salon-profile';

/**
 * The salon's recurring outgoings and other income in a calendar month, each on the date its payment method gives it:
 * standing orders and Direct Debits move to the next working day, card payments (DEB) happen on the day.
 */
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function yearOfMonth(month: MonthIndex): number {
  return 1970 + Math.floor(month / 12);
}

function calendarMonthOf(month: MonthIndex): number {
  return (month % 12) + 1;
}

/** Prices and contracts go up each year; `rise` a year from 2024 (downwards before). */
function yearly(month: MonthIndex, rise: number): number {
  return rise ** (yearOfMonth(month) - 2024);
}

function dueOn(month: MonthIndex, dayOfMonth: number): DayNumber {
  return onOrNextWorkingDay(dayFromParts(yearOfMonth(month), calendarMonthOf(month), dayOfMonth));
}

/** Business rates a month (10 instalments, April to January), after the relief of the year. */
function businessRatesPence(profile: SalonProfile, month: MonthIndex): number {
  const calendarMonth = calendarMonthOf(month);
  if (calendarMonth === 2 || calendarMonth === 3) return 0;
  const ratesYear = calendarMonth >= 4 ? yearOfMonth(month) : yearOfMonth(month) - 1;
  // A rateable value of about £18,000 puts a busy salon above Small Business Rate Relief (100% up to £12,000, tapering
  // to £15,000). Retail, hospitality & leisure relief: 75% in 2024/25, 40% in 2025/26 (reference); 75% in 2023/24 and
  // 50% in 2022/23 (gov.uk). From 2026/27 a lower retail multiplier replaces the relief (assumed 0.382).
  const rateableValue = 18_000 * profile.town.priceFactor * profile.scale;
  const relief = ratesYear >= 2026 ? 0 : ratesYear === 2025 ? 0.4 : ratesYear >= 2023 ? 0.75 : 0.5;
  const multiplier = ratesYear >= 2026 ? 0.382 : 0.499;
  return roundPounds((rateableValue * multiplier * (1 - relief) * 100) / 10);
}

function weekdaysIn(month: MonthIndex, weekday: number): DayNumber[] {
  const days: DayNumber[] = [];
  for (let day = firstDayOfMonth(month); day <= lastDayOfMonth(month); day++)
    if (weekdayOf(day) === weekday) days.push(day);
  return days;
}

export function regularBillLines(profile: SalonProfile, month: MonthIndex): BankLine[] {
  const random = randomFor(profile.seed, 'bills', monthLabel(month));
  const scale = profile.scale;
  const tag = `${MONTHS[month % 12]}${String(yearOfMonth(month)).slice(2)}`;
  const calendarMonth = calendarMonthOf(month);
  const winter = calendarMonth >= 11 || calendarMonth <= 3;
  const lines: BankLine[] = [];
  const add = (line: Omit<BankLine, 'key'> & { key?: string }) => lines.push({ key: line.payee, ...line });

  add({
    day: dueOn(month, 1),
    minute: 6 * 60,
    amountPence: -roundPounds(profile.rentPence * scale * yearly(month, 1.03)),
    code: 'SO',
    payee: profile.landlord,
    reference: `RENT ${tag}`,
    counterparty: profile.landlord,
    category: 'Rent',
  });
  const rates = businessRatesPence(profile, month);
  if (rates > 0) {
    add({
      day: dueOn(month, 15),
      minute: 6 * 60,
      amountPence: -rates,
      code: 'DD',
      payee: profile.town.council,
      reference: 'NNDR',
      counterparty: profile.town.council,
      category: 'Business rates',
    });
  }
  // Dryers, straighteners, hot water and lighting: a salon's energy bill runs high and higher in winter (assumption).
  add({
    day: dueOn(month, 10),
    minute: 6 * 60,
    amountPence: -roundPounds(random.int(42_000, 56_000) * (winter ? 1.3 : 0.9) * scale * yearly(month, 1.03)),
    code: 'DD',
    payee: profile.energySupplier.payee,
    reference: 'BUSINESS ENERGY',
    counterparty: profile.energySupplier.counterparty,
    category: 'Utilities',
    vatable: true,
  });
  add({
    day: dueOn(month, 20),
    minute: 6 * 60,
    amountPence: -roundPounds(random.int(6500, 9500) * scale * yearly(month, 1.05)),
    code: 'DD',
    payee: 'CASTLE WATER LTD',
    reference: 'WATER SERVICES',
    counterparty: 'Castle Water',
    category: 'Utilities',
  });
  add({
    day: dueOn(month, 12),
    minute: 6 * 60,
    amountPence: -Math.round(5200 * Math.max(1, Math.round(scale)) * yearly(month, 1.06)),
    code: 'DD',
    payee: 'BT GROUP PLC',
    reference: 'BUSINESS BROADBAND',
    counterparty: 'BT Business',
    category: 'Utilities',
    vatable: true,
  });
  // Public and employers' liability about £470 a year plus contents and stock (NimbleFins; Professional Beauty
  // Direct, 2023–25): about £750 a year by monthly Direct Debit to a salon insurer (Ripe, 2025).
  add({
    day: dueOn(month, 3),
    minute: 6 * 60,
    amountPence: -Math.round(6250 * scale * yearly(month, 1.05)),
    code: 'DD',
    payee: 'RIPE INSURANCE',
    reference: 'SALON POLICY',
    counterparty: 'Ripe Insurance',
    category: 'Insurance',
  });
  // Booking system priced per user, about £25–£30 a user a month (luminate.salon, c.2025); it takes the online
  // deposits through Stripe. Accounting software by Direct Debit.
  const bookable = profile.hairStylists.length + profile.nailTechnicians.length;
  add({
    day: firstDayOfMonth(month) + 5,
    minute: 3 * 60,
    amountPence: -Math.round(2700 * bookable * yearly(month, 1.03)),
    code: 'DEB',
    payee: 'TIMELY LIMITED',
    reference: 'SUBSCRIPTION',
    counterparty: 'Timely',
    category: 'Software',
    vatable: true,
  });
  add({
    day: dueOn(month, 14),
    minute: 6 * 60,
    amountPence: -Math.round(3960 * yearly(month, 1.08)),
    code: 'DD',
    payee: 'XERO UK LTD',
    reference: 'SUBSCRIPTION',
    counterparty: 'Xero',
    category: 'Software',
    vatable: true,
  });
  add({
    day: dueOn(month, 5),
    minute: 6 * 60,
    amountPence: -Math.round(4200 * scale * yearly(month, 1.04)),
    code: 'DD',
    payee: 'BIFFA WASTE SERVICES',
    reference: 'TRADE WASTE',
    counterparty: 'Biffa',
    category: 'Premises costs',
    vatable: true,
  });
  // Lloyds: free for 12 months, then £8.50 a month (lloydsbank.com rates, 2025–26).
  add({
    day: dueOn(month, 1),
    minute: 7 * 60,
    amountPence: -850,
    code: 'CHG',
    payee: 'ACCOUNT FEE',
    reference: tag,
    counterparty: 'Lloyds Bank',
    category: 'Bank charges',
  });
  add({
    day: dueOn(month, 25),
    minute: 6 * 60,
    amountPence: -Math.round(18_000 * yearly(month, 1.04)),
    code: 'SO',
    payee: 'PENNINGTON ACCOUNTANTS',
    reference: 'MONTHLY FEE',
    counterparty: 'Pennington Accountants',
    category: 'Professional fees',
    vatable: true,
  });
  if (calendarMonth === 9) {
    add({
      day: dueOn(month, 1),
      minute: 6 * 60,
      amountPence: -Math.round(32_000 * scale * yearly(month, 1.04)),
      code: 'DD',
      payee: 'PPL PRS LTD',
      reference: 'THEMUSICLICENCE',
      counterparty: 'PPL PRS',
      category: 'Licences',
      vatable: true,
    });
  }
  lines.push(...stockOrders(profile, month), ...cardTerminalPurchases(profile, month), ...roomRent(profile, month));
  return lines;
}

/**
 * Stock and supplies by debit card from the wholesalers named in the reference (Salon Services, Salons Direct):
 * together about 13% of takings, in line with the 14% stock line of a model salon budget (Lotinga, c.2014) and
 * backbar kept under 13% of service prices. Salon Services weekly on Tuesdays after the Monday closure, Salons Direct
 * every other Thursday.
 */
function stockOrders(profile: SalonProfile, month: MonthIndex): BankLine[] {
  const lines: BankLine[] = [];
  for (const tuesday of weekdaysIn(month, 2)) {
    const random = randomFor(profile.seed, 'salon-services', tuesday);
    const takings = expectedTakingsBetween(profile, tuesday - 7, tuesday - 1);
    lines.push({
      day: tuesday,
      minute: random.int(10 * 60, 16 * 60),
      amountPence: -Math.round(takings * 0.1 * (0.8 + 0.4 * random.next())),
      code: 'DEB',
      payee: 'SALON SERVICES',
      reference: `ORDER ${random.int(4_100_000, 4_999_999)}`,
      counterparty: 'Sally Salon Services Ltd',
      category: 'Stock & supplies',
      key: 'salon-services',
      vatable: true,
    });
  }
  for (const thursday of weekdaysIn(month, 4)) {
    if (Math.floor(thursday / 7) % 2 !== 0) continue;
    const random = randomFor(profile.seed, 'salons-direct', thursday);
    const takings = expectedTakingsBetween(profile, thursday - 14, thursday - 1);
    lines.push({
      day: thursday,
      minute: random.int(10 * 60, 16 * 60),
      amountPence: -Math.round(takings * 0.03 * (0.7 + 0.6 * random.next())),
      code: 'DEB',
      payee: 'SALONS DIRECT',
      reference: `SD${random.int(1_000_000, 9_999_999)}`,
      counterparty: 'Salons Direct',
      category: 'Stock & supplies',
      key: 'salons-direct',
      vatable: true,
    });
  }
  return lines;
}

/**
 * Square and SumUp charge no rental: the salon buys its readers and replaces them every two to three years (Square
 * Reader £39 at UK launch; SumUp terminal £149, NHF Salon Focus 2022; market rentals of £10–£40 a month would apply
 * only to a bank terminal it doesn't use). Each device is replaced on its own cycle, so a purchase is a pure function
 * of the month.
 */
function cardTerminalPurchases(profile: SalonProfile, month: MonthIndex): BankLine[] {
  const devices = [
    { payee: 'SQUAREUP EUROPE LTD', counterparty: 'Square', item: 'READER', pence: 3900, cycle: 30 },
    { payee: 'SUMUP PAYMENTS LTD', counterparty: 'SumUp', item: 'TERMINAL', pence: 14_900, cycle: 36 },
  ];
  const lines: BankLine[] = [];
  devices.forEach((device, index) => {
    const offset = randomFor(profile.seed, 'device', index).int(0, device.cycle - 1);
    if ((month + offset) % device.cycle !== 0) return;
    const count = Math.max(1, Math.round(profile.scale));
    lines.push({
      day: firstDayOfMonth(month) + randomFor(profile.seed, 'device-day', index, month).int(0, 20),
      minute: 11 * 60,
      amountPence: -Math.round(device.pence * 1.2 * count),
      code: 'DEB',
      payee: device.payee,
      reference: `${device.item} X${count}`,
      counterparty: device.counterparty,
      category: 'Card terminal',
      key: `device:${index}`,
      vatable: true,
    });
  });
  return lines;
}

/** Weekly room rent from the self-employed lash and brow technician, paid every Friday. */
function roomRent(profile: SalonProfile, month: MonthIndex): BankLine[] {
  const renters = Math.max(1, Math.round(profile.scale));
  return weekdaysIn(month, 5).map((friday) => ({
    day: friday,
    minute: 12 * 60,
    amountPence: Math.round((profile.roomRenter.weeklyPence * renters * yearly(month, 1.03)) / 100) * 100,
    code: 'FPI' as const,
    payee: profile.roomRenter.payee,
    reference: 'ROOM RENT',
    counterparty: profile.roomRenter.payee,
    category: 'Other income' as const,
    key: 'room-rent',
  }));
}
