import { BANK_PROCESSOR, type ConnectionSummary, sourceName as nameOfSource, sourceOf } from '@brade/contract';
import { memo } from 'react';
import { cx } from '../../ui/class-names';
import controls from '../../ui/controls.module.css';
import plain from '../../ui/plain.module.css';
import { isImporting } from '../settings/integrations/sync-text';
import s from './dashboard.module.css';

const count = new Intl.NumberFormat('en-GB');
const list = new Intl.ListFormat('en-GB', { type: 'conjunction' });

const sourceName = (summary: ConnectionSummary) =>
  summary.processor === BANK_PROCESSOR && summary.institution
    ? summary.institution
    : nameOfSource(sourceOf(summary.processor));

/** Still bringing in older months after its recent ones (a recent-first import). */
const backfilling = (summary: ConnectionSummary) =>
  summary.status === 'connected' && summary.last_sync !== null && summary.history?.complete === false;

/**
 * Where one connection's import stands, in its own words: waiting to start, reading before its first rows are
 * saved (a provider's first pages can take a while: never "0 so far"), the rows saved so far, or recent months in
 * with older ones still to come.
 */
export function importLine(summary: ConnectionSummary): string {
  const name = sourceName(summary);
  const { state, imported } = summary.sync;
  if (state === 'queued') return `${name}: waiting to start`;
  if (state === 'running' && imported === 0) return `${name}: reading the first transactions`;
  if (state === 'running') return `${name}: ${count.format(imported)} transaction${imported === 1 ? '' : 's'} so far`;
  return `${name}: recent months in, older months still to come`;
}

/** The import in progress, one line per connection as the sync status reports it; nothing when none imports. */
export const ImportProgress = memo(function ImportProgress({ connections }: { connections: ConnectionSummary[] }) {
  const shown = connections.filter((summary) => isImporting(summary) || backfilling(summary));
  if (!shown.some(isImporting)) return null;
  const started = shown.some((summary) => summary.sync.state === 'running' || backfilling(summary));
  const sources = list.format(shown.map(sourceName));
  // Plain elements with static classes: MUI's Paper, Typography and LinearProgress drew the same at run time.
  return (
    <div role="status" aria-label="Import in progress" className={cx(plain.card, s.importing)}>
      <p className={s.importHeading}>
        {started ? `Importing your transactions from ${sources}.` : `Your import from ${sources} is about to start.`}
      </p>
      <ul data-testid="import-lines" className={s.importLines}>
        {shown.map((summary) => (
          <li className={s.body2} key={summary.processor}>
            {importLine(summary)}
          </li>
        ))}
      </ul>
      <p className={cx(s.body2, s.secondary)}>
        The figures below fill in as the transactions arrive; until a month is in, it is marked still importing and
        judged against no goal.
      </p>
      <div>
        <span role="progressbar" aria-hidden className={controls.linearProgress}>
          <span className={controls.linearProgressBar1} />
          <span className={controls.linearProgressBar2} />
        </span>
      </div>
    </div>
  );
});

/** Card providers are linked but no bank: the expenses are the providers' fees alone. */
export function cardFeesOnly(connections: ConnectionSummary[] | undefined): boolean {
  if (!connections) return false;
  const connected = connections.filter((summary) => summary.status === 'connected');
  return connected.some((s) => s.processor !== 'gocardless') && !connected.some((s) => s.processor === 'gocardless');
}
