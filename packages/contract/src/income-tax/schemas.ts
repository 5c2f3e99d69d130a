import { z } from 'zod';
import { ClientFactsSchema } from '../hmrc/client-facts.js';
import { lazy } from '../lazy.js';
import { LedgerTransactionSchema, MAX_TRANSACTION_PAGE, TRANSACTION_SORTS } from '../ledger/books.js';
import { HMRC_EXPENSE_CATEGORIES } from './hmrc-categories.js';
import { LegalFormSchema } from './legal-form.js';
import { INCOME_TAX_MESSAGES as M } from './messages.js';
import { ninoProblem } from './nino.js';
import { isTaxYear, QUARTER_TYPES, startYearOf } from './tax-year.js';

/** The Income Tax calls (beyond the spec; docs/product.md, "Screens and routes"; docs/finance.md, "Income Tax"). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (day: string) => {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
};
const day = (message: string) => z.string({ error: message }).regex(DAY, message).refine(isCalendarDay, message);

export const EXPENSES_MODES = ['itemised', 'consolidated'] as const;
export type ExpensesMode = (typeof EXPENSES_MODES)[number];

/** HMRC's business id of a self-employment ('XAIS12345678910'). */
export const BusinessIdSchema = lazy(() =>
  z.string({ error: M.businessIdInvalid }).regex(/^X[A-Z0-9]IS\d{11}$/, M.businessIdInvalid),
);

const pounds = lazy(() =>
  z
    .number({ error: M.qualifyingIncome })
    .min(0, M.qualifyingIncome)
    .max(99_999_999_999.99, M.qualifyingIncome)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, M.qualifyingIncome),
);

/** A tax year from 2025-26, when cumulative quarterly updates began. */
export const UpdateTaxYearSchema = lazy(() =>
  z
    .string({ error: M.taxYear })
    .refine((y) => isTaxYear(y) && startYearOf(y) >= 2025 && startYearOf(y) < 2100, M.taxYear),
);

export const QualifyingIncomeSchema = lazy(() =>
  z.object({
    amount: z.number(),
    tax_year: z.string(),
    source: z.enum(['books', 'owner']),
  }),
);

export const IncomeTaxSettingsSchema = lazy(() =>
  z.object({
    legal_form: LegalFormSchema.nullable(),
    /** Without spaces, as HMRC's APIs take it. */
    nino: z.string().nullable(),
    quarter_type: z.enum(QUARTER_TYPES),
    expenses: z.enum(EXPENSES_MODES),
    /** HMRC's id of the self-employment these books belong to, once known. */
    business_id: z.string().nullable(),
    /** The figure the verdict uses: the books' last full tax year where they hold one, else the owner's answer. */
    qualifying_income: QualifyingIncomeSchema.nullable(),
    /** What the owner told Brade, kept even when the books decide. */
    owner_answer: z.object({ amount: z.number(), tax_year: z.string() }).nullable(),
    mtd: z.object({ applies: z.boolean().nullable(), decides: z.string(), sentence: z.string() }).nullable(),
    /** The question Brade asks when it has no figure (the tax year it needs). */
    question: z.object({ tax_year: z.string(), text: z.string() }).nullable(),
    /** The owner's own placing of their expense categories under HMRC's. */
    category_map: z.array(z.object({ category: z.string(), hmrc_category: z.enum(HMRC_EXPENSE_CATEGORIES) })),
  }),
);
export type IncomeTaxSettings = z.infer<typeof IncomeTaxSettingsSchema>;

