import { z } from 'zod';
import { isAmount } from '../../card-providers/sumup/sumup-amounts.js';

/**
 * The parts of GoCardless Bank Account Data answers Brade reads (docs/providers.md, "GoCardless Bank Account Data").
 * Unknown fields are ignored; the day counts come as strings, as the real API sends them.
 */

export const NewToken = z.object({
  access: z.string().min(1),
  access_expires: z.number(),
  refresh: z.string().min(1),
  refresh_expires: z.number(),
});
export type NewToken = z.infer<typeof NewToken>;

/** Third-party clients disagree on whether a refresh also returns a new refresh token; both are accepted. */
export const RefreshedToken = z.object({
  access: z.string().min(1),
  access_expires: z.number(),
  refresh: z.string().min(1).nullish(),
  refresh_expires: z.number().nullish(),
});

const dayCount = z.union([z.string(), z.number()]).transform((value, context) => {
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1) {
    context.addIssue({ code: 'custom', message: 'not a number of days' });
    return z.NEVER;
  }
  return days;
});

export const Institution = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  transaction_total_days: dayCount.nullish(),
  max_access_valid_for_days: dayCount.nullish(),
});
export type Institution = z.infer<typeof Institution>;
export const Institutions = z.array(Institution);

export const Agreement = z.object({
  id: z.string().min(1),
  access_valid_for_days: z.number().int(),
  accepted: z.string().nullish(),
});
export type Agreement = z.infer<typeof Agreement>;

export const Requisition = z.object({
  id: z.string().min(1),
  status: z.string(),
  agreement: z.string().nullish(),
  accounts: z.array(z.string()).default([]),
  link: z.url(),
});
export type Requisition = z.infer<typeof Requisition>;

/** A signed decimal string in the account's currency, e.g. "-12.30". */
const money = z.object({ amount: z.string().refine(isAmount, 'not a decimal amount'), currency: z.string().nullish() });

/** A transaction of GET /accounts/{id}/transactions/: everything optional but the amount. */
export const BankTransaction = z.object({
  transactionId: z.string().nullish(),
  internalTransactionId: z.string().nullish(),
  bookingDate: z.string().nullish(),
  bookingDateTime: z.string().nullish(),
  valueDate: z.string().nullish(),
  valueDateTime: z.string().nullish(),
  transactionAmount: money,
  creditorName: z.string().nullish(),
  debtorName: z.string().nullish(),
  remittanceInformationUnstructured: z.string().nullish(),
  remittanceInformationUnstructuredArray: z.array(z.string()).nullish(),
  remittanceInformationStructured: z.string().nullish(),
  additionalInformation: z.string().nullish(),
  bankTransactionCode: z.string().nullish(),
  proprietaryBankTransactionCode: z.string().nullish(),
});
export type BankTransaction = z.infer<typeof BankTransaction>;

export const AccountTransactions = z.object({
  transactions: z.object({
    booked: z.array(BankTransaction).default([]),
    pending: z.array(BankTransaction).default([]),
  }),
});
export type AccountTransactions = z.infer<typeof AccountTransactions>;

/** GET /accounts/{id}/: metadata, outside the bank's daily limits. */
export const AccountMetadata = z.object({ id: z.string(), iban: z.string().nullish() });

export const AccountBalances = z.object({
  balances: z.array(z.object({ balanceAmount: money, balanceType: z.string(), referenceDate: z.string().nullish() })),
});
