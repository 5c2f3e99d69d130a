import type { ConnectionSummary } from '@brade/contract';
import { describe, expect, it } from 'vitest';
import { isImporting, relativeTime, renewalText, statusLabel, syncLines } from './sync-text';

const NOW = new Date('2026-03-10T12:00:00Z');

function summary(overrides: Partial<ConnectionSummary> = {}): ConnectionSummary {
  return {
    processor: 'stripe',
    status: 'connected',
    sandbox: true,
    since: '2026-03-10T10:00:00Z',
    last_sync: '2026-03-10T11:55:00Z',
    next_sync: null,
    sync: { state: 'idle', imported: 0, last_error: null },
    consent_expires_at: null,
    institution: null,
    institution_id: null,
    ...overrides,
  };
}

describe('integration card words', () => {
  it('says Connected, Not connected or Needs reconnecting', () => {
    expect(statusLabel(summary())).toBe('Connected');
    expect(statusLabel(undefined)).toBe('Not connected');
    expect(statusLabel(summary({ status: 'disconnected' }))).toBe('Not connected');
    expect(statusLabel(summary({ status: 'needs_reconnect' }))).toBe('Needs reconnecting');
  });

  it('puts times in words', () => {
    expect(relativeTime('2026-03-10T11:55:00Z', NOW)).toBe('5 minutes ago');
    expect(relativeTime('2026-03-10T11:59:30Z', NOW)).toBe('just now');
    expect(relativeTime('2026-03-10T09:00:00Z', NOW)).toBe('3 hours ago');
    expect(relativeTime('2026-03-08T12:00:00Z', NOW)).toBe('2 days ago');
    expect(relativeTime('2026-03-10T13:00:00Z', NOW)).toBe('in 1 hour');
  });

  it('shows the last sync and, while importing, the progress', () => {
    expect(syncLines(summary(), NOW)).toEqual(['Last synced 5 minutes ago']);
    expect(
      syncLines(summary({ last_sync: null, sync: { state: 'queued', imported: 0, last_error: null } }), NOW),
    ).toEqual(['Import queued…', 'Not synced yet']);
    expect(syncLines(summary({ sync: { state: 'running', imported: 1240, last_error: null } }), NOW)).toEqual([
      'Importing… 1,240 transactions',
      'Last synced 5 minutes ago',
    ]);
    expect(
      syncLines(
        summary({ next_sync: '2026-03-10T18:00:00Z', sync: { state: 'waiting', imported: 0, last_error: null } }),
        NOW,
      ),
    ).toContain('Waiting for the provider; next import in 6 hours');
  });

  it('says until when the bank allows access', () => {
    const bank = summary({ processor: 'gocardless', consent_expires_at: '2026-06-08T10:00:00Z' });
    expect(syncLines(bank, NOW)).toContain('Bank access until 8 June 2026');
  });

  it('polls only while an import is queued or running on a live connection', () => {
    expect(isImporting(summary({ sync: { state: 'running', imported: 1, last_error: null } }))).toBe(true);
    expect(isImporting(summary({ sync: { state: 'queued', imported: 0, last_error: null } }))).toBe(true);
    expect(isImporting(summary({ sync: { state: 'failed', imported: 0, last_error: 'x' } }))).toBe(false);
    expect(
      isImporting(summary({ status: 'disconnected', sync: { state: 'running', imported: 1, last_error: null } })),
    ).toBe(false);
    expect(isImporting(undefined)).toBe(false);
  });
});

describe('renewalText', () => {
  const now = new Date('2026-11-20T10:00:00Z');
  const bank = (consent: string | null, status: ConnectionSummary['status'] = 'connected') =>
    summary({ processor: 'gocardless', status, consent_expires_at: consent });

  it('invites a renewal in the consent’s last week, and after it ended while still shown as connected', () => {
    expect(renewalText(bank('2026-11-27T09:00:00Z'), now)).toBe(
      'Your bank access ends on 27 November 2026. Reconnect to renew it; your imported history stays.',
    );
    expect(renewalText(bank('2026-11-19T09:00:00Z'), now)).toBe(
      'Your bank access ended on 19 November 2026. Reconnect to renew it; your imported history stays.',
    );
  });

  it('says nothing earlier, without a consent date, for other states or for card providers', () => {
    expect(renewalText(bank('2026-11-28T10:00:01Z'), now)).toBeNull();
    expect(renewalText(bank(null), now)).toBeNull();
    expect(renewalText(bank('2026-11-21T10:00:00Z', 'needs_reconnect'), now)).toBeNull();
    expect(renewalText(summary({ processor: 'stripe', consent_expires_at: '2026-11-21T10:00:00Z' }), now)).toBeNull();
    expect(renewalText(undefined, now)).toBeNull();
  });
});
