import { createHash } from 'node:crypto';
import { secretToken } from '../common/stable-identifiers';

/** HMRC's token lifetimes (docs/hmrc.md, "Connecting"): access tokens 4 hours, refresh tokens 18 months. */
export const ACCESS_TOKEN_SECONDS = 4 * 60 * 60;
export const REFRESH_TOKEN_MS = 548 * 86_400_000;
/** HMRC does not publish the code's lifetime; OAuth 2.0 recommends at most 10 minutes. */
export const CODE_LIFETIME_MS = 10 * 60_000;
/** How long the consent page's request stays answerable. */
export const CONSENT_LIFETIME_MS = 30 * 60_000;

export interface PendingConsent {
  id: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string | undefined;
  expiresAt: number;
}

interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  vrn: string | null;
  nino: string | null;
  codeChallenge: string | undefined;
  expiresAt: number;
  used: boolean;
}

export interface HmrcGrant {
  clientId: string;
  scopes: string[];
  /** The taxpayer who granted authority: the VRN typed on the consent page (null: no VAT registration given). */
  vrn: string | null;
  /** Their National Insurance number, typed on the same page (null: none given), for the Income Tax APIs. */
  nino: string | null;
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
  revoked: boolean;
}

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  token_type: 'bearer';
}

/** In-memory OAuth state of the HMRC simulator: consent requests, codes, and grants by either token. */
export class HmrcAuthState {
  readonly pending = new Map<string, PendingConsent>();
  private codes = new Map<string, AuthorizationCode>();
  private grants = new Map<string, HmrcGrant>();

  reset(): void {
    this.pending.clear();
    this.codes.clear();
    this.grants.clear();
  }

  issueCode(details: Omit<AuthorizationCode, 'used' | 'expiresAt'>, now: number): string {
    const code = secretToken();
    this.codes.set(code, { ...details, expiresAt: now + CODE_LIFETIME_MS, used: false });
    return code;
  }

  /** The code's record, marking it used (codes work once). */
  redeemCode(code: string, now: number): AuthorizationCode | 'unknown' | 'expired' | 'used' {
    const record = this.codes.get(code);
    if (!record) return 'unknown';
    if (record.used) return 'used';
    record.used = true;
    return record.expiresAt <= now ? 'expired' : record;
  }

  issueTokens(details: Pick<HmrcGrant, 'clientId' | 'scopes' | 'vrn' | 'nino'>, now: number): TokenAnswer {
    const grant: HmrcGrant = {
      ...details,
      accessToken: secretToken(),
      accessExpiresAt: now + ACCESS_TOKEN_SECONDS * 1000,
      refreshToken: secretToken(),
      refreshExpiresAt: now + REFRESH_TOKEN_MS,
      revoked: false,
    };
    this.grants.set(grant.accessToken, grant);
    this.grants.set(grant.refreshToken, grant);
    return {
      access_token: grant.accessToken,
      refresh_token: grant.refreshToken,
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: grant.scopes.join(' '),
      token_type: 'bearer',
    };
  }

  /**
   * A refresh: HMRC's refresh tokens are single use, so the old pair stops working and a new one is issued. The new
   * refresh token lasts until the original grant's 18 months run out: refreshing never extends the owner's authority.
   */
  refresh(refreshToken: string, clientId: string, now: number): TokenAnswer | null {
    const grant = this.byRefreshToken(refreshToken);
    if (!grant || grant.revoked || grant.refreshExpiresAt <= now || grant.clientId !== clientId) return null;
    grant.revoked = true;
    const answer = this.issueTokens(grant, now);
    this.byRefreshToken(answer.refresh_token)!.refreshExpiresAt = grant.refreshExpiresAt;
    return answer;
  }

  byAccessToken(token: string): HmrcGrant | undefined {
    const grant = this.grants.get(token);
    return grant?.accessToken === token ? grant : undefined;
  }

  byRefreshToken(token: string): HmrcGrant | undefined {
    const grant = this.grants.get(token);
    return grant?.refreshToken === token ? grant : undefined;
  }

  revoke(token: string): void {
    const grant = this.grants.get(token);
    if (grant) grant.revoked = true;
  }

  /** A token (access or refresh), or every token, expires now. */
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
