import type { CardProviderTokens } from './card-providers/card-provider.js';
import type { BankAccountRef } from './open-banking/open-banking-provider.js';

/**
 * What a connection row keeps in its sealed `credentials` (connection-store.ts reads and seals them): written by
 * the connect flows and the demo's links, read by the import runs.
 */

/** Stored card credentials: the adapter's tokens plus when they were obtained (for proactive refresh). */
export interface StoredCardTokens extends Omit<CardProviderTokens, 'expiresAt'> {
  expiresAt: string | null;
  obtainedAt: string;
}

export function storedTokens(tokens: CardProviderTokens, now: Date): StoredCardTokens {
  return { ...tokens, expiresAt: tokens.expiresAt?.toISOString() ?? null, obtainedAt: now.toISOString() };
}

/**
 * What a bank connection keeps: the consent and the accounts it covers. Links made before accounts had an identity
 * stored only their ids (`accountIds`); each id then stands for its own identity.
 */
export interface BankCredentials {
  linkId: string;
  accounts?: BankAccountRef[];
  accountIds?: string[];
}
