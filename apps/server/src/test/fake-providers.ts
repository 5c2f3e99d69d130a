import type {
  CardProviderAdapter,
  CardProviderTokens,
  SyncCursor,
} from '../integrations/card-providers/card-provider.js';
import type {
  Bank,
  BankAccountRef,
  BankBalance,
  OpenBankingProvider,
  OpenBankingProviderId,
} from '../integrations/open-banking/open-banking-provider.js';
import { ProviderError } from '../integrations/provider-error.js';
import type { IntegrationProviders } from '../integrations/provider-registry.js';
import type { Processor, SourceTransaction } from '../ledger/classify.js';

/** A scripted failure for the next calls of one method. */
type Script = { failure: ProviderError; times: number };

/**
 * An in-memory card provider for API tests of the connect and import machinery: it issues codes, checks them
 * once, pages through a fixed list of payments and can be told to fail. (The real protocols are tested against
 * the simulators in each adapter's own tests.)
 */
export class FakeCardProvider implements CardProviderAdapter {
  readonly supportsPkce = true;
  readonly refreshes = false;
  readonly codes = new Map<string, { accountId: string; challenge: string | null }>();
  readonly revoked = new Set<string>();
  readonly pageCalls: Array<SyncCursor | null> = [];
  failures: Partial<Record<'exchange' | 'fetch', Script>> = {};
  /** Called before each page is returned (tests pause or crash here). */
  beforePage: ((index: number) => Promise<void>) | null = null;
  lastAuthorization: { state: string; redirectUri: string; codeChallenge: string | null } | null = null;

  constructor(
    readonly provider: Processor,
    public transactions: SourceTransaction[],
    private readonly pageSize = 3,
  ) {}

  issueCode(accountId = 'acct_fake'): string {
    const code = `code_${this.codes.size + 1}_${Math.random().toString(36).slice(2)}`;
    this.codes.set(code, { accountId, challenge: this.lastAuthorization?.codeChallenge ?? null });
    return code;
  }

  authorizationUrl(request: { state: string; redirectUri: string; codeChallenge: string | null }): string {
    this.lastAuthorization = request;
    const url = new URL(`https://fake.${this.provider}.test/authorize`);
    url.searchParams.set('state', request.state);
    url.searchParams.set('redirect_uri', request.redirectUri);
    if (request.codeChallenge) url.searchParams.set('code_challenge', request.codeChallenge);
    return url.toString();
  }

  async exchangeCode(input: { code: string; codeVerifier: string | null }): Promise<CardProviderTokens> {
    this.fail('exchange');
    const grant = this.codes.get(input.code);
    if (!grant) throw new ProviderError(this.provider, 'rejected', 'The authorisation code is not valid.', 400);
    this.codes.delete(input.code);
    if (grant.challenge) {
      const { createHash } = await import('node:crypto');
      const made = createHash('sha256')
        .update(input.codeVerifier ?? '')
        .digest('base64url');
      if (made !== grant.challenge)
        throw new ProviderError(this.provider, 'rejected', 'PKCE verification failed.', 400);
    }
    return { accessToken: `tok_${input.code}`, refreshToken: null, expiresAt: null, accountId: grant.accountId };
  }

  async refresh(tokens: CardProviderTokens): Promise<CardProviderTokens> {
    return tokens;
  }

  async revoke(tokens: CardProviderTokens): Promise<void> {
    this.revoked.add(tokens.accessToken);
  }

  async fetchPage(tokens: CardProviderTokens, cursor: SyncCursor | null) {
    this.pageCalls.push(cursor);
    if (this.revoked.has(tokens.accessToken)) {
      throw new ProviderError(this.provider, 'reauthorize', 'The access token was revoked.', 401);
    }
    this.fail('fetch');
    const offset = Number(cursor?.offset ?? 0);
    await this.beforePage?.(offset / this.pageSize);
    const transactions = this.transactions.slice(offset, offset + this.pageSize);
    const next = offset + transactions.length;
    return { transactions, cursor: { offset: next }, done: next >= this.transactions.length };
  }

  private fail(method: 'exchange' | 'fetch'): void {
    const script = this.failures[method];
    if (script && script.times > 0) {
      script.times -= 1;
      throw script.failure;
    }
  }
}

/**
 * An in-memory open-banking provider with one sandbox bank, a per-account daily call limit and a balance. It plays
 * GoCardless by default; `id` makes it another provider (tests of a provider switch).
 */
