import { z } from 'zod';
import { isAmount } from '../../card-providers/sumup/sumup-amounts.js';

/**
 * The parts of Enable Banking's answers Brade reads (reference: Enable Banking's OpenAPI document; docs/open-banking.md).
 * Unknown fields are ignored; amounts are dot-decimal strings.
 */

export const Aspsp = z.object({
  name: z.string().min(1),
  country: z.string().length(2),
  psu_types: z.array(z.string()).default([]),
  /** Seconds; the longest consent this bank gives. */
  maximum_consent_validity: z.number().int().positive().nullish(),
});
export type Aspsp = z.infer<typeof Aspsp>;
export const Aspsps = z.object({ aspsps: z.array(Aspsp) });

export const StartAuthorization = z.object({ url: z.url(), authorization_id: z.string().nullish() });

const SessionAccount = z.object({
  /** Absent when the bank says the account cannot be read (blocked, closed). */
  uid: z.string().min(1).nullish(),
  identification_hash: z.string().min(1),
  account_id: z.object({ iban: z.string().nullish() }).nullish(),
  cash_account_type: z.string().nullish(),
  currency: z.string().nullish(),
});

export const AuthorizedSession = z.object({
  session_id: z.string().min(1),
  accounts: z.array(SessionAccount),
  access: z.object({ valid_until: z.string() }),
});
export type AuthorizedSession = z.infer<typeof AuthorizedSession>;

const money = z.object({ amount: z.string().refine(isAmount, 'not a decimal amount'), currency: z.string().nullish() });
const party = z.object({ name: z.string().nullish() }).nullish();

/** A transaction of GET /accounts/{uid}/transactions: `credit_debit_indicator` and `status` are required. */
export const EnableBankingTransaction = z.object({
  entry_reference: z.string().nullish(),
  transaction_id: z.string().nullish(),
  transaction_amount: money,
  credit_debit_indicator: z.enum(['CRDT', 'DBIT']),
  status: z.string(),
  booking_date: z.string().nullish(),
  value_date: z.string().nullish(),
  transaction_date: z.string().nullish(),
  creditor: party,
  debtor: party,
  remittance_information: z.array(z.string()).nullish(),
  reference_number: z.string().nullish(),
  bank_transaction_code: z
    .object({ description: z.string().nullish(), code: z.string().nullish(), sub_code: z.string().nullish() })
    .nullish(),
});
export type EnableBankingTransaction = z.infer<typeof EnableBankingTransaction>;

export const TransactionsPage = z.object({
  transactions: z.array(EnableBankingTransaction).default([]),
  continuation_key: z.string().nullish(),
});

export const Balances = z.object({
  balances: z.array(
    z.object({
      balance_amount: money,
      balance_type: z.string(),
      reference_date: z.string().nullish(),
    }),
  ),
});
