import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { BankBalance } from './open-banking/open-banking-provider.js';
import { bankBalances } from './tables.js';

/** Keeps an account's latest balance (one row per owner and account identity). */
export async function saveBankBalance(
  db: Db,
  input: { userId: string; accountIdentity: string; balance: BankBalance; readAt: Date },
): Promise<void> {
  const fields = {
    currency: input.balance.currency,
    bookedPence: input.balance.bookedPence,
    availablePence: input.balance.availablePence,
    balanceDate: input.balance.referenceDate,
    readAt: input.readAt,
  };
  await db
    .insert(bankBalances)
    .values({ userId: input.userId, accountIdentity: input.accountIdentity, ...fields })
    .onConflictDoUpdate({ target: [bankBalances.userId, bankBalances.accountIdentity], set: fields });
}

/** An account the current consent no longer covers is no longer part of the cash in the bank. */
export async function forgetOtherBankBalances(db: Db, userId: string, keep: string[]): Promise<void> {
  await db
    .delete(bankBalances)
    .where(
      keep.length > 0
        ? and(eq(bankBalances.userId, userId), notInArray(bankBalances.accountIdentity, keep))
        : eq(bankBalances.userId, userId),
    );
}

/** A disconnected bank is no longer read: its last balance would silently go stale, so it goes. */
export async function forgetBankBalances(db: Db, userId: string): Promise<void> {
  await forgetOtherBankBalances(db, userId, []);
}
