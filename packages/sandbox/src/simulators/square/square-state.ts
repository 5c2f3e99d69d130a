import { BASE62, randomToken, stableToken, UPPER_ALNUM } from '../common/card-sim-ids';
import type { FixedTokens } from '../common/simulator-harness-types';

export interface SquarePending {
  id: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  codeChallenge: string | undefined;
  expiresAt: number;
}

export interface SquareCode {
  code: string;
  merchantId: string;
  scopes: string[];
  redirectUri: string;
  /** Present when the app used PKCE: the token call must then send the matching code_verifier. */
  codeChallenge: string | undefined;
  expiresAt: number;
  used: boolean;
}

export interface SquareGrant {
  accessToken: string;
  refreshToken: string;
  merchantId: string;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
  pkce: boolean;
  /** Made by `preconnect`: never expires, and a refresh hands back the same tokens (they must survive restarts). */
  fixed?: boolean;
}

export interface SquareMerchant {
  id: string;
  login: string;
  seed: string;
}

export const CODE_LIFETIME_MS = 5 * 60_000;
export const CONSENT_LIFETIME_MS = 10 * 60_000;
export const ACCESS_TOKEN_LIFETIME_MS = 30 * 86_400_000;

/** In-memory OAuth state: a restart disconnects every merchant. */
export class SquareState {
  readonly pending = new Map<string, SquarePending>();
  readonly codes = new Map<string, SquareCode>();
  readonly grantsByAccessToken = new Map<string, SquareGrant>();
  readonly grantsByRefreshToken = new Map<string, SquareGrant>();
  readonly merchants = new Map<string, SquareMerchant>();

  /** Merchant ids are stable per salon, so reconnecting finds the same merchant. */
  merchantFor(login: string, seed: string): SquareMerchant {
    const id = `ML${stableToken(`square-merchant:${seed}`, UPPER_ALNUM, 11)}`;
    let merchant = this.merchants.get(id);
    if (!merchant) {
      merchant = { id, login, seed };
      this.merchants.set(id, merchant);
    }
    return merchant;
  }

  issueGrant(
    merchantId: string,
    scopes: string[],
    expiresAt: number,
    pkce: boolean,
    refreshToken?: string,
  ): SquareGrant {
    const grant: SquareGrant = {
      accessToken: `EAAAl${randomToken(BASE62, 59)}`,
      refreshToken: refreshToken ?? `EQAAl${randomToken(BASE62, 59)}`,
      merchantId,
      scopes,
      expiresAt,
      revoked: false,
      pkce,
    };
    this.grantsByAccessToken.set(grant.accessToken, grant);
    this.grantsByRefreshToken.set(grant.refreshToken, grant);
    return grant;
  }

  /** A merchant connected ahead of time (no consent page) with fixed, non-expiring tokens. */
  preconnect(login: string, seed: string, scopes: string[], tokens: FixedTokens): SquareMerchant {
    const merchant = this.merchantFor(login, seed);
    const grant: SquareGrant = {
      ...tokens,
      merchantId: merchant.id,
      scopes,
      expiresAt: Date.UTC(9999, 11, 31),
      revoked: false,
      pkce: false,
      fixed: true,
    };
    this.grantsByAccessToken.set(grant.accessToken, grant);
    this.grantsByRefreshToken.set(grant.refreshToken, grant);
    return merchant;
  }

  /** Square's revoke removes every token the app holds for the merchant. */
  revokeMerchant(merchantId: string): void {
    for (const grant of this.grantsByAccessToken.values()) if (grant.merchantId === merchantId) grant.revoked = true;
  }

  clear(): void {
    this.pending.clear();
    this.codes.clear();
    this.grantsByAccessToken.clear();
    this.grantsByRefreshToken.clear();
    this.merchants.clear();
  }
}
