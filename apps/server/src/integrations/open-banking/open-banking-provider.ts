import type { SourceTransaction } from '../../ledger/classify.js';

export interface Bank {
  id: string;
  name: string;
}

export type LinkStatus = 'linked' | 'pending' | 'rejected' | 'expired';

export interface BankLink {
  /** The provider's id for this consent (GoCardless requisition id). */
  linkId: string;
  /** Where the owner gives consent (opened in the pop-up). */
  url: string;
}

export interface LinkState {
  status: LinkStatus;
  accountIds: string[];
  /** When the consent ends (90 days at most UK banks); null when unknown. */
  consentExpiresAt: Date | null;
}

export interface BankTransactions {
  transactions: SourceTransaction[];
  /** Calls left today at the bank for this account, when the provider says (daily limits, often 4). */
  remainingToday: number | null;
}

/**
 * Open banking (account information) behind one facade: GoCardless Bank Account Data first; a second UK provider
 * (e.g. Enable Banking, reference/providers.md section 7) slots in by implementing this.
 */
export interface OpenBankingProvider {
  readonly id: 'gocardless';
  /** UK banks, the provider's sandbox bank first when it has one. */
  listBanks(): Promise<Bank[]>;
  /** Starts a consent; `reference` comes back on the redirect (`?ref=`) and must be unguessable and single use. */
  startLink(input: { bankId: string; redirectUrl: string; reference: string }): Promise<BankLink>;
  linkState(linkId: string): Promise<LinkState>;
  /** Booked and pending transactions from `dateFrom` (YYYY-MM-DD); pending ones carry their own ids. */
  fetchTransactions(accountId: string, options: { dateFrom: string; dateTo: string }): Promise<BankTransactions>;
  /** Ends the consent at the provider; an unknown or already deleted one counts as ended. */
  endLink(linkId: string): Promise<void>;
}
