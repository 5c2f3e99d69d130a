import { penceToPounds } from '@brade/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { bankBalances } from './tables.js';

/** Brade's books are in pounds: balances of accounts in other currencies are listed but not added in. */
const HOME_CURRENCY = 'GBP';

export interface AccountCash {
  currency: string;
  bookedPence: number;
  availablePence: number | null;
  balanceDate: string | null;
  readAt: Date;
}

export interface CashInTheBank {
  /** Booked balances of the owner's sterling accounts added up, in pence. */
  bookedPence: number;
  /** Available balances added up; null when any sterling account's bank gives none. */
  availablePence: number | null;
  currency: typeof HOME_CURRENCY;
  /** The oldest of the accounts' readings: the figure is at least this fresh. */
  readAt: Date;
  /** The earliest day the banks said their balances are for; null when none said. */
  balanceDate: string | null;
  accounts: AccountCash[];
}

/**
 * How much cash the owner has in the bank, from the balances the last imports read (docs/open-banking.md); null when
 * no bank balance has been read (no bank linked). Scoped to one owner: the dashboard and BradeBot's tools read it.
 */
export async function cashInTheBank(db: Db, userId: string): Promise<CashInTheBank | null> {
  const rows = await db
    .select()
    .from(bankBalances)
    .where(eq(bankBalances.userId, userId))
    .orderBy(asc(bankBalances.readAt), asc(bankBalances.accountIdentity));
  return cashOf(
    rows.map((row) => ({
      currency: row.currency,
      bookedPence: row.bookedPence,
      availablePence: row.availablePence,
      balanceDate: row.balanceDate,
      readAt: row.readAt,
    })),
  );
}

/** The accounts' balances added up (sterling only); null when there is no sterling account. */
export function cashOf(accounts: AccountCash[]): CashInTheBank | null {
  const sterling = accounts.filter((account) => account.currency === HOME_CURRENCY);
  if (sterling.length === 0) return null;
  const dates = sterling.map((account) => account.balanceDate).filter((day): day is string => day !== null);
  return {
    bookedPence: sterling.reduce((sum, account) => sum + account.bookedPence, 0),
    availablePence: sterling.every((account) => account.availablePence !== null)
      ? sterling.reduce((sum, account) => sum + account.availablePence!, 0)
      : null,
    currency: HOME_CURRENCY,
    readAt: new Date(Math.min(...sterling.map((account) => account.readAt.getTime()))),
    balanceDate: dates.length > 0 ? dates.sort()[0]! : null,
    accounts,
  };
}

const inPounds = (cash: Omit<AccountCash, 'currency'>) => ({
  booked: penceToPounds(cash.bookedPence),
  available: cash.availablePence === null ? null : penceToPounds(cash.availablePence),
  balance_date: cash.balanceDate,
  read_at: cash.readAt.toISOString(),
});

/** The API's answer (pounds, spec style): GET /api/database/get-cash-in-the-bank/{id}. */
export async function cashInTheBankAnswer(db: Db, userId: string) {
  const cash = await cashInTheBank(db, userId);
  if (!cash) return null;
  return {
    ...inPounds(cash),
    currency: cash.currency,
    accounts: cash.accounts.map((account) => ({ ...inPounds(account), currency: account.currency })),
  };
}
