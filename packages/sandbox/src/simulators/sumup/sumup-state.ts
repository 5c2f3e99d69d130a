import { createHash } from 'node:crypto';
import type { FixedTokens } from '../common/simulator-harness-types';
import { secretToken } from '../common/stable-identifiers';

/** Authorization codes live this long, single use (SumUp doesn't publish it; OAuth 2.0 recommends ≤ 10 minutes). */
export const CODE_LIFETIME_MS = 5 * 60_000;
/** expires_in of access tokens (3600: docs/providers.md, "SumUp"). */
export const ACCESS_TOKEN_SECONDS = 3600;
/** Refresh-token lifetime is not published; six months keeps long-idle connections realistic. */
export const REFRESH_TOKEN_MS = 182 * 86_400_000;

interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  expiresAt: number;
  codeChallenge?: string;
  used: boolean;
  /** Tokens issued for this code, revoked if the code is replayed (RFC 6749 section 4.1.2). */
  issued: string[];
}

export interface Grant {
  clientId: string;
  scope: string;
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
  revoked: boolean;
  /** Made by `preconnect`: never expires, and a refresh hands back the same tokens (they must survive restarts). */
  fixed?: boolean;
}

export interface IssuedTokens {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** In-memory OAuth state: codes, and grants looked up by either of their tokens. */
export class SumupAuthState {
  private codes = new Map<string, AuthorizationCode>();
  private grants = new Map<string, Grant>();

  reset(): void {
    this.codes.clear();
    this.grants.clear();
  }

  issueCode(details: Omit<AuthorizationCode, 'used' | 'issued' | 'expiresAt'>, now: number): string {
    const code = secretToken();
    this.codes.set(code, { ...details, expiresAt: now + CODE_LIFETIME_MS, used: false, issued: [] });
    return code;
  }

  /** The code's record, marking it used; a replayed code revokes what it issued and yields 'reused'. */
  redeemCode(code: string, now: number): AuthorizationCode | 'unknown' | 'expired' | 'reused' {
    const record = this.codes.get(code);
    if (!record) return 'unknown';
    if (record.used) {
      for (const token of record.issued) this.revoke(token);
      return 'reused';
    }
    record.used = true;
    if (record.expiresAt <= now) return 'expired';
    return record;
  }

  noteIssued(code: string, accessToken: string): void {
    this.codes.get(code)?.issued.push(accessToken);
  }

  issueTokens(clientId: string, scope: string, now: number): IssuedTokens {
    const grant: Grant = {
      clientId,
      scope,
      accessToken: secretToken('sumup_sim_at_'),
      accessExpiresAt: now + ACCESS_TOKEN_SECONDS * 1000,
      refreshToken: secretToken('sumup_sim_rt_'),
      refreshExpiresAt: now + REFRESH_TOKEN_MS,
      revoked: false,
    };
    this.grants.set(grant.accessToken, grant);
    this.grants.set(grant.refreshToken, grant);
    return {
      access_token: grant.accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: grant.refreshToken,
      scope,
    };
  }

  /** A grant made ahead of time (no consent page) with fixed tokens that never expire. */
  preconnect(clientId: string, scope: string, tokens: FixedTokens): void {
    const grant: Grant = {
      clientId,
      scope,
      ...tokens,
      accessExpiresAt: Number.POSITIVE_INFINITY,
      refreshExpiresAt: Number.POSITIVE_INFINITY,
      revoked: false,
      fixed: true,
    };
    this.grants.set(grant.accessToken, grant);
    this.grants.set(grant.refreshToken, grant);
  }

  /** The token answer for a grant that already exists (a refresh of a fixed grant). */
  answerFor(grant: Grant): IssuedTokens {
    return {
      access_token: grant.accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: grant.refreshToken,
      scope: grant.scope,
    };
  }

  byAccessToken(token: string): Grant | undefined {
    const grant = this.grants.get(token);
    return grant?.accessToken === token ? grant : undefined;
  }

  byRefreshToken(token: string): Grant | undefined {
    const grant = this.grants.get(token);
    return grant?.refreshToken === token ? grant : undefined;
  }

  revoke(token: string): void {
    const grant = this.grants.get(token);
    if (grant) grant.revoked = true;
  }

  expire(token: string | undefined, now: number): void {
    const grants = token ? [this.grants.get(token)] : [...this.grants.values()];
    for (const grant of grants) {
      if (!grant) continue;
      if (!token || grant.accessToken === token) grant.accessExpiresAt = now;
      if (!token || grant.refreshToken === token) grant.refreshExpiresAt = now;
    }
  }
}

/** PKCE S256: base64url(sha256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
