import { createHash } from 'node:crypto';
import { londonDateOf, londonTimeToUtc } from '../../salon-data/london-time';
import type { BankTransaction } from '../../salon-data/types';
import { addDays, HISTORY_DAYS, penceToDecimalString, salonDataWindow } from '../common/salon-data-window';
import { splitStatement } from '../gocardless/bank-statement-feed';
import { balances as goCardlessBalances } from '../gocardless/business-account';
import type { EnableBankingContext } from './enable-banking-context';

/** A transaction as GET /accounts/{uid}/transactions returns it (the API's Transaction schema, fields used). */
export interface FeedTransaction {
  entry_reference?: string;
  transaction_id: string;
  transaction_amount: { amount: string; currency: 'GBP' };
  credit_debit_indicator: 'CRDT' | 'DBIT';
  status: 'BOOK' | 'PDNG';
  booking_date?: string;
  value_date: string;
  transaction_date: string;
  creditor?: { name: string };
  debtor?: { name: string };
  remittance_information: string[];
  bank_transaction_code?: { description: string; code: string; sub_code: string };
}

/** ISO 20022 family and sub-family, with UK wording, for each statement code the salon generator writes. */
const BANK_CODES: Record<string, { description: string; code: string; sub_code: string }> = {
  FPI: { description: 'Faster Payment received', code: 'RCDT', sub_code: 'DMCT' },
  FPO: { description: 'Faster Payment', code: 'ICDT', sub_code: 'DMCT' },
  SO: { description: 'Standing order', code: 'ICDT', sub_code: 'STDO' },
  DD: { description: 'Direct Debit', code: 'IDDT', sub_code: 'PMDD' },
  BGC: { description: 'Bank Giro Credit', code: 'RCDT', sub_code: 'DMCT' },
  DEB: { description: 'Debit card', code: 'CCRD', sub_code: 'POSD' },
  CHG: { description: 'Charges', code: 'MDOP', sub_code: 'CHRG' },
  TFR: { description: 'Transfer', code: 'ICDT', sub_code: 'BOOK' },
};

/**
 * One generator record as this session shows it. `entry_reference` is the bank's archive id (the same in every
 * session); `transaction_id` is only for fetching details and differs from session to session, as the API warns.
 */
export function feedTransaction(record: BankTransaction, sessionId: string, pending: boolean): FeedTransaction {
  const day = londonDateOf(record.occurredAt);
  const credit = record.amountPence > 0;
  const code = BANK_CODES[record.description.split(' ')[0] ?? ''];
  return {
    ...(pending ? {} : { entry_reference: record.id }),
    transaction_id: createHash('sha256').update(`${sessionId}\u0000${record.id}`).digest('hex').slice(0, 24),
    transaction_amount: { amount: penceToDecimalString(Math.abs(record.amountPence)), currency: 'GBP' },
    credit_debit_indicator: credit ? 'CRDT' : 'DBIT',
    status: pending ? 'PDNG' : 'BOOK',
    ...(pending ? {} : { booking_date: day }),
    value_date: day,
    transaction_date: day,
    ...(credit ? { debtor: { name: record.counterparty } } : { creditor: { name: record.counterparty } }),
    remittance_information: [record.description],
    ...(code ? { bank_transaction_code: code } : {}),
  };
}

/** The salon's statement as of the simulator's now: booked lines and the debits still pending (last two days). */
export function statementNow(context: EnableBankingContext) {
  const now = context.clock.now();
  const today = londonDateOf(now);
  const earliest = addDays(today, -HISTORY_DAYS);
  const data = salonDataWindow(context.seed, earliest, today, context.scale, context.options.legalForm);
  return { now, today, earliest, split: splitStatement(data, now) };
}

const BALANCE_TYPES: Record<string, { type: string; name: string }> = {
  interimBooked: { type: 'ITBD', name: 'Interim booked balance' },
  interimAvailable: { type: 'ITAV', name: 'Interim available balance' },
  closingBooked: { type: 'CLBD', name: 'Closing booked balance' },
};

/** GET /accounts/{uid}/balances: the same three figures the GoCardless simulator serves, in Enable Banking's shape. */
export function accountBalances(context: EnableBankingContext) {
  const { now, today, split } = statementNow(context);
  const figures = goCardlessBalances(context.seed, split, today, londonTimeToUtc(today, 0, 0), now).balances;
  return {
    balances: figures.map((figure) => {
      const kind = BALANCE_TYPES[figure.balanceType]!;
      return {
        name: kind.name,
        balance_amount: figure.balanceAmount,
        balance_type: kind.type,
        reference_date: figure.referenceDate,
        ...(figure.lastChangeDateTime ? { last_change_date_time: figure.lastChangeDateTime } : {}),
      };
    }),
  };
}
