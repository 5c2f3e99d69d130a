import { HMRC_MESSAGES, type HmrcConnection, monthName } from '@brade/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorText } from '../../api/error-text';
import { disconnectHmrc } from '../../api/hmrc';
import { DEMO_READ_ONLY, isDemoRefusal } from '../../ui/failure-notice';
import type { HmrcConnectFrom } from './hmrc-connect-attempt';
import { hmrcConnectionQuery, useHmrcConnect } from './use-hmrc-connect';

const LABEL = {
  connected: 'Connected',
  not_connected: 'Not connected',
  needs_reconnect: 'Needs reconnecting',
} as const;
const COLOUR = { connected: 'success', not_connected: 'default', needs_reconnect: 'warning' } as const;
const CONNECT_FAILURE = 'Could not start the HMRC connection. Please try again.';
const DISCONNECT_FAILURE = 'Failed to disconnect. Please try again.';

const longDay = (iso: string) => {
  const day = iso.slice(0, 10);
  return `${Number(day.slice(8, 10))} ${monthName(Number(day.slice(5, 7)))} ${day.slice(0, 4)}`;
};

/**
 * The owner's HMRC connection: status, connect, reconnect and disconnect (docs/hmrc.md, "Connecting"). A page of one
 * tax names it its own way (`title`, `intro`).
 */
export function HmrcIntegrationCard({
  id,
  from = 'settings',
  title = HMRC_MESSAGES.cardTitle,
  intro = 'File your VAT returns with HMRC from Brade. You grant Brade authority on HMRC’s own pages, for 18 months at a time.',
}: {
  id: string;
  from?: HmrcConnectFrom;
  title?: string;
  intro?: string;
}) {
  const client = useQueryClient();
  const titleId = useId();
  const connection = useQuery(hmrcConnectionQuery(id));
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { busy, connect } = useHmrcConnect(
    from,
    (ok) => setError(ok ? null : HMRC_MESSAGES.connectFailed),
    (failure) => {
      console.error('Could not start the HMRC connection', failure);
      setError(
        isDemoRefusal(failure)
          ? DEMO_READ_ONLY
          : errorText(failure, { noText: CONNECT_FAILURE, failure: CONNECT_FAILURE }),
      );
    },
  );
  const disconnect = useMutation({
    mutationFn: () => disconnectHmrc(id),
    onSuccess: () => client.invalidateQueries({ queryKey: ['hmrc'] }),
    onError: (failure) => {
      console.error('Could not disconnect HMRC', failure);
      setError(
        isDemoRefusal(failure)
          ? DEMO_READ_ONLY
          : errorText(failure, { noText: DISCONNECT_FAILURE, failure: DISCONNECT_FAILURE }),
      );
    },
  });
  const summary: HmrcConnection | undefined = connection.data;
  const working = busy || disconnect.isPending;

  return (
    <Paper
      component="section"
      id="hmrc"
      aria-labelledby={titleId}
      elevation={0}
      data-status={summary?.status}
      sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5, border: '1px solid', borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h3" component="h3" sx={{ fontSize: '1.1rem', mr: 'auto' }}>
          {title}
        </Typography>
        {summary && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            {summary.sandbox && summary.status !== 'not_connected' && (
              <Chip label="Sandbox" size="small" variant="outlined" color="secondary" />
            )}
            <Chip label={LABEL[summary.status]} size="small" color={COLOUR[summary.status]} data-testid="hmrc-status" />
          </Box>
        )}
      </Box>
      {connection.isPending && <Skeleton variant="rounded" height={60} />}
      {connection.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void connection.refetch()}>
              Try again
            </Button>
          }
        >
          Could not load your HMRC connection. Please try again.
        </Alert>
      )}
      {summary && (
        <Typography variant="body2" color="textSecondary">
          {summary.status === 'not_connected' || !summary.since || !summary.renew_until
            ? intro
            : `Authority granted on ${longDay(summary.since)}, until ${longDay(summary.renew_until)}. To withdraw it at HMRC too, remove Brade from the authorities in your HMRC account.`}
        </Typography>
      )}
      {summary?.problem && <Alert severity="warning">{summary.problem}</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
      {summary && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1.5, mt: 'auto' }}>
          {working && <CircularProgress size={18} aria-label="HMRC: working" />}
          {summary.status !== 'not_connected' && (
            <Button variant="outlined" disabled={working} onClick={() => setConfirming(true)}>
              Disconnect
            </Button>
          )}
          {summary.status !== 'connected' && (
            <Button
              variant="contained"
              disabled={working}
              onClick={() => {
                setError(null);
                connect();
              }}
            >
              {summary.status === 'needs_reconnect' ? 'Reconnect' : 'Connect'}
            </Button>
          )}
        </Box>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`${titleId}-confirm`}>
        <DialogTitle id={`${titleId}-confirm`}>Disconnect HMRC?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Brade forgets its authority at HMRC and can no longer file for you. The returns already filed, and their
            receipts, stay. HMRC keeps Brade listed until you remove it in your HMRC account.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => {
              setConfirming(false);
              setError(null);
              disconnect.mutate();
            }}
          >
            Disconnect
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