export class FakeBank implements OpenBankingProvider {
  readonly sandbox = true;
  readonly banks: Bank[] = [
    { id: 'SANDBOXFINANCE_SFIN0000', name: 'Sandbox Finance' },
    { id: 'MONZO_MONZGB2L', name: 'Monzo' },
  ];
  readonly links = new Map<string, { state: string; status: 'linked' | 'pending' | 'rejected' | 'expired' }>();
  readonly ended = new Set<string>();
  readonly fetched: Array<{ account: BankAccountRef; dateFrom: string; dateTo: string }> = [];
  callsToday = 0;
  dailyLimit = 4;
  /** The account each approval links: a renewed consent reaches the same account under a new id. */
  accountIdentity = 'iban:fake-business-account';
  balance: BankBalance | null = {
    bookedPence: 1_234_567,
    availablePence: 1_200_000,
    currency: 'GBP',
    referenceDate: null,
  };
  balanceFailure: ProviderError | null = null;

  constructor(
    public transactions: SourceTransaction[],
    readonly id: OpenBankingProviderId = 'gocardless',
  ) {}

  async listBanks() {
    return this.banks;
  }

  async startLink(input: { bankId: string; redirectUrl: string; state: string }) {
    const linkId = `${this.id}_req_${this.links.size + 1}`;
    this.links.set(linkId, { state: input.state, status: 'pending' });
    return { linkId, url: `https://fake.bank.test/consent/${linkId}` };
  }

  /** The owner approves at the bank: returns the state the redirect carries back. */
  approve(linkId: string): string {
    const link = this.links.get(linkId)!;
    link.status = 'linked';
    return link.state;
  }

  /** The newest link started (tests see only Brade's attempt id from build-a-link). */
  latestLinkId(): string {
    return [...this.links.keys()].at(-1)!;
  }

  async completeLink({ linkId }: { linkId: string | null }) {
    const link = linkId ? this.links.get(linkId) : undefined;
    if (!link || !linkId) throw new ProviderError(this.id, 'rejected', 'Requisition not found.', 404);
    return {
      status: link.status,
      linkId,
      accounts: link.status === 'linked' ? [{ id: `${linkId}-acc`, identity: this.accountIdentity }] : [],
      consentExpiresAt: new Date('2027-02-20T00:00:00Z'),
    };
  }

  async fetchTransactions(account: BankAccountRef, options: { dateFrom: string; dateTo: string }) {
    const link = this.links.get(account.id.replace(/-acc$/, ''));
    if (link?.status === 'expired' || this.ended.has(account.id.replace(/-acc$/, ''))) {
      throw new ProviderError(this.id, 'reauthorize', 'Access has expired or it has been revoked.', 401);
    }
    if (this.callsToday >= this.dailyLimit) {
      throw new ProviderError(this.id, 'retryable', 'Daily request limit reached.', 429, 6 * 3600);
    }
    this.callsToday += 1;
    this.fetched.push({ account, ...options });
    return {
      transactions: this.transactions.filter((t) => {
        const day = t.occurredAt.toISOString().slice(0, 10);
        return day >= options.dateFrom && day <= options.dateTo;
      }),
      remainingToday: this.dailyLimit - this.callsToday,
    };
  }

  async fetchBalance() {
    if (this.balanceFailure) throw this.balanceFailure;
    return this.balance;
  }

  async endLink(linkId: string) {
    this.ended.add(linkId);
  }
}

export function fakeProviders(
  cards: Partial<Record<Processor, CardProviderAdapter>>,
  bank: FakeBank | null,
  otherBanks: FakeBank[] = [],
) {
  return {
    card: (provider: Processor) => cards[provider] ?? null,
    bank,
    bankById: (id: OpenBankingProviderId) => [bank, ...otherBanks].find((b) => b?.id === id) ?? null,
    isSandbox: () => true,
  } satisfies IntegrationProviders;
}

/** Card payments on given London days, 12:00 UTC, `n` pence each. */
export function payments(provider: Processor, days: string[], pence = 4500): SourceTransaction[] {
  return days.map((day, i) => ({
    provider,
    type: 'payment' as const,
    externalId: `${provider}_pay_${day}_${i}`,
    occurredAt: new Date(`${day}T12:00:00Z`),
    amountPence: pence,
    description: 'Card payment',
    customerId: `cus_${i % 4}`,
  }));
}
