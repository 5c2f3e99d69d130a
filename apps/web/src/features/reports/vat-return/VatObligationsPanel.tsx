import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../api/client';
import { getVatObligations } from '../../../api/vat-return';
import { VatObligationsList } from './VatObligationsList';
import { vatKeys } from './vat-text';

/** The VAT view's returns (beyond the spec): each obligation's status and its return; nothing for a business not registered. */
export function VatObligationsPanel({ id }: { id: string }) {
  const obligations = useQuery({
    queryKey: vatKeys.obligations(id),
    queryFn: () => getVatObligations(id),
    retry: false,
  });
  const notRegistered = isApiError(obligations.error) && obligations.error.body?.code === 'not_vat_registered';
  if (notRegistered) return null;
  return (
    <Box component="section" aria-labelledby="vat-returns-title" sx={{ display: 'grid', gap: 1.5, maxWidth: 720 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Typography id="vat-returns-title" variant="h2" sx={{ fontSize: '1.15rem', mr: 'auto' }}>
          VAT returns
        </Typography>
        <Button variant="contained" component={RouterLink} to="/main-menu/reports/vat-return">
          Open the VAT return
        </Button>
      </Box>
      {obligations.isPending && <Skeleton variant="rounded" height={120} />}
      {obligations.isError && <Alert severity="error">Could not load your VAT periods. Please try again.</Alert>}
      {obligations.data && (
        <>
          <Typography variant="body2" color="textSecondary">
            {obligations.data.source === 'hmrc'
              ? 'The periods HMRC expects a return for.'
              : 'The quarters of your VAT settings. Connect HMRC (Settings → Integrations) to see what HMRC holds and to file.'}
          </Typography>
          {obligations.data.problem && <Alert severity="warning">{obligations.data.problem}</Alert>}
          <VatObligationsList obligations={obligations.data.obligations.slice(0, 4)} />
        </>
      )}
    </Box>
  );
}
