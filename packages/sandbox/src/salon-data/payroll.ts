import { onOrPreviousWorkingDay } from './bank-holidays';
import type { BankLine } from './bank-statement';
import { dayFromParts, firstDayOfMonth, lastDayOfMonth, type MonthIndex, monthLabel } from './calendar';
import { expectedTakingsBetween } from './expected-takings';
import { unit } from './random';
import type { SalonProfile, StaffMember } from './salon-profile';

/**
 * Monthly payroll, paid on the last working day of the month, and what it owes HMRC and the pension scheme the month
 * after. Wages follow the National Living Wage and a commission on expected takings (74.8% of owners pay commission,
 * NHBF 2016), and so do not depend on the month's actual sales.
 */

/** National Living Wage (23+) from April of each year: £12.21 from April 2025, £12.71 from April 2026 (reference). */
const LIVING_WAGE: Record<number, number> = {
  2020: 8.72,
  2021: 8.91,
  2022: 9.5,
  2023: 10.42,
  2024: 11.44,
  2025: 12.21,
  2026: 12.71,
};
/** The 18–20 rate, paid to the apprentice: £10.85 from April 2026 (reference); earlier years from gov.uk. */
const YOUNG_WORKER_RATE: Record<number, number> = {
  2020: 6.45,
  2021: 6.56,
  2022: 6.83,
  2023: 7.49,
  2024: 8.6,
  2025: 10,
  2026: 10.85,
};

/** A rate from a table by tax year, rising 4% a year outside it. */
function rateFor(table: Record<number, number>, taxYear: number): number {
  const years = Object.keys(table).map(Number);
  const first = Math.min(...years);
  const last = Math.max(...years);
  if (taxYear < first) return table[first]! / 1.04 ** (first - taxYear);
  if (taxYear > last) return table[last]! * 1.04 ** (taxYear - last);
  return table[taxYear]!;
}

/** Commission on the stylist's share of expected service takings. */
const COMMISSION_RATE = 0.05;
const HOURS_PER_MONTH_PER_WEEKLY_HOUR = 52 / 12;

/** The April that starts the tax year a payroll month belongs to (pay dates fall on or after the 6th). */
function taxYearOf(month: MonthIndex): number {
  const year = 1970 + Math.floor(month / 12);
  return month % 12 >= 3 ? year : year - 1;
}

export interface Payslip {
  member: StaffMember;
  gross: number;
  incomeTax: number;
  employeeNi: number;
  employerNi: number;
  employeePension: number;
  employerPension: number;
  net: number;
}

function grossPay(profile: SalonProfile, member: StaffMember, month: MonthIndex): number {
  const taxYear = taxYearOf(month);
  const hourly =
    member.role === 'apprentice'
      ? rateFor(YOUNG_WORKER_RATE, taxYear)
      : rateFor(LIVING_WAGE, taxYear) * member.rateFactor;
  const basic = member.weeklyHours * HOURS_PER_MONTH_PER_WEEKLY_HOUR * hourly;
  let commission = 0;
  if (member.bookable) {
    const takings = expectedTakingsBetween(profile, firstDayOfMonth(month), lastDayOfMonth(month));
    const paidStylists = profile.hairStylists.length - 1; // the owner takes no commission
    const share = member.role === 'nail technician' ? 0.2 / profile.nailTechnicians.length : 0.8 / paidStylists;
    // Good and bad months for each stylist: ±15% around the stylist's share.
    commission = takings * share * COMMISSION_RATE * (0.85 + 0.3 * unit(member.key, month));
  }
  return Math.round(basic * 100 + commission);
}

/**
 * Deductions, monthly and non-cumulative (tax code 1257L): 20% income tax over £1,047.50 a month; employee NI over
 * £1,048 at 12% (10% from 6 January 2024, 8% from 6 April 2024); auto-enrolment pension on earnings over £520 a month,
 * 5% employee and 3% employer. Employer NI: 13.8% over £758 a month, then 15% over £416.67 from 6 April 2025 (reference:
 * 15% above £5,000 a year).
 */
function payslip(profile: SalonProfile, member: StaffMember, month: MonthIndex): Payslip {
  const gross = member.role === 'owner' ? OWNER_SALARY_PENCE : grossPay(profile, member, month);
  const label = monthLabel(month);
  const incomeTax = Math.max(0, Math.round((gross - 104_750) * 0.2));
  const eeRate = label >= '2024-04' ? 0.08 : label >= '2024-01' ? 0.1 : 0.12;
  const employeeNi = Math.max(0, Math.round((gross - 104_800) * eeRate));
  // Directors may opt out of auto-enrolment, and this one does.
  const qualifying = member.role === 'owner' ? 0 : Math.max(0, gross - 52_000);
  const employeePension = Math.round(qualifying * 0.05);
  const employerPension = Math.round(qualifying * 0.03);
  const employerNi =
    label >= '2025-04'
      ? Math.max(0, Math.round((gross - 41_667) * 0.15))
      : Math.max(0, Math.round((gross - 75_800) * 0.138));
  const net = gross - incomeTax - employeeNi - employeePension;
  return { member, gross, incomeTax, employeeNi, employerNi, employeePension, employerPension, net };
}

