import { describe, expect, it } from 'vitest';
import { type ConnectionRow, summaryOf } from './connection-store.js';

const at = (iso: string) => new Date(iso);

/** A connected Stripe link as the store holds it. */
const row = (overrides: Partial<ConnectionRow>): ConnectionRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  provider: 'stripe',
  status: 'connected',
  connectedAt: at('2026-11-27T09:00:00Z'),
  updatedAt: at('2026-11-27T09:00:00Z'),
  credentials: null,
  accountId: 'acct_1',
  institutionId: null,
  institutionName: null,
  bankProvider: null,
  consentExpiresAt: null,
  sandbox: true,
  syncCursor: null,
  syncState: 'running',
  syncImported: 0,
  syncQueuedAt: at('2026-11-27T09:00:00Z'),
  syncLeaseUntil: null,
  syncRunId: null,
  lastSyncedAt: null,
  nextSyncAt: null,
  lastError: null,
  lastErrorAt: null,
  consentReminderSentAt: null,
  demo: false,
  historyFrom: null,
  backfillUntil: null,
  backfillCursor: null,
  ...overrides,
});

describe('how far a connection’s history is in (docs/finance.md, "Imports in progress")', () => {
  it('a first import not finished yet: nothing is complete', () => {
    expect(summaryOf(row({})).history).toEqual({ from: null, complete: false, recent_from: null });
  });

  it('recent months first: complete from `recent_from` on, the older months still arriving', () => {
    const summary = summaryOf(
      row({
        lastSyncedAt: at('2026-11-27T09:01:00Z'),
        historyFrom: at('2025-06-01T00:00:00Z'),
        backfillUntil: at('2026-09-30T23:00:00Z'),
      }),
    );
    expect(summary.history).toEqual({
      from: '2025-06-01T00:00:00.000Z',
      complete: false,
      recent_from: '2026-09-30T23:00:00.000Z',
    });
  });

  it('all of it in once the first run finished and no older history is to come', () => {
    expect(summaryOf(row({ lastSyncedAt: at('2026-11-27T09:01:00Z'), syncState: 'idle' })).history).toEqual({
      from: null,
      complete: true,
      recent_from: null,
    });
  });
});
