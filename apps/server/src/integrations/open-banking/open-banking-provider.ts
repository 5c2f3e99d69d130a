import type { SourceTransaction } from '../../ledger/classify.js';

/** Which open-banking provider a bank link goes through; stored with each bank connection. */
export type OpenBankingProviderId = 'gocardless' | 'enable_banking';
export const OPEN_BANKING_PROVIDERS: readonly OpenBankingProviderId[] = ['gocardless', 'enable_banking'];

export interface Bank {
  id: string;
  name: string;
}

export type LinkStatus = 'linked' | 'pending' | 'rejected' | 'expired';

export interface StartedLink {
  /** Where the owner gives consent (opened in the pop-up). */
  url: string;
  /** The provider's id for this consent when it exists before consent (GoCardless requisition); else null. */
  linkId: string | null;
}

/** One account a consent covers: `id` for calls in this consent, `identity` the same in every later consent. */
export interface BankAccountRef {
  id: string;
  identity: string;
}

export interface CompletedLink {
  status: LinkStatus;
  /** The provider's id of the consent to read with and end (GoCardless requisition, Enable Banking session). */
  linkId: string;
  accounts: BankAccountRef[];
  /** When the consent ends (90 days at most UK banks); null when unknown. */
  consentExpiresAt: Date | null;
}

export interface BankTransactions {
  transactions: SourceTransaction[];
  /** Calls left today at the bank for this account, when the provider says (daily limits, often 4). */
  remainingToday: number | null;
}

/** An account's balance as the bank reported it. */
export interface BankBalance {
  /** Booked balance (what has cleared), signed pence. */
  bookedPence: number;
  /** Available balance (booked less pending debits, plus any overdraft the bank includes); null when not given. */
  availablePence: number | null;
  currency: string;
  /** The day the bank says the balance is for (YYYY-MM-DD), when it says. */
  referenceDate: string | null;
}

/**
 * Open banking (account information) behind one facade (docs/open-banking.md): Enable Banking for new deployments,
 * GoCardless Bank Account Data for its existing customers.
 */
export interface OpenBankingProvider {
  readonly id: OpenBankingProviderId;
  /** True against the local simulator (the UI's "Sandbox" badge). */
  readonly sandbox: boolean;
  /** UK business banks, the provider's sandbox bank first when it has one. */
  listBanks(): Promise<Bank[]>;
  /** Starts a consent; `state` comes back on the redirect and must be unguessable and single use. */
  startLink(input: { bankId: string; redirectUrl: string; state: string }): Promise<StartedLink>;
  /** After the redirect: the consent's accounts (`code` is the redirect's, for providers that return one). */
  completeLink(input: { linkId: string | null; code: string | null }): Promise<CompletedLink>;
  /** Booked transactions between two London days (YYYY-MM-DD, inclusive); pending ones are left out. */
  fetchTransactions(account: BankAccountRef, options: { dateFrom: string; dateTo: string }): Promise<BankTransactions>;
  /** The account's balance now; null when the bank gives none. */
  fetchBalance(account: BankAccountRef): Promise<BankBalance | null>;
  /** Ends the consent at the provider; an unknown or already ended one counts as ended. */
  endLink(linkId: string): Promise<void>;
}
