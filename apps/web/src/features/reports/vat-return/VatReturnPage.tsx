import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorText } from '../../../api/error-text';
import { stored } from '../../../api/session';
import { getPastVatReturns, getVatObligations } from '../../../api/vat-return';
import { isDemoAccount } from '../../../shell/demo-account';
import { HmrcIntegrationCard } from '../../hmrc/HmrcIntegrationCard';
import { pounds } from '../report-lines';
import { HeldReturnDialog } from './HeldReturnDialog';
import { VatObligationsList } from './VatObligationsList';
import { VatReturnPanel } from './VatReturnPanel';
import { longDay, periodText, vatKeys } from './vat-text';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The returns Brade filed, with what HMRC holds for each. */
function PastReturns({ id }: { id: string }) {
  const past = useQuery({ queryKey: vatKeys.past(id), queryFn: () => getPastVatReturns(id) });
  const [viewing, setViewing] = useState<{ start: string; end: string; period_key: string } | null>(null);
  if (!past.data || past.data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="past-returns" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="past-returns" variant="h2" sx={{ fontSize: '1.15rem' }}>
        Returns filed from Brade
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="past-returns">
          <TableHead>
            <TableRow>
              <TableCell>Period</TableCell>
              <TableCell>Filed</TableCell>
              <TableCell>Form bundle</TableCell>
              <TableCell align="right">Box 5</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {past.data.map((r) => (
              <TableRow key={r.receipt.form_bundle_number}>
                <TableCell>{periodText(r.start, r.end)}</TableCell>
                <TableCell>
                  {longDay(new Date(r.receipt.filed_at).toLocaleDateString('en-CA', { timeZone: 'Europe/London' }))}
                </TableCell>
                <TableCell>{r.receipt.form_bundle_number}</TableCell>
                <TableCell align="right">{pounds.format(r.boxes.box5)}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => setViewing({ start: r.start, end: r.end, period_key: r.receipt.period_key })}
                  >
                    View return
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {viewing && <HeldReturnDialog id={id} period={viewing} onClose={() => setViewing(null)} />}
    </Box>
  );
}

/**
 * /main-menu/reports/vat-return (beyond the spec; docs/finance.md, "The VAT return"): the VAT periods with their
 * status, the return of the one chosen (by default the oldest not filed that has ended), and the returns filed.
 */
export default function VatReturnPage() {
  const id = stored.id() ?? '';
  const [params] = useSearchParams();
  const obligations = useQuery({
    queryKey: vatKeys.obligations(id),
    queryFn: () => getVatObligations(id),
    retry: false,
  });
  const list = obligations.data?.obligations ?? [];
  const asked =
    params.get('start') && params.get('end') && DAY.test(params.get('start')!) && DAY.test(params.get('end')!);
  const chosen = asked
    ? { start: params.get('start')!, end: params.get('end')!, period_key: params.get('period_key') }
    : (() => {
        const next = [...list].reverse().find((o) => o.ended && o.status !== 'filed') ?? list.find((o) => o.ended);
        return next ? { start: next.start, end: next.end, period_key: next.period_key } : null;
      })();
  const known = chosen && list.find((o) => o.start === chosen.start && o.end === chosen.end);
  const period = chosen && { ...chosen, period_key: chosen.period_key ?? known?.period_key ?? null };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 1100, minWidth: 0 }}>
      <Box>
        <Button startIcon={<ArrowBackRoundedIcon />} component={RouterLink} to="/main-menu/reports">
          Reports
        </Button>
      </Box>
      <Typography variant="h1">VAT return</Typography>
      {isDemoAccount(stored.email()) && (
        <Alert severity="info" role="note">
          The demo account shows its returns read-only: it cannot file with HMRC.
        </Alert>
      )}
      {obligations.isError && (
        <Alert severity="error">
          {errorText(obligations.error, {
            noText: 'Could not load your VAT periods. Please try again.',
            failure: 'Could not load your VAT periods. Please try again.',
          })}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 340px) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
            VAT periods
          </Typography>
          {obligations.isPending && <Skeleton variant="rounded" height={200} />}
          {obligations.data && (
            <>
              <Typography variant="body2" color="textSecondary">
                {obligations.data.source === 'hmrc'
                  ? 'The periods HMRC expects a return for.'
                  : 'The quarters of your VAT settings. Connect HMRC to see what HMRC holds and to file.'}
              </Typography>
              {obligations.data.problem && <Alert severity="warning">{obligations.data.problem}</Alert>}
              <VatObligationsList obligations={list} selected={period} />
            </>
          )}
          {obligations.data?.source === 'books' && !isDemoAccount(stored.email()) && (
            <HmrcIntegrationCard id={id} from="vat-return" />
          )}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          {period ? (
            <VatReturnPanel key={`${period.start}-${period.end}-${period.period_key}`} id={id} period={period} />
          ) : (
            obligations.data && <Alert severity="info">No VAT period has ended yet.</Alert>
          )}
        </Box>
      </Box>
      <PastReturns id={id} />
    </Box>
  );
}
