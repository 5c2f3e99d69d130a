import { BANK_PROCESSOR, type ConnectionSummary, sourceName as nameOfSource, sourceOf } from '@brade/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { isImporting } from '../settings/integrations/sync-text';

const count = new Intl.NumberFormat('en-GB');
const list = new Intl.ListFormat('en-GB', { type: 'conjunction' });

const sourceName = (summary: ConnectionSummary) =>
  summary.processor === BANK_PROCESSOR && summary.institution
    ? summary.institution
    : nameOfSource(sourceOf(summary.processor));

/** The import in progress, as the sync status reports it; nothing when no import is queued or running. */
export const ImportProgress = memo(function ImportProgress({ connections }: { connections: ConnectionSummary[] }) {
  const importing = connections.filter(isImporting);
  if (importing.length === 0) return null;
  const sources = list.format(importing.map(sourceName));
  const imported = importing.reduce((total, summary) => total + summary.sync.imported, 0);
  const started = importing.some((summary) => summary.sync.state === 'running');
  return (
    <Paper
      role="status"
      aria-label="Import in progress"
      elevation={0}
      sx={{ px: 2.5, py: 2, border: '1px solid', borderColor: 'divider', display: 'grid', gap: 1 }}
    >
      <Typography sx={{ fontWeight: 600 }}>
        {started
          ? `Importing your transactions from ${sources}: ${count.format(imported)} so far.`
          : `Your import from ${sources} is about to start.`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The figures below fill in as the transactions arrive.
      </Typography>
      <Box>
        <LinearProgress aria-hidden />
      </Box>
    </Paper>
  );
});

/** Card providers are linked but no bank: the expenses are the providers' fees alone. */
export function cardFeesOnly(connections: ConnectionSummary[] | undefined): boolean {
  if (!connections) return false;
  const connected = connections.filter((summary) => summary.status === 'connected');
  return connected.some((s) => s.processor !== 'gocardless') && !connected.some((s) => s.processor === 'gocardless');
}
