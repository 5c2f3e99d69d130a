import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { PayerHash } from '../../ledger/payer-keys.js';
import type { ConnectionRow } from '../connection-store.js';
import type { IntegrationProviders } from '../provider-registry.js';
import type { ConnectionProvider } from '../tables.js';
import type { TokenCipher } from '../token-cipher.js';

export interface SyncDeps {
  db: Db;
  cipher: TokenCipher;
  providers: IntegrationProviders;
  /** The demo account's private simulators (demo/): they serve the connections marked `demo`. */
  demoProviders?: IntegrationProviders | null;
  /** Keys payer identities before they reach the ledger (CLIENT_KEY). */
  hashPayer: PayerHash;
  clock: () => Date;
  log: Logger;
  /** A run renews this lease after every page; if it stops renewing (crash), the sweep hands the run on. */
  leaseSeconds: number;
  /** How far back a first import reaches (config SYNC_HISTORY_DAYS; at most 730). */
  historyDays?: number;
  /** Rows gathered from several pages before one write (rows, cursor and lease in one transaction). */
  writeBatchRows?: number;
  /** Tells the owner when a connection stops importing and needs them (Action Required e-mail). */
  notifyActionRequired?: (userId: string, provider: ConnectionProvider, words: string) => Promise<void>;
}

/** Card providers hourly; the bank at most 4 times a day (docs/architecture.md, "How an import flows"). */
export const SYNC_INTERVAL_MS = { card: 60 * 60_000, bank: 6 * 60 * 60_000 } as const;
/**
 * A first import reaches back this far by default (GoCardless allows up to 24 months; docs/providers.md, "GoCardless
 * Bank Account Data").
 */
export const HISTORY_DAYS = 730;
/**
 * Pages are written together until about this many rows: fewer transactions, rollup refreshes and lookups per row
 * (bench/import-card-transactions.mjs: each statement's round trip costs most on a busy machine), while a crash still
 * loses at most a batch's pages of work (about 20 of Square's), never rows.
 */
export const WRITE_BATCH_ROWS = 3000;
/** Each later run re-reads this much before its cursor, for rows the provider settles late. */
export const OVERLAP_DAYS = 3;

/** One run's two parts, for a card connection (run-sync.ts) or a bank (sync-bank.ts). */
export interface Phases {
  /** From the saved cursor (or the start of the history window) up to now. */
  recent(): Promise<void>;
  /** The older history window [history_from, until), resuming from the saved backfill cursor. */
  older(until: Date): Promise<void>;
}

/** Where a connection's imports reach back to: its own start, else the server's history window. */
export function historyStart(deps: SyncDeps, row: ConnectionRow, now: Date): Date {
  return row.historyFrom ?? new Date(now.getTime() - (deps.historyDays ?? HISTORY_DAYS) * 86_400_000);
}