export const UpdateIncomeTaxSettingsRequestSchema = lazy(() =>
  z
    .object({
      legal_form: LegalFormSchema.optional(),
      /** As typed; null forgets it. */
      nino: z
        .string({ error: 'National Insurance number must be text.' })
        .max(20, 'Enter a National Insurance number of two letters, six numbers and A, B, C or D, like QQ 12 34 56 C.')
        .superRefine((typed, ctx) => {
          const problem = ninoProblem(typed);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .nullable()
        .optional(),
      quarter_type: z.enum(QUARTER_TYPES, { error: M.quarterType }).optional(),
      expenses: z.enum(EXPENSES_MODES, { error: M.expensesMode }).optional(),
      business_id: BusinessIdSchema.optional(),
      qualifying_income: z
        .object({
          amount: pounds,
          tax_year: z
            .string({ error: M.qualifyingYear })
            .refine((y) => isTaxYear(y) && startYearOf(y) >= 2017 && startYearOf(y) < 2100, M.qualifyingYear),
        })
        .nullable()
        .optional(),
    })
    .strict(),
);
export type UpdateIncomeTaxSettingsRequest = z.input<typeof UpdateIncomeTaxSettingsRequestSchema>;

export const IncomeTaxSettingsResponseSchema = lazy(() => z.object({ settings: IncomeTaxSettingsSchema }));
export const SaveIncomeTaxSettingsResponseSchema = lazy(() =>
  z.object({ settings: IncomeTaxSettingsSchema, message: z.string() }),
);

/** Who HMRC says this is: the connection's state for Income Tax and the self-employment business chosen. */
export const INCOME_TAX_CONNECTION = [
  'connected',
  'not_connected',
  'needs_reconnect',
  'no_scope',
  'unavailable',
] as const;

export const OBLIGATION_STATUSES = ['open', 'due', 'overdue', 'sent'] as const;
export type ObligationStatus = (typeof OBLIGATION_STATUSES)[number];

export const SentUpdateSchema = lazy(() =>
  z.object({
    id: z.string(),
    tax_year: z.string(),
    start: z.string(),
    end: z.string(),
    sent_at: z.string(),
    expenses: z.enum(EXPENSES_MODES),
    turnover: z.number(),
    other_income: z.number(),
    /** Every expense sent (consolidated: the one total of allowable expenses). */
    total_expenses: z.number(),
    total_disallowable: z.number(),
    /** HMRC's X-CorrelationId of the answer, the reference its support asks for. */
    correlation_id: z.string().nullable(),
    /** What HMRC held when Brade read it back straight after sending; null if the read failed. */
    hmrc_holds: z
      .object({
        start: z.string(),
        end: z.string(),
        turnover: z.number(),
        other_income: z.number(),
        total_expenses: z.number(),
        total_disallowable: z.number(),
      })
      .nullable(),
    /** Sent from the sandbox simulator. */
    sandbox: z.boolean(),
  }),
);
export type SentUpdate = z.infer<typeof SentUpdateSchema>;

export const ObligationSchema = lazy(() =>
  z.object({
    tax_year: z.string(),
    quarter: z.number().int(),
    start: z.string(),
    end: z.string(),
    due: z.string(),
    status: z.enum(OBLIGATION_STATUSES),
    /** When HMRC received the update that met it. */
    received: z.string().nullable(),
    /** The last update Brade sent for this period, if any. */
    sent: SentUpdateSchema.nullable(),
  }),
);
export type Obligation = z.infer<typeof ObligationSchema>;

export const ObligationsRequestSchema = lazy(() =>
  z.object({
    /** The browser's part of HMRC's fraud-prevention headers: needed to ask HMRC; without it, Brade's own dates. */
    client: ClientFactsSchema.optional(),
    tax_year: UpdateTaxYearSchema.optional(),
  }),
);
export type ObligationsRequest = z.input<typeof ObligationsRequestSchema>;

export const HmrcBusinessSchema = lazy(() => z.object({ id: z.string(), trading_name: z.string().nullable() }));

export const ObligationsResponseSchema = lazy(() =>
  z.object({
    /** Whose dates these are: HMRC's obligations, or Brade's own periods (not connected, or HMRC not reached). */
    source: z.enum(['hmrc', 'brade']),
    connection: z.enum(INCOME_TAX_CONNECTION),
    /** Why HMRC's obligations are not shown, in words, when they are not. */
    problem: z.string().nullable(),
    business: HmrcBusinessSchema.nullable(),
    /** HMRC's self-employment businesses when there are several to choose from. */
    businesses: z.array(HmrcBusinessSchema),
    tax_year: z.string(),
    tax_years: z.array(z.string()),
    quarter_type: z.enum(QUARTER_TYPES),
    obligations: z.array(ObligationSchema),
    today: z.string(),
  }),
);
export type ObligationsResponse = z.infer<typeof ObligationsResponseSchema>;

export const PeriodRequestSchema = lazy(() =>
  z
    .object({ start: day(M.periodDates), end: day(M.periodDates) })
    .refine(
      (p) => p.start <= p.end && p.start >= '2025-04-01' && Date.parse(p.end) - Date.parse(p.start) < 370 * 86_400_000,
      {
        message: M.periodDates,
        path: ['end'],
      },
    ),
);

export const FigureCategorySchema = lazy(() =>
  z.object({
    /** Brade's category. */
    category: z.string(),
    amount: z.number(),
    count: z.number().int(),
    disallowable: z.number(),
    /** Placed under this HMRC category by the owner rather than by Brade's mapping. */
    mapped_by_owner: z.boolean(),
  }),
);

export const ExpenseLineSchema = lazy(() =>
  z.object({
    hmrc_category: z.enum(HMRC_EXPENSE_CATEGORIES),
    label: z.string(),
    amount: z.number(),
    disallowable: z.number(),
    categories: z.array(FigureCategorySchema),
  }),
);
export type ExpenseLine = z.infer<typeof ExpenseLineSchema>;

export const IncomeLineSchema = lazy(() => z.object({ amount: z.number(), categories: z.array(FigureCategorySchema) }));

export const FigureWarningSchema = lazy(() => z.object({ code: z.string(), text: z.string() }));

export const QuarterlyFiguresResponseSchema = lazy(() =>
  z.object({
    start: z.string(),
    end: z.string(),
    tax_year: z.string(),
    /** How turnover is counted: net of VAT for a VAT-registered business, as its books are, else gross. */
    basis: z.string(),
    turnover: IncomeLineSchema,
    other_income: IncomeLineSchema,
    expenses: z.array(ExpenseLineSchema),
    total_expenses: z.number(),
    total_disallowable: z.number(),
    /** Turnover + other income − allowable expenses. */
    net_profit: z.number(),
    /** What the books hold for the period that an update never carries, and why. */
    left_out: z.array(z.object({ category: z.string(), amount: z.number(), count: z.number().int(), why: z.string() })),
    consolidated_allowed: z.boolean(),
    warnings: z.array(FigureWarningSchema),
    last_sent: SentUpdateSchema.nullable(),
    /** The books have moved since that update was sent for this very period. */
    changed_since_sent: z.boolean(),
  }),
);
export type QuarterlyFigures = z.infer<typeof QuarterlyFiguresResponseSchema>;

export const SendUpdateRequestSchema = lazy(() =>
  z.object({
    client: ClientFactsSchema,
    start: day(M.periodDates),
    end: day(M.periodDates),
    expenses: z.enum(EXPENSES_MODES, { error: M.expensesMode }),
    confirmed: z.literal(true, { error: M.confirmNeeded }),
  }),
);
export type SendUpdateRequest = z.input<typeof SendUpdateRequestSchema>;
export const SendUpdateResponseSchema = lazy(() => z.object({ message: z.string(), update: SentUpdateSchema }));

export const FIGURE_SECTIONS = ['turnover', 'other_income', 'expenses'] as const;

export const IncomeTaxTransactionsRequestSchema = lazy(() =>
  z.object({
    start: day(M.periodDates),
    end: day(M.periodDates),
    section: z.enum(FIGURE_SECTIONS, { error: 'Section must be turnover, other_income or expenses.' }),
    category: z.string().min(1).max(200),
    search: z.string().max(200).optional(),
    sort: z.enum(TRANSACTION_SORTS).default('date'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    page: z.number().int().min(1).default(1),
    page_size: z.number().int().min(1).max(MAX_TRANSACTION_PAGE).default(50),
  }),
);
export type IncomeTaxTransactionsRequest = z.input<typeof IncomeTaxTransactionsRequestSchema>;

export const IncomeTaxTransactionSchema = lazy(() =>
  LedgerTransactionSchema.extend({
    /** The part the owner marked as not allowable for tax, in pounds net of VAT; null when none. */
    disallowable: z.number().nullable(),
  }),
);
export const IncomeTaxTransactionsResponseSchema = lazy(() =>
  z.object({
    transactions: z.array(IncomeTaxTransactionSchema),
    total_count: z.number().int(),
    total_amount: z.number(),
    total_vat: z.number(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);
export type IncomeTaxTransactionsResponse = z.infer<typeof IncomeTaxTransactionsResponseSchema>;

export const MapCategoryRequestSchema = lazy(() =>
  z.object({
    category: z.string({ error: M.categoryInvalid }).min(1, M.categoryInvalid).max(200, M.categoryInvalid),
    /** Null puts the category back under Brade's usual HMRC category. */
    hmrc_category: z.enum(HMRC_EXPENSE_CATEGORIES, { error: M.hmrcCategoryInvalid }).nullable(),
  }),
);

export const DisallowableRequestSchema = lazy(() =>
  z.object({
    transaction_id: z.uuid({ error: M.transactionInvalid }).transform((s) => s.toLowerCase()),
    /** Pounds net of VAT; null removes the mark. */
    amount: z.number({ error: M.disallowableInvalid }).nullable(),
  }),
);

export const IncomeTaxMessageResponseSchema = lazy(() => z.object({ message: z.string() }));
