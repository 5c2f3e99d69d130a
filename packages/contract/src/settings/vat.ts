import { z } from 'zod';
import { addMonths, firstDayOf, lastDayOf, monthOf } from '../dates.js';
import { isValidVrn, normaliseVrn } from '../hmrc/vrn.js';
import { lazy } from '../lazy.js';

/**
 * VAT (beyond the product's spec; docs/finance.md, "VAT"). An owner's business is not registered, on the standard
 * scheme, or on the Flat Rate Scheme; VAT is accounted on payment dates, the only dates Brade's data has.
 */
export const VAT_SCHEMES = ['not_registered', 'standard', 'flat_rate'] as const;
export type VatScheme = (typeof VAT_SCHEMES)[number];

/** The three VAT quarter staggers, named by the months their quarters end in. */
export const VAT_STAGGERS = ['mar_jun_sep_dec', 'apr_jul_oct_jan', 'may_aug_nov_feb'] as const;
export type VatStagger = (typeof VAT_STAGGERS)[number];

/** How a category's transactions carry VAT: standard 20 %, reduced 5 %, zero-rated, exempt, or outside the scope. */
export const VAT_TREATMENTS = ['standard', 'reduced', 'zero', 'exempt', 'outside'] as const;
export type VatTreatment = (typeof VAT_TREATMENTS)[number];

/** Each treatment's rate in basis points (2000 = 20 %). */
export const VAT_TREATMENT_RATES: Record<VatTreatment, number> = {
  standard: 2000,
  reduced: 500,
  zero: 0,
  exempt: 0,
  outside: 0,
};

export const VAT_LABELS = {
  question: 'Is your business registered for VAT?',
  schemes: {
    not_registered: 'Not registered',
    standard: 'Standard scheme',
    flat_rate: 'Flat Rate Scheme',
  } satisfies Record<VatScheme, string>,
  staggers: {
    mar_jun_sep_dec: 'Mar, Jun, Sep, Dec',
    apr_jul_oct_jan: 'Apr, Jul, Oct, Jan',
    may_aug_nov_feb: 'May, Aug, Nov, Feb',
  } satisfies Record<VatStagger, string>,
  treatments: {
    standard: 'Standard 20 %',
    reduced: 'Reduced 5 %',
    zero: 'Zero-rated 0 %',
    exempt: 'Exempt',
    outside: 'Outside the scope',
  } satisfies Record<VatTreatment, string>,
  flatRate: 'Flat rate (%)',
  vrn: 'VAT registration number',
  registeredFrom: 'Registration took effect on',
  stagger: 'VAT quarters end in',
  card: 'VAT',
  categoryRates: 'VAT rates of categories',
} as const;

/**
 * UK defaults of each ledger category (docs/finance.md, "VAT rates of categories"). A category not named here
 * carries no VAT. Sales and room rent are standard-rated; rent without an option to tax, insurance, bank charges,
 * card fees and loan interest are exempt; wages, PAYE, pensions and business rates are outside the scope.
 */
export const DEFAULT_CATEGORY_VAT: Record<string, VatTreatment> = {
  Sales: 'standard',
  Refunds: 'standard',
  'Card payouts': 'standard',
  'Room rent': 'standard',
  'Interest received': 'exempt',
  'Other income': 'outside',
  'Card processing fees': 'exempt',
  'PAYE and National Insurance': 'outside',
  'Pension contributions': 'outside',
  Wages: 'outside',
  'Loan interest': 'exempt',
  'Business rates': 'outside',
  'Premises costs': 'standard',
  'Card terminals': 'standard',
  Rent: 'exempt',
  Insurance: 'exempt',
  'Stock & supplies': 'standard',
  Utilities: 'standard',
  'Software and subscriptions': 'standard',
  'Professional fees': 'standard',
  'Bank charges': 'exempt',
  'Licences and memberships': 'standard',
  'Refreshments and sundries': 'zero',
  Uncategorised: 'outside',
};
export const VAT_CATEGORIES = Object.keys(DEFAULT_CATEGORY_VAT);

