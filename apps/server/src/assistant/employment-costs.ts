/**
 * What an employee costs the salon beyond their salary, at the UK's 2026/27 rates (docs/finance.md, "Hiring: what a
 * salary costs"): employer's Class 1 National Insurance and the minimum employer contribution to a workplace pension
 * under automatic enrolment. Amounts are pence a year.
 */
export const EMPLOYMENT_RATES_2026_27 = {
  /** Employer's (secondary) Class 1 rate above the secondary threshold. */
  employerNiRate: 0.15,
  /** Secondary threshold, £5,000 a year (held at this level to April 2031). */
  secondaryThresholdPence: 500_000,
  /** Employment Allowance: an eligible employer's NI bill is reduced by up to £10,500 a year. */
  employmentAllowancePence: 1_050_000,
  /** Automatic enrolment: the earnings trigger and the qualifying earnings band. */
  enrolmentTriggerPence: 1_000_000,
  qualifyingLowerPence: 624_000,
  qualifyingUpperPence: 5_027_000,
  /** The employer's minimum contribution on qualifying earnings. */
  employerPensionRate: 0.03,
} as const;

export interface EmploymentCost {
  salaryPence: number;
  employerNiPence: number;
  pensionPence: number;
  totalPence: number;
}

/** The yearly cost of a salary: the salary, employer's NI on it above the threshold, the minimum pension. */
export function employmentCost(salaryPence: number): EmploymentCost {
  const r = EMPLOYMENT_RATES_2026_27;
  const employerNiPence = Math.round(Math.max(0, salaryPence - r.secondaryThresholdPence) * r.employerNiRate);
  const qualifying = Math.max(0, Math.min(salaryPence, r.qualifyingUpperPence) - r.qualifyingLowerPence);
  const pensionPence = salaryPence >= r.enrolmentTriggerPence ? Math.round(qualifying * r.employerPensionRate) : 0;
  return { salaryPence, employerNiPence, pensionPence, totalPence: salaryPence + employerNiPence + pensionPence };
}
