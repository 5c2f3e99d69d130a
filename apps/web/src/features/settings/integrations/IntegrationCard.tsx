import type { ConnectionSummary } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { statusLabel, syncLines } from './sync-text';

const CHIP_COLOUR = { Connected: 'success', 'Not connected': 'default', 'Needs reconnecting': 'warning' } as const;

interface IntegrationCardProps {
  title: string;
  summary: ConnectionSummary | undefined;
  now: Date;
  /** Its pop-up is open, or its disconnect is on the way. */
  busy: boolean;
  /** Another card's pop-up is open: one connection at a time. */
  locked: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
  /** Asks the provider for a new consent for the same account (history kept). */
  onReconnect: () => void;
  /** A sentence shown while the connection should be renewed soon (a bank consent in its last week). */
  renewal?: string | null;
  /** A message about the last action on this card (a failed connect or disconnect). */
  error?: string | null;
  /** Extra controls above the buttons (the bank select). */
  children?: ReactNode;
}

/**
 * One provider in Settings → Integrations: Connected / Not connected (docs/product.md, "Screens and routes") and the
 * matching button, with the sync facts in words, the last import error, and a Sandbox badge for a simulated provider. A
 * connection that needs the owner (ended, or a bank consent in its last week) also offers Reconnect, which keeps its
 * history.
 */
export function IntegrationCard(props: IntegrationCardProps) {
  const { title, summary, now, busy, locked, onConnect, onDisconnect, onReconnect, renewal, error, children } = props;
  const titleId = useId();
  const status = statusLabel(summary);
  const connected = status === 'Connected';
  const reconnectable = status === 'Needs reconnecting' || (connected && Boolean(renewal));
  const everConnected = summary !== undefined && summary.status !== 'disconnected';
  const lastError = everConnected ? summary.sync.last_error : null;

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      elevation={0}
      data-status={status}
      sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5, border: '1px solid', borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h3" component="h3" sx={{ fontSize: '1.1rem', mr: 'auto' }}>
          {title}
        </Typography>
        {/* One group, so that on a narrow card both badges wrap together. */}
        <Box sx={{ display: 'flex', gap: 1 }}>
          {summary?.sandbox && everConnected && (
            <Chip label="Sandbox" size="small" variant="outlined" color="secondary" />
          )}
          <Chip label={status} size="small" color={CHIP_COLOUR[status]} data-testid="integration-status" />
        </Box>
      </Box>

      {everConnected && (
        <Box data-testid="integration-sync">
          {syncLines(summary, now).map((line) => (
            <Typography key={line} variant="body2" color="textSecondary">
              {line}
            </Typography>
          ))}
        </Box>
      )}
      {lastError && (
        <Alert severity="warning" data-testid="integration-last-error">
          {lastError}
        </Alert>
      )}
      {connected && renewal && (
        <Alert severity="info" data-testid="integration-renewal">
          {renewal}
        </Alert>
      )}
      {children}
      {error && <Alert severity="error">{error}</Alert>}

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1.5, mt: 'auto' }}>
        {busy && <CircularProgress size={18} aria-label={`${title}: working`} />}
        {everConnected && (
          <Button variant="outlined" onClick={onDisconnect} disabled={busy || locked}>
            Disconnect
          </Button>
        )}
        {reconnectable && (
          <Button variant="contained" onClick={onReconnect} disabled={busy || locked}>
            Reconnect
          </Button>
        )}
        {!everConnected && (
          <Button variant="contained" onClick={onConnect} disabled={busy || locked}>
            Connect
          </Button>
        )}
      </Box>
    </Paper>
  );
}
