import { z } from 'zod';
import { IdParamsSchema } from '../auth/schemas.js';
import { lazy } from '../lazy.js';
import { LineTransactionsResponseSchema, MAX_TRANSACTION_PAGE, TRANSACTION_SORTS } from '../ledger/books.js';
import { ClientFactsSchema } from './client-facts.js';

/**
 * The VAT return (beyond the spec; docs/finance.md, "The VAT return"; docs/hmrc.md, "VAT"): an obligation's nine
 * boxes from the books, the declaration, filing with HMRC, the receipt and the returns HMRC holds.
 */

/** HMRC's declaration, word for word (HMRC's VAT (MTD) end-to-end service guide, "Declaration text"). */
export const VAT_DECLARATION =
  'When you submit this VAT information you are making a legal declaration that the information is true and complete. A false declaration can result in prosecution.';

/** The boxes as HMRC's VAT return names them (VAT Notice 700/12, the return since 2021). */
export const VAT_BOX_LABELS = {
  box1: 'VAT due on sales and other outputs',
  box2: 'VAT due on acquisitions of goods made in Northern Ireland from EU Member States',
  box3: 'Total VAT due (the sum of boxes 1 and 2)',
  box4: 'VAT reclaimed on purchases and other inputs (including acquisitions in Northern Ireland from EU Member States)',
  box5: 'Net VAT to pay to HMRC or reclaim (the difference between boxes 3 and 4)',
  box6: 'Total value of sales and all other outputs, excluding any VAT',
  box7: 'Total value of purchases and all other inputs, excluding any VAT',
  box8: 'Total value of dispatches of goods and related costs, excluding any VAT, from Northern Ireland to EU Member States',
  box9: 'Total value of acquisitions of goods and related costs, excluding any VAT, made in Northern Ireland from EU Member States',
} as const;
export type VatBoxName = keyof typeof VAT_BOX_LABELS;