/**
 * The owner runs the salon as a limited company and takes the usual director's salary up to the personal
 * allowance (£12,570 a year: no income tax or employee NI), taking the rest as transfers to savings.
 */
const OWNER_SALARY_PENCE = 104_750;

export function payslipsFor(profile: SalonProfile, month: MonthIndex): Payslip[] {
  // A sole trader is not on their own payroll: they take drawings (payrollLines).
  const paid = profile.legalForm === 'sole_trader' ? profile.staff : [profile.owner, ...profile.staff];
  return paid.map((member) => payslip(profile, member, month));
}

/** Employment Allowance a year against employer NI: £5,000, £10,500 from April 2025 (reference). */
function employmentAllowance(taxYear: number): number {
  return taxYear >= 2025 ? 1_050_000 : 500_000;
}

/** Employer NI still owed after the Employment Allowance, which is used up from April onwards. */
function employerNiDue(profile: SalonProfile, month: MonthIndex): number {
  const taxYear = taxYearOf(month);
  const april = (taxYear - 1970) * 12 + 3;
  let allowanceLeft = employmentAllowance(taxYear);
  let due = 0;
  for (let m = april; m <= month; m++) {
    const employerNi = payslipsFor(profile, m).reduce((sum, slip) => sum + slip.employerNi, 0);
    const offset = Math.min(allowanceLeft, employerNi);
    allowanceLeft -= offset;
    due = employerNi - offset;
  }
  return due;
}

const monthNames = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Bank lines of the payroll falling in a calendar month: this month's wages, last month's PAYE and pension. */
export function payrollLines(profile: SalonProfile, month: MonthIndex): BankLine[] {
  const lines: BankLine[] = [];
  const payday = onOrPreviousWorkingDay(lastDayOfMonth(month));
  const tag = `${monthNames[month % 12]}${String(1970 + Math.floor(month / 12)).slice(2)}`;
  for (const slip of payslipsFor(profile, month)) {
    lines.push({
      day: payday,
      minute: 8 * 60,
      amountPence: -slip.net,
      code: 'FPO',
      payee: slip.member.payee,
      reference: `WAGES ${tag}`,
      counterparty: slip.member.name,
      category: 'Wages',
      key: `wages:${slip.member.index}`,
    });
  }
  if (profile.legalForm === 'sole_trader') {
    // The owner draws what a director would take home, on the same payday, to their own account.
    lines.push({
      day: payday,
      minute: 8 * 60 + 5,
      amountPence: -OWNER_SALARY_PENCE,
      code: 'FPO',
      payee: profile.owner.payee,
      reference: `DRAWINGS ${tag}`,
      counterparty: profile.owner.name,
      category: 'Owner drawings',
      key: 'drawings',
    });
  }
  const previous = month - 1;
  const slips = payslipsFor(profile, previous);
  const year = 1970 + Math.floor(month / 12);
  const calendarMonth = (month % 12) + 1;
  // PAYE for tax month n is paid electronically by the 22nd of the next month (gov.uk/pay-paye-tax), with the
  // Accounts Office reference followed by the tax year and month.
  const taxMonth = (((previous % 12) - 3 + 12) % 12) + 1;
  const taxYearEnd = taxYearOf(previous) + 1;
  const paye =
    slips.reduce((sum, slip) => sum + slip.incomeTax + slip.employeeNi, 0) + employerNiDue(profile, previous);
  lines.push({
    day: onOrPreviousWorkingDay(dayFromParts(year, calendarMonth, 22)),
    minute: 9 * 60,
    amountPence: -paye,
    code: 'FPO',
    payee: 'HMRC CUMBERNAULD',
    reference: `${profile.payeReference}${String(taxYearEnd).slice(2)}${String(taxMonth).padStart(2, '0')}`,
    counterparty: 'HMRC',
    category: 'PAYE/NI',
    key: 'paye',
  });
  const pension = slips.reduce((sum, slip) => sum + slip.employeePension + slip.employerPension, 0);
  lines.push({
    day: onOrPreviousWorkingDay(dayFromParts(year, calendarMonth, 18)),
    minute: 6 * 60,
    amountPence: -pension,
    code: 'DD',
    payee: 'NEST',
    reference: 'PENSION CONTRIB',
    counterparty: 'National Employment Savings Trust',
    category: 'Pension',
    key: 'pension',
  });
  return lines;
}
