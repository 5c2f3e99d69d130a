import { randomUUID } from 'node:crypto';
import { secretToken } from '../common/stable-identifiers';
import type { PsuType } from './aspsps';

/** How long an authorisation code may wait for POST /sessions (Enable Banking does not document it). */
export const CODE_SECONDS = 600;

export interface AspspRef {
  name: string;
  country: string;
}

/** A POST /auth waiting for the owner at the bank's consent page. */
export interface Authorization {
  id: string;
  applicationId: string;
  aspsp: AspspRef;
  state: string;
  redirectUrl: string;
  validUntil: string;
  psuType: PsuType;
  decided: boolean;
}

export interface AuthorizationCode {
  authorizationId: string;
  expiresAt: number;
  /** The session it became; a second POST /sessions with it is refused. */
  sessionId: string | null;
}

export type StoredSessionStatus = 'AUTHORIZED' | 'CLOSED' | 'REVOKED';

export interface Session {
  id: string;
  applicationId: string;
  aspsp: AspspRef;
  psuType: PsuType;
  validUntil: string;
  /** A preconnected session (the demo's bank): its consent is always 90 days from now, like a renewed one. */
  renewing?: boolean;
  status: StoredSessionStatus;
  /** control.expireConsent: treated as expired whatever valid_until says. */
  forcedExpired: boolean;
  created: string;
  closed: string | null;
  accounts: string[];
}

/** An account as one session sees it: its uid lives and dies with the session; the hash outlives it. */
export interface SessionAccount {
  uid: string;
  sessionId: string;
  identificationHash: string;
  iban: string;
  bic: string;
}

/** Where a transactions listing stopped, valid only in its session and only for the same query. */
export interface Continuation {
  uid: string;
  query: string;
  offset: number;
}

/** Everything the simulator remembers, in memory, cleared by control.reset. */
export class EnableBankingState {
  authorizations = new Map<string, Authorization>();
  codes = new Map<string, AuthorizationCode>();
  sessions = new Map<string, Session>();
  accounts = new Map<string, SessionAccount>();
  continuations = new Map<string, Continuation>();

  reset(): void {
    this.authorizations.clear();
    this.codes.clear();
    this.sessions.clear();
    this.accounts.clear();
    this.continuations.clear();
  }

  newId(): string {
    return randomUUID();
  }

  newCode(authorizationId: string, now: number): string {
    const code = randomUUID();
    this.codes.set(code, { authorizationId, expiresAt: now + CODE_SECONDS * 1000, sessionId: null });
    return code;
  }

  newContinuation(continuation: Continuation): string {
    const key = secretToken('ck_');
    this.continuations.set(key, continuation);
    return key;
  }
}

export type SessionStatus = StoredSessionStatus | 'EXPIRED';

/** AUTHORIZED reads EXPIRED once `valid_until` has passed (or a test expired it). */
export function sessionStatus(session: Session, now: number): SessionStatus {
  if (session.status !== 'AUTHORIZED') return session.status;
  return session.forcedExpired || Date.parse(validUntilOf(session, now)) <= now ? 'EXPIRED' : 'AUTHORIZED';
}

const RENEWED_CONSENT_MS = 90 * 86_400_000;

/** When the session's consent ends, as the API reports it. */
export function validUntilOf(session: Session, now: number): string {
  return session.renewing ? new Date(now + RENEWED_CONSENT_MS).toISOString() : session.validUntil;
}