export const VAT_RETURN_MESSAGES = {
  notRegistered: 'Your business is not VAT-registered (Settings → VAT), so it files no VAT returns.',
  noVrn: 'Add your VAT registration number in Settings → VAT to file with HMRC.',
  notEnded: (end: string) => `This period ends on ${end}: HMRC takes its return once it has ended.`,
  filed: 'HMRC has this return.',
  demo: 'The demo account shows its returns read-only: it cannot file with HMRC.',
  notConnected: 'Connect HMRC to file this return from Brade.',
  declaration: 'Tick the declaration to file the return.',
  notAPeriod: 'These dates are not one of your VAT periods.',
  changed: 'Your books changed since you opened this return. Check the new figures and file again.',
  filing: 'This return is being filed from another window. Wait a moment, then reload the page.',
  unknownOutcome:
    'HMRC did not answer, so Brade cannot tell whether the return arrived. Nothing is lost by filing again: HMRC accepts one return per period and says so if it already has this one.',
  submitted: 'Your VAT return has been filed with HMRC.',
  periodKey: 'The period key must be the four characters HMRC gave the obligation.',
  box2: 'Box 2 must be an amount in pounds and pence.',
  dates: 'Start and end must be dates (YYYY-MM-DD), the start first.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = lazy(() => z.string({ error: VAT_RETURN_MESSAGES.dates }).regex(DAY, VAT_RETURN_MESSAGES.dates));
const periodKey = lazy(() =>
  z
    .string({ error: VAT_RETURN_MESSAGES.periodKey })
    .min(1, VAT_RETURN_MESSAGES.periodKey)
    .max(4, VAT_RETURN_MESSAGES.periodKey)
    .regex(/^[A-Za-z0-9#]{1,4}$/, VAT_RETURN_MESSAGES.periodKey),
);

/** An obligation as the VAT view and the VAT return page show it. */
export const VAT_OBLIGATION_STATUSES = ['open', 'due_soon', 'overdue', 'filed'] as const;
export type VatObligationStatus = (typeof VAT_OBLIGATION_STATUSES)[number];
export const VAT_OBLIGATION_LABELS: Record<VatObligationStatus, string> = {
  open: 'Open',
  due_soon: 'Due soon',
  overdue: 'Overdue',
  filed: 'Filed',
};
/** "Due soon": due within this many days. */
export const DUE_SOON_DAYS = 7;

export const VatObligationSchema = lazy(() =>
  z.object({
    /** HMRC's key of the period; null for a quarter Brade works out from the settings (HMRC not connected). */
    period_key: z.string().nullable(),
    start: z.string(),
    end: z.string(),
    due: z.string(),
    status: z.enum(VAT_OBLIGATION_STATUSES),
    /** The period is over: its return can be filed. */
    ended: z.boolean(),
    /** When HMRC received the return (filed obligations). */
    received: z.string().nullable(),
  }),
);
export type VatObligation = z.infer<typeof VatObligationSchema>;

export const VatObligationsRequestSchema = lazy(() =>
  z.object({
    /** The browser's part of the fraud-prevention headers; without it Brade reads no obligation from HMRC. */
    client: ClientFactsSchema.optional(),
  }),
);
export const VatObligationsResponseSchema = lazy(() =>
  z.object({
    /** 'hmrc': HMRC's obligations; 'books': the quarters of the owner's VAT settings (HMRC not connected). */
    source: z.enum(['hmrc', 'books']),
    obligations: z.array(VatObligationSchema),
    /** Why HMRC's obligations could not be read, when they could not (the quarters are then Brade's). */
    problem: z.string().nullable(),
  }),
);

const pounds = lazy(() => z.number());
export const NineBoxesSchema = lazy(() =>
  z.object({
    box1: pounds,
    box2: pounds,
    box3: pounds,
    box4: pounds,
    box5: pounds,
    box6: pounds,
    box7: pounds,
    box8: pounds,
    box9: pounds,
  }),
);
export type NineBoxes = z.infer<typeof NineBoxesSchema>;

export const VatReceiptSchema = lazy(() =>
  z.object({
    period_key: z.string(),
    processing_date: z.string(),
    form_bundle_number: z.string(),
    /** Only when the return is a debit: the reference to pay it with. */
    charge_ref_number: z.string().nullable(),
    /** DD: HMRC holds a Direct Debit and will collect; BANK: HMRC holds bank details for a repayment. */
    payment_indicator: z.enum(['DD', 'BANK']).nullable(),
    receipt_id: z.string().nullable(),
    filed_at: z.string(),
  }),
);
export type VatReceipt = z.infer<typeof VatReceiptSchema>;

/** The limited-cost-trader test of a flat-rate quarter (docs/finance.md, "Flat Rate Scheme: which rate"). */
export const FlatRateTestSchema = lazy(() =>
  z.object({
    turnover: pounds,
    goods: pounds,
    /** 2 % of the quarter's VAT-inclusive turnover. */
    two_percent: pounds,
    /** £1,000 a year, a quarter's share. */
    quarter_floor: pounds,
    limited_cost: z.boolean(),
    /** The rates the quarter's rows used (16.5 % or the business's sector rate, 1 point less in the first year). */
    rates: z.array(z.number()),
  }),
);
export type FlatRateTest = z.infer<typeof FlatRateTestSchema>;

export const VatReturnRequestSchema = lazy(() =>
  z.object({ start: day, end: day, period_key: periodKey.nullable().optional() }),
);

export const VatReturnDraftSchema = lazy(() =>
  z.object({
    period: z.object({ start: z.string(), end: z.string(), due: z.string() }),
    period_key: z.string().nullable(),
    scheme: z.enum(['standard', 'flat_rate']),
    boxes: NineBoxesSchema,
    /** Boxes whose transactions can be opened. */
    boxes_with_rows: z.array(z.number()),
    flat_rate_test: FlatRateTestSchema.nullable(),
    warnings: z.array(z.string()),
    declaration: z.string(),
    /** Null when the return can be filed now; else why not, in words. */
    cannot_file: z.string().nullable(),
    /** The receipt Brade keeps, once the return is filed from Brade. */
    receipt: VatReceiptSchema.nullable(),
  }),
);
export type VatReturnDraft = z.infer<typeof VatReturnDraftSchema>;

export const SubmitVatReturnRequestSchema = lazy(() =>
  z.object({
    period_key: periodKey,
    start: day,
    end: day,
    /** Box 2, VAT on acquisitions in Northern Ireland from the EU: 0 unless the owner says otherwise. */
    acquisitions_vat: z
      .number({ error: VAT_RETURN_MESSAGES.box2 })
      .refine(
        (n) => Number.isFinite(n) && Math.abs(n) < 1e11 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
        VAT_RETURN_MESSAGES.box2,
      )
      .default(0),
    /** The boxes the owner read before ticking the declaration: filing stops if the books have changed since. */
    boxes: NineBoxesSchema,
    declaration: z.literal(true, { error: VAT_RETURN_MESSAGES.declaration }),
    client: ClientFactsSchema,
  }),
);
export const SubmitVatReturnResponseSchema = lazy(() => z.object({ receipt: VatReceiptSchema, message: z.string() }));

export const ViewVatReturnRequestSchema = lazy(() =>
  z.object({
    period_key: periodKey,
    start: day,
    end: day,
    client: ClientFactsSchema,
  }),
);
export const ViewVatReturnResponseSchema = lazy(() =>
  z.object({
    /** The return HMRC holds for the period, or null when it holds none. */
    held: NineBoxesSchema.nullable(),
    liabilities: z.array(
      z.object({
        type: z.string(),
        original: z.number(),
        outstanding: z.number().nullable(),
        due: z.string().nullable(),
      }),
    ),
    payments: z.array(z.object({ amount: z.number(), received: z.string().nullable() })),
  }),
);

export const PastVatReturnsResponseSchema = lazy(() =>
  z.object({
    returns: z.array(
      z.object({ start: z.string(), end: z.string(), boxes: NineBoxesSchema, receipt: VatReceiptSchema }),
    ),
  }),
);

export const VatBoxTransactionsRequestSchema = lazy(() =>
  z.object({
    start: day,
    end: day,
    box: z.union([z.literal(1), z.literal(4), z.literal(6), z.literal(7)], { error: 'Box must be 1, 4, 6 or 7.' }),
    search: z.string().max(200).optional(),
    sort: z.enum(TRANSACTION_SORTS).default('date'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    page: z.number().int().min(1).default(1),
    page_size: z.number().int().min(1).max(MAX_TRANSACTION_PAGE).default(50),
  }),
);
export const VatBoxTransactionsResponseSchema = lazy(() =>
  LineTransactionsResponseSchema.extend({
    /** The box's own figure from these transactions (pence, before boxes 6 and 7 drop the pence). */
    box_total: z.number(),
  }),
);

export const VatReturnParamsSchema = IdParamsSchema;
