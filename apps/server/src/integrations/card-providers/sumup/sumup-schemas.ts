import { z } from 'zod';
import { isAmount } from './sumup-amounts.js';

/**
 * The parts of SumUp's answers Brade reads (docs/providers.md, "SumUp"; sumup-ts openapi.json). Unknown
 * fields are ignored and optional ones tolerated, so additions on SumUp's side do not break imports.
 */

/** Pounds as SumUp writes them (a JSON number; a string is accepted too), checked to convert exactly to pence. */
const amount = z.union([z.number(), z.string()]).refine(isAmount, 'not an amount in pounds');
const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not an ISO 8601 date-time');

export const TokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).nullish(),
  expires_in: z.number().nullish(),
  scope: z.string().nullish(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/**
 * A row of GET /v2.1/merchants/{merchant_code}/transactions/history. SumUp's published example has no `id`: a row
 * needs one of its three identifiers.
 */
export const HistoryItem = z
  .object({
    id: z.string().nullish(),
    transaction_id: z.string().nullish(),
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
  })
  .refine((item) => item.id || item.transaction_id || item.transaction_code, 'a history row without any identifier');
export type HistoryItem = z.infer<typeof HistoryItem>;

export const HistoryPage = z.object({
  items: z.array(HistoryItem).default([]),
  links: z.array(z.object({ rel: z.string(), href: z.string() })).nullish(),
});
export type HistoryPage = z.infer<typeof HistoryPage>;

/**
 * One of the merchant's catalogue products a sale paid for (SumUp's `Product`): a price net of VAT and with it, per
 * unit and for the quantity. A line SumUp's own tills write without every field is still read.
 */
export const Product = z.object({
  name: z.string().nullish(),
  quantity: z.number().nullish(),
  price: amount.nullish(),
  price_with_vat: amount.nullish(),
  total_price: amount.nullish(),
  total_with_vat: amount.nullish(),
});
export type Product = z.infer<typeof Product>;

/**
 * GET /v2.1/merchants/{merchant_code}/transactions?id=…: the only place a transaction's fee and the products it
 * paid for appear.
 */
export const TransactionDetail = z.object({
  id: z.string().nullish(),
  fee_amount: amount.nullish(),
  products: z.array(Product).nullish(),
});
export type TransactionDetail = z.infer<typeof TransactionDetail>;
