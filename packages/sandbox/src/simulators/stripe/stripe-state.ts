import { BASE62, randomToken, stableToken } from '../common/card-sim-ids';
import type { FixedTokens } from '../common/simulator-harness-types';

/** What the merchant agreed to on the consent page, waiting for the app to redeem it. */
export interface AuthorizationCode {
  code: string;
  clientId: string;
  accountId: string;
  scope: 'read_only' | 'read_write';
  expiresAt: number;
  used: boolean;
}

export interface AccessGrant {
  accessToken: string;
  refreshToken: string;
  accountId: string;
  scope: 'read_only' | 'read_write';
  revoked: boolean;
  /** Stripe's OAuth tokens never expire; the control switch can still force this for tests. */
  expired: boolean;
}

/** A consent page that has been shown and not yet answered. */
export interface PendingAuthorization {
  id: string;
  clientId: string;
  redirectUri: string;
  scope: 'read_only' | 'read_write';
  state: string | undefined;
  expiresAt: number;
}

export interface ConnectedAccount {
  id: string;
  login: string;
  seed: string;
}

export const CODE_LIFETIME_MS = 5 * 60_000;
export const CONSENT_LIFETIME_MS = 10 * 60_000;

/** The simulator's memory: nothing is persisted, a restart disconnects everyone (as documented). */
export class StripeState {
  readonly pending = new Map<string, PendingAuthorization>();
  readonly codes = new Map<string, AuthorizationCode>();
  readonly grantsByAccessToken = new Map<string, AccessGrant>();
  readonly grantsByRefreshToken = new Map<string, AccessGrant>();
  readonly accounts = new Map<string, ConnectedAccount>();

  /** acct_ ids are stable per salon so a reconnect finds the same account, as it would on Stripe. */
  accountFor(login: string, seed: string): ConnectedAccount {
    const id = `acct_1${stableToken(`stripe-account:${seed}`, BASE62, 15)}`;
    let account = this.accounts.get(id);
    if (!account) {
      account = { id, login, seed };
      this.accounts.set(id, account);
    }
    return account;
  }

  issueGrant(accountId: string, scope: AccessGrant['scope']): AccessGrant {
    const grant: AccessGrant = {
      accessToken: `sk_test_${randomToken(BASE62, 99)}`,
      refreshToken: `rt_${randomToken(BASE62, 45)}`,
      accountId,
      scope,
      revoked: false,
      expired: false,
    };
    this.grantsByAccessToken.set(grant.accessToken, grant);
    this.grantsByRefreshToken.set(grant.refreshToken, grant);
    return grant;
  }

  /** A connection that exists without a consent dance: the same tokens on every start, so stored copies stay valid. */
  preconnect(login: string, seed: string, tokens: FixedTokens): ConnectedAccount {
    const account = this.accountFor(login, seed);
    const grant: AccessGrant = { ...tokens, accountId: account.id, scope: 'read_only', revoked: false, expired: false };
    this.grantsByAccessToken.set(grant.accessToken, grant);
    this.grantsByRefreshToken.set(grant.refreshToken, grant);
    return account;
  }

  /** Stripe refresh tokens are reusable: a refresh mints a new access token and keeps the refresh token. */
  rollAccessToken(grant: AccessGrant, scope: AccessGrant['scope']): AccessGrant {
    const rolled: AccessGrant = { ...grant, accessToken: `sk_test_${randomToken(BASE62, 99)}`, scope, expired: false };
    this.grantsByAccessToken.set(rolled.accessToken, rolled);
    this.grantsByRefreshToken.set(rolled.refreshToken, rolled);
    return rolled;
  }

  /** Deauthorizing revokes every token the platform holds for the account. */
  revokeAccount(accountId: string): boolean {
    let found = false;
    for (const grant of this.grantsByAccessToken.values()) {
      if (grant.accountId === accountId && !grant.revoked) {
        grant.revoked = true;
        found = true;
      }
    }
    return found;
  }

  /** Whether the platform may act for the account (an unrevoked connection exists). */
  isConnected(accountId: string): boolean {
    for (const grant of this.grantsByAccessToken.values())
      if (grant.accountId === accountId && !grant.revoked) return true;
    return false;
  }

  clear(): void {
    this.pending.clear();
    this.codes.clear();
    this.grantsByAccessToken.clear();
    this.grantsByRefreshToken.clear();
    this.accounts.clear();
  }
}
