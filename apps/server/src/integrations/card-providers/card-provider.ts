import type { Processor, SourceTeamMember, SourceTransaction } from '../../ledger/classify.js';

/** What a connection holds at a card provider. Stored encrypted (token-cipher.ts); never sent to the browser. */
export interface CardProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  /** When the access token stops working; null when it does not expire (Stripe Standard). */
  expiresAt: Date | null;
  /** The provider's id of the owner's account: Stripe `stripe_user_id`, Square merchant id, SumUp merchant code. */
  accountId: string;
}

/**
 * Where an import run has got to. Opaque JSON owned by the adapter; saved in the same transaction as the rows
 * it produced, so a crash resumes from the last saved page and re-imports at most that page (upserts absorb it).
 */
export type SyncCursor = Record<string, string | number | boolean | null>;

export interface TransactionPage {
  transactions: SourceTransaction[];
  /** The provider's team directory, when the page read it (Square, once a run): names for `teamMemberId`s. */
  team?: SourceTeamMember[];
  /** Where the next call starts. When `done`, the starting point of the next run (e.g. "since this time"). */
  cursor: SyncCursor;
  done: boolean;
}

export interface AuthorizationRequest {
  state: string;
  redirectUri: string;
  /** PKCE S256 challenge when the provider supports it (`supportsPkce`), else null. */
  codeChallenge: string | null;
}

/**
 * One card provider's protocol (docs/architecture.md, "How an import flows"): authorisation URL, code exchange,
 * refresh, revoke and a paged transaction listing since a cursor, returning ledger-ready source transactions (see
 * `transform`).
 */
export interface CardProviderAdapter {
  readonly provider: Processor;
  readonly supportsPkce: boolean;
  /** True when the access token expires and must be refreshed before calls (Square, SumUp). */
  readonly refreshes: boolean;
  authorizationUrl(request: AuthorizationRequest): string;
  /** `accountId`: the account the provider named on its return, when it does (SumUp's `merchant_code`). */
  exchangeCode(input: {
    code: string;
    redirectUri: string;
    codeVerifier: string | null;
    accountId?: string | null;
  }): Promise<CardProviderTokens>;
  refresh(tokens: CardProviderTokens): Promise<CardProviderTokens>;
  /** Ends Brade's access at the provider. A token that is already dead counts as revoked. */
  revoke(tokens: CardProviderTokens): Promise<void>;
  /**
   * One page of transactions. `cursor` null means a first run: start from `historyFrom`. `now` bounds the run.
   */
  fetchPage(
    tokens: CardProviderTokens,
    cursor: SyncCursor | null,
    options: { historyFrom: Date; now: Date },
  ): Promise<TransactionPage>;
}