/** The VAT registration threshold (taxable turnover over the last 12 months), in pence, and the warning share. */
export const VAT_THRESHOLD_PENCE = 9_000_000;
export const VAT_WARNING_SHARE = 0.8;

/** The threshold in force on a day: £90,000 from 1 April 2024, £85,000 from 1 April 2017, £83,000 before. */
export function vatThresholdOn(day: string): number {
  if (day >= '2024-04-01') return VAT_THRESHOLD_PENCE;
  return day >= '2017-04-01' ? 8_500_000 : 8_300_000;
}

/**
 * The Flat Rate Scheme's limits (VAT Notice 733): a business may join only expecting taxable turnover of £150,000
 * or less, excluding VAT, in the next 12 months; it must leave once its VAT-inclusive income passes £230,000 in the
 * last 12 months (or is expected to in the next 12).
 */
export const FLAT_RATE_JOIN_LIMIT_PENCE = 15_000_000;
export const FLAT_RATE_LEAVE_LIMIT_PENCE = 23_000_000;

export const VAT_MESSAGES = {
  saved: 'VAT settings saved successfully!',
  failure: 'Failed to save VAT settings. Please try again.',
  scheme: 'VAT scheme must be not_registered, standard or flat_rate.',
  stagger: 'VAT quarters must be mar_jun_sep_dec, apr_jul_oct_jan or may_aug_nov_feb.',
  flatRate: 'Flat rate must be a percentage from 1 to 20, in steps of 0.5.',
  flatRateNeeded: 'A flat rate business needs its flat rate percentage.',
  registeredFrom: 'Registration date must be a date (YYYY-MM-DD).',
  registeredFromNeeded: 'A VAT-registered business needs the date its registration took effect.',
  category: 'Category must be one of the ledger categories.',
  treatment: 'VAT rate must be standard, reduced, zero, exempt or outside.',
  effectiveFrom: 'A rate change needs the date it takes effect from (YYYY-MM-DD).',
  vrnFormat: 'VAT registration number must be 9 digits (for example 980 7806 84).',
  flatRateTooBig: (lastYear: string) =>
    `The Flat Rate Scheme is for a business expecting taxable turnover of £150,000 or less, excluding VAT, in the next 12 months; yours was ${lastYear} in the last 12 months. Choose the standard scheme.`,
  vrnCheck: 'That is not a valid UK VAT registration number: check the digits.',
  paidQuarter: (lastPaidEnd: string) =>
    `A rate change cannot reach back into a VAT quarter already paid: choose a date after ${lastPaidEnd}.`,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = lazy(() => z.string().regex(DAY));
const dayField = (message: string) => z.string({ error: message }).regex(DAY, message).refine(isCalendarDay, message);

/** A real calendar day (not 30 February) from 1973, when VAT began, to 2099. */
function isCalendarDay(day: string): boolean {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day && day >= '1973' && day < '2100';
}

export const VatCategoryRateSchema = lazy(() =>
  z.object({
    category: z
      .string({ error: VAT_MESSAGES.category })
      .refine((c) => VAT_CATEGORIES.includes(c), VAT_MESSAGES.category),
    treatment: z.enum(VAT_TREATMENTS, { error: VAT_MESSAGES.treatment }),
    effective_from: dayField(VAT_MESSAGES.effectiveFrom),
  }),
);
export type VatCategoryRate = z.infer<typeof VatCategoryRateSchema>;

export const VatSettingsSchema = lazy(() =>
  z.object({
    scheme: z.enum(VAT_SCHEMES, { error: VAT_MESSAGES.scheme }),
    /** Percent (13, 16.5); only for the Flat Rate Scheme. */
    flat_rate_percent: z.number().nullable(),
    /** The day registration took effect (null when not registered). */
    registered_from: isoDay.nullable(),
    stagger: z.enum(VAT_STAGGERS, { error: VAT_MESSAGES.stagger }),
    /** The owner's own rates for categories, each from the day it takes effect. */
    category_rates: z.array(VatCategoryRateSchema),
    /** The VAT registration number, nine digits (docs/hmrc.md, "The VAT number"); null until the owner gives it. */
    vrn: z.string().nullable(),
  }),
);
export type VatSettings = z.infer<typeof VatSettingsSchema>;

export const DEFAULT_VAT_SETTINGS: VatSettings = {
  scheme: 'not_registered',
  flat_rate_percent: null,
  registered_from: null,
  stagger: 'mar_jun_sep_dec',
  category_rates: [],
  vrn: null,
};

/** What the owner saves: the category rates are optional (kept as they are when left out). */
export const UpdateVatSettingsRequestSchema = lazy(() =>
  z
    .object({
      scheme: z.enum(VAT_SCHEMES, { error: VAT_MESSAGES.scheme }),
      flat_rate_percent: z
        .number({ error: VAT_MESSAGES.flatRate })
        .refine((p) => p >= 1 && p <= 20 && Number.isInteger(p * 2), VAT_MESSAGES.flatRate)
        .nullable()
        .optional(),
      registered_from: dayField(VAT_MESSAGES.registeredFrom).nullable().optional(),
      stagger: z.enum(VAT_STAGGERS, { error: VAT_MESSAGES.stagger }).optional(),
      category_rates: z.array(VatCategoryRateSchema).max(200).optional(),
      /** As typed ('GB 980 7806 84'); kept as its nine digits. Blank or null removes it; left out keeps it. */
      vrn: z
        .string({ error: VAT_MESSAGES.vrnFormat })
        .max(30, VAT_MESSAGES.vrnFormat)
        .nullable()
        .optional()
        .transform((typed, ctx) => {
          if (typed === undefined || typed === null || typed.trim() === '')
            return typed === undefined ? undefined : null;
          const vrn = normaliseVrn(typed);
          if (!vrn) ctx.addIssue({ code: 'custom', message: VAT_MESSAGES.vrnFormat });
          else if (!isValidVrn(vrn)) ctx.addIssue({ code: 'custom', message: VAT_MESSAGES.vrnCheck });
          return vrn;
        }),
    })
    .superRefine((value, ctx) => {
      if (value.scheme === 'flat_rate' && (value.flat_rate_percent ?? null) === null)
        ctx.addIssue({ code: 'custom', path: ['flat_rate_percent'], message: VAT_MESSAGES.flatRateNeeded });
      if (value.scheme !== 'not_registered' && (value.registered_from ?? null) === null)
        ctx.addIssue({ code: 'custom', path: ['registered_from'], message: VAT_MESSAGES.registeredFromNeeded });
    }),
);
export type UpdateVatSettingsRequest = z.input<typeof UpdateVatSettingsRequestSchema>;
/** The settings as the server saves them: the VAT number already its nine digits (or null; left out keeps it). */
export type VatSettingsUpdate = Omit<z.output<typeof UpdateVatSettingsRequestSchema>, 'vrn'> & { vrn?: string | null };

export const VatSettingsResponseSchema = lazy(() => z.object({ vat_settings: VatSettingsSchema }));

/** The month (0 = March, 1 = April, 2 = May) a stagger's quarters end in, modulo 3 of the month number. */
const STAGGER_END: Record<VatStagger, number> = { mar_jun_sep_dec: 0, apr_jul_oct_jan: 1, may_aug_nov_feb: 2 };

/** The VAT quarter ('YYYY-MM' months and Europe/London days) holding a month, for a stagger. */
export function vatQuarterOf(month: string, stagger: VatStagger): { from: string; to: string; endMonth: string } {
  const m = Number(month.slice(5, 7));
  const ahead = (((STAGGER_END[stagger] - m) % 3) + 3) % 3;
  const endMonth = addMonths(month, ahead);
  return { from: firstDayOf(addMonths(endMonth, -2)), to: lastDayOf(endMonth), endMonth };
}

/** The last day of the latest VAT quarter ending on or before a day. */
export function lastQuarterEndOnOrBefore(day: string, stagger: VatStagger): string {
  const quarter = vatQuarterOf(monthOf(day), stagger);
  return quarter.to <= day ? quarter.to : lastDayOf(addMonths(quarter.endMonth, -3));
}

/** A quarter's return and payment are due one month and seven days after it ends. */
export function vatDueDate(quarterEnd: string): string {
  return `${addMonths(monthOf(quarterEnd), 2)}-07`;
}
