import { formatPounds } from '@brade/contract';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { memo, useId } from 'react';
import { loadCashInTheBank } from '../../../api/dashboard';
import { loadOrLog } from '../../../api/fallback';
import { BRAND_PRIMARY } from '../../../ui/theme';
import { readCaption } from './cash-text';

/** The dashboard's query key: the connect flow invalidates every query, so a new link's balance shows. */
export const cashQueryKey = (id: string) => ['dashboard', id, 'cash-in-the-bank'] as const;

/** docs/product.md, "Failures": dashboard load failures are only logged; the card is then not shown. */
const cashOrNothing = (id: string) => loadOrLog(() => loadCashInTheBank(id), 'cash in the bank').catch(() => null);

/**
 * Cash in the bank (beyond the spec's tiles): the business account's booked balance as the last import read it,
 * the available balance when the bank gives one, and when it was read. Nothing shows without a bank balance.
 */
export const CashInTheBank = memo(function CashInTheBank({ id }: { id: string }) {
  const titleId = useId();
  const { data: cash } = useQuery({ queryKey: cashQueryKey(id), queryFn: () => cashOrNothing(id), retry: false });
  if (!cash) return null;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      elevation={0}
      sx={{
        px: 2.5,
        py: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
        border: '1px solid',
        borderColor: 'divider',
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 40,
          height: 40,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: '#FCE4EC',
          color: BRAND_PRIMARY,
          flexShrink: 0,
        }}
      >
        <AccountBalanceOutlined fontSize="small" />
      </Box>
      <Box sx={{ minWidth: 0, mr: 'auto' }}>
        <Typography id={titleId} component="h2" sx={{ fontSize: '0.9rem', fontWeight: 500, color: 'text.secondary' }}>
          Cash in the bank
        </Typography>
        <Typography data-testid="cash-booked" sx={{ fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.3 }}>
          {formatPounds(cash.booked)}
        </Typography>
      </Box>
      <Box sx={{ minWidth: 0, textAlign: { xs: 'left', sm: 'right' }, flexBasis: { xs: '100%', sm: 'auto' } }}>
        {cash.available !== null && (
          <Typography data-testid="cash-available" sx={{ fontSize: '0.95rem', fontWeight: 500 }}>
            Available {formatPounds(cash.available)}
          </Typography>
        )}
        <Typography data-testid="cash-read" variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
          {readCaption(cash.readAt, cash.balanceDate, new Date(), cash.accounts)}
        </Typography>
      </Box>
    </Paper>
  );
});
