import type { ConnectionSummary } from '@brade/contract';

/**
 * The two states of docs/product.md ("Screens and routes"), plus the one a revoked token or an expired bank consent
 * leaves behind.
 */
export function statusLabel(
  summary: ConnectionSummary | undefined,
): 'Connected' | 'Not connected' | 'Needs reconnecting' {
  if (summary?.status === 'connected') return 'Connected';
  if (summary?.status === 'needs_reconnect') return 'Needs reconnecting';
  return 'Not connected';
}

const count = new Intl.NumberFormat('en-GB');
const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'always' });

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** '5 minutes ago', 'in 2 hours'; under a minute either way is 'just now'. */
export function relativeTime(iso: string, now: Date): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/**
 * The lines under a connected card, in words: the import in progress, the last sync, the next one when waiting,
 * and when the bank's consent ends. Errors are returned apart, to be shown as such.
 */
export function syncLines(summary: ConnectionSummary, now: Date): string[] {
  const lines: string[] = [];
  if (summary.status === 'connected') {
    const { state, imported } = summary.sync;
    if (state === 'queued') lines.push('Import queued…');
    if (state === 'running') lines.push(`Importing… ${count.format(imported)} transactions`);
    if (state === 'waiting' && summary.next_sync) {
      lines.push(`Waiting for the provider; next import ${relativeTime(summary.next_sync, now)}`);
    }
  }
  lines.push(summary.last_sync ? `Last synced ${relativeTime(summary.last_sync, now)}` : 'Not synced yet');
  if (summary.processor === 'gocardless' && summary.status === 'connected' && summary.consent_expires_at) {
    lines.push(`Bank access until ${day.format(new Date(summary.consent_expires_at))}`);
  }
  return lines;
}

/** True while an import is queued or running: the cards poll for progress then. */
export const isImporting = (summary: ConnectionSummary | undefined): boolean =>
  summary?.status === 'connected' && (summary.sync.state === 'queued' || summary.sync.state === 'running');

/** A bank consent is renewed in its last week, when the Action Required e-mail goes out too (docs/open-banking.md). */
export const RENEWAL_NOTICE_MS = 7 * 86_400_000;

/** The invitation to renew a connected bank's consent in its last week; null otherwise. */
export function renewalText(summary: ConnectionSummary | undefined, now: Date): string | null {
  if (summary?.processor !== 'gocardless' || summary.status !== 'connected' || !summary.consent_expires_at) return null;
  const ends = new Date(summary.consent_expires_at);
  if (ends.getTime() - now.getTime() > RENEWAL_NOTICE_MS) return null;
  const when = ends.getTime() > now.getTime() ? 'ends' : 'ended';
  return `Your bank access ${when} on ${day.format(ends)}. Reconnect to renew it; your imported history stays.`;
}
