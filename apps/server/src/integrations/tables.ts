import type { Source } from '@brade/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import type { OpenBankingProviderId } from './open-banking/open-banking-provider.js';

/** Brade's name for what a connection links (the contract's `Source`). */
export type ConnectionProvider = Source;
/** Whom a connect attempt's `state` was issued for: a connection's provider, or HMRC (hmrc/, its own grant). */
export type AttemptProvider = ConnectionProvider | 'hmrc';
export type ConnectionStatus = 'connected' | 'needs_reconnect' | 'disconnected';
export type SyncState = 'idle' | 'queued' | 'running' | 'failed' | 'waiting';

/**
 * One row per owner and provider: how it is linked (encrypted credentials, never readable without
 * ENCRYPTION_KEY), and where its import stands. Disconnecting keeps the row and the imported history.
 */
export const connections = pgTable(
  'connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<ConnectionProvider>().notNull(),
    status: text('status').$type<ConnectionStatus>().notNull().default('connected'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** token-cipher.ts envelope of the provider credentials; null for the demo's built-in data and after disconnect. */
    credentials: text('credentials'),
    /** The provider's id of the owner's account (Stripe account, Square merchant, SumUp merchant code, requisition). */
    accountId: text('account_id'),
    institutionId: text('institution_id'),
    institutionName: text('institution_name'),
    /** Bank only: the open-banking provider the link was made with; it keeps it (docs/open-banking.md). */
    bankProvider: text('bank_provider').$type<OpenBankingProviderId>(),
    consentExpiresAt: timestamp('consent_expires_at', { withTimezone: true }),
    sandbox: boolean('sandbox').notNull().default(false),
    syncCursor: jsonb('sync_cursor').$type<Record<string, unknown>>(),
    syncState: text('sync_state').$type<SyncState>().notNull().default('idle'),
    syncImported: integer('sync_imported').notNull().default(0),
    syncQueuedAt: timestamp('sync_queued_at', { withTimezone: true }),
    /** A run holds this lease and renews it after every page; an expired lease means the run died. */
    syncLeaseUntil: timestamp('sync_lease_until', { withTimezone: true }),
    /** The run holding the lease: a run that lost its lease (too slow, taken over) can no longer write. */
    syncRunId: uuid('sync_run_id'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /** When the owner was told the bank consent ends within a week (once per consent). */
    consentReminderSentAt: timestamp('consent_reminder_sent_at', { withTimezone: true }),
    /** Served by the demo account's private simulators (demo/), not by the providers this server is configured for. */
    demo: boolean('demo').notNull().default(false),
    /** How far back this connection's imports reach; null: the server's SYNC_HISTORY_DAYS before each run. */
    historyFrom: timestamp('history_from', { withTimezone: true }),
    /**
     * Recent history first (docs/sandbox.md): while older history is still to import, the window
     * [history_from, backfill_until) is read after the regular run, resuming from `backfill_cursor`.
     */
    backfillUntil: timestamp('backfill_until', { withTimezone: true }),
    backfillCursor: jsonb('backfill_cursor').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('connections_owner_provider_key').on(t.userId, t.provider),
    index('connections_due_idx')
      .on(t.nextSyncAt)
      .where(sql`${t.status} = 'connected' and ${t.credentials} is not null`),
  ],
);

/**
 * The random `state` of one connect attempt (docs/architecture.md, "How an import flows"): stored as a hash, bound to
 * the owner and provider, single use, 10 minutes. Carries the PKCE verifier (encrypted) or the bank link it started.
 */
export const connectAttempts = pgTable(
  'connect_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<AttemptProvider>().notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeVerifier: text('code_verifier'),
    linkId: text('link_id'),
    institutionId: text('institution_id'),
    institutionName: text('institution_name'),
    /** Bank only: which open-banking provider this attempt's consent page belongs to. */
    bankProvider: text('bank_provider').$type<OpenBankingProviderId>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('connect_attempts_state_key').on(t.stateHash),
    index('connect_attempts_link_idx').on(t.linkId),
    index('connect_attempts_expiry_idx').on(t.expiresAt),
  ],
);

/**
 * Cash in the bank: each bank account's last balance as its bank reported it at an import (booked and available,
 * the bank's date, when Brade read it). One row per owner and account, keyed by the account's identity that
 * survives a renewed consent; gone when the bank is disconnected.
 */
export const bankBalances = pgTable(
  'bank_balances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountIdentity: text('account_identity').notNull(),
    currency: text('currency').notNull(),
    bookedPence: bigint('booked_pence', { mode: 'number' }).notNull(),
    availablePence: bigint('available_pence', { mode: 'number' }),
    /** The day the bank says the balance is for, when it says. */
    balanceDate: date('balance_date', { mode: 'string' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('bank_balances_owner_account_key').on(t.userId, t.accountIdentity)],
);
