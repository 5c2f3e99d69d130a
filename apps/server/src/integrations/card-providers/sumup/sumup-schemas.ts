import { z } from 'zod';
import { isAmount } from './sumup-amounts.js';

/**
 * The parts of SumUp's answers Brade reads (reference/providers.md section 3; sumup-ts openapi.json). Unknown
 * fields are ignored and optional ones tolerated, so additions on SumUp's side do not break imports.
 */

/** Pounds as SumUp writes them (a JSON number; a string is accepted too), checked to convert exactly to pence. */
const amount = z.union([z.number(), z.string()]).refine(isAmount, 'not an amount in pounds');
const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not an ISO 8601 date-time');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'not a YYYY-MM-DD date');

export const TokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).nullish(),
  expires_in: z.number().nullish(),
  scope: z.string().nullish(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const Memberships = z.object({
  items: z
    .array(
      z.object({
        status: z.string().nullish(),
        resource: z.object({ id: z.string(), type: z.string() }).nullish(),
      }),
    )
    .default([]),
});

export const Me = z.object({ merchant_profile: z.object({ merchant_code: z.string() }).nullish() });

/** A row of GET /v2.1/merchants/{merchant_code}/transactions/history. */
export const HistoryItem = z.object({
  id: z.string(),
  transaction_code: z.string().nullish(),
  amount,
  currency: z.string().nullish(),
  timestamp: instant,
  /** SUCCESSFUL | CANCELLED | FAILED | PENDING | REFUNDED | CHARGE_BACK */
  status: z.string(),
  /** PAYMENT | REFUND | CHARGE_BACK */
  type: z.string().nullish(),
  payment_type: z.string().nullish(),
  product_summary: z.string().nullish(),
});
export type HistoryItem = z.infer<typeof HistoryItem>;

export const HistoryPage = z.object({
  items: z.array(HistoryItem).default([]),
  links: z.array(z.object({ rel: z.string(), href: z.string() })).nullish(),
});
export type HistoryPage = z.infer<typeof HistoryPage>;

/** GET /v2.1/merchants/{merchant_code}/transactions?id=…: the only place a transaction's fee appears. */
export const TransactionDetail = z.object({ id: z.string(), fee_amount: amount.nullish() });
export type TransactionDetail = z.infer<typeof TransactionDetail>;

/** An item of GET /v1.0/merchants/{merchant_code}/payouts. */
export const PayoutItem = z.object({
  id: z.union([z.number(), z.string()]),
  /** PAYOUT | CHARGE_BACK_DEDUCTION | REFUND_DEDUCTION | DD_RETURN_DEDUCTION | BALANCE_DEDUCTION */
  type: z.string(),
  amount,
  date: day,
  status: z.string(),
  reference: z.string().nullish(),
  /** Present when SumUp itemises a payout per transaction. */
  transaction_code: z.string().nullish(),
});
export type PayoutItem = z.infer<typeof PayoutItem>;

export const Payouts = z.array(PayoutItem);
