import { randomUUID } from 'node:crypto';
import { secretToken } from '../common/stable-identifiers';

/**
 * Token lifetimes from the Quickstart: access 24 h, refresh 30 days (docs/providers.md, "GoCardless Bank Account
 * Data").
 */
export const ACCESS_SECONDS = 86_400;
export const REFRESH_SECONDS = 2_592_000;

export type AccessScope = 'balances' | 'details' | 'transactions';

export interface Agreement {
  id: string;
  created: string;
  institution_id: string;
  max_historical_days: number;
  access_valid_for_days: number;
  access_scope: AccessScope[];
  /** Set when the end user approves at the bank; access runs access_valid_for_days from then. */
  accepted: string | null;
  /** control.expireConsent: treat as expired whatever the dates say. */
  forcedExpired?: boolean;
  /** Made by `preconnect` (the demo's private bank): access renews itself instead of ending after 90 days. */
  renewing?: boolean;
}

export type RequisitionStatus = 'CR' | 'GC' | 'UA' | 'RJ' | 'SA' | 'GA' | 'LN' | 'SU' | 'EX';

export interface Requisition {
  id: string;
  created: string;
  redirect: string;
  status: RequisitionStatus;
  institution_id: string;
  agreement: string;
  reference: string;
  accounts: string[];
  user_language: string;
  link: string;
  ssn: string | null;
  account_selection: boolean;
  redirect_immediate: boolean;
}

export interface LinkedAccount {
  id: string;
  created: string;
  requisitionId: string;
  institutionId: string;
  lastAccessed: string | null;
}

interface Token {
  kind: 'access' | 'refresh';
  expiresAt: number;
  revoked: boolean;
}

/** Everything the simulator remembers, in memory, reset by control.reset. */
export class GoCardlessState {
  tokens = new Map<string, Token>();
  agreements = new Map<string, Agreement>();
  requisitions = new Map<string, Requisition>();
  accounts = new Map<string, LinkedAccount>();

  reset(): void {
    this.tokens.clear();
    this.agreements.clear();
    this.requisitions.clear();
    this.accounts.clear();
  }

  newAccessToken(now: number): string {
    const token = secretToken('gcbad_sim_access_');
    this.tokens.set(token, { kind: 'access', expiresAt: now + ACCESS_SECONDS * 1000, revoked: false });
    return token;
  }

  newRefreshToken(now: number): string {
    const token = secretToken('gcbad_sim_refresh_');
    this.tokens.set(token, { kind: 'refresh', expiresAt: now + REFRESH_SECONDS * 1000, revoked: false });
    return token;
  }

  isValid(token: string, kind: Token['kind'], now: number): boolean {
    const record = this.tokens.get(token);
    return Boolean(record && record.kind === kind && !record.revoked && record.expiresAt > now);
  }

  revokeToken(token: string): void {
    const record = this.tokens.get(token);
    if (record) record.revoked = true;
  }

  expireToken(token: string | undefined, now: number): void {
    for (const [key, record] of this.tokens) if (!token || key === token) record.expiresAt = now;
  }

  newId(): string {
    return randomUUID();
  }
}

/** When the agreement's access ends (null until accepted). */
export function accessEndsAt(agreement: Agreement): number | null {
  if (!agreement.accepted) return null;
  return Date.parse(agreement.accepted) + agreement.access_valid_for_days * 86_400_000;
}

export function agreementExpired(agreement: Agreement, now: number): boolean {
  if (agreement.forcedExpired) return true;
  if (agreement.renewing) return false;
  const ends = accessEndsAt(agreement);
  return ends !== null && ends <= now;
}
