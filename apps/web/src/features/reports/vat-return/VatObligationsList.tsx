import { VAT_OBLIGATION_LABELS, type VatObligation } from '@brade/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { longDay, periodText, returnPath, STATUS_COLOUR } from './vat-text';

/**
 * Each VAT obligation with its status (open, due soon, overdue, filed) and a link to its return (docs/finance.md,
 * "The VAT return"). `selected` marks the one open on the page.
 */
export function VatObligationsList({
  obligations,
  selected,
}: {
  obligations: VatObligation[];
  selected?: { start: string; end: string } | null;
}) {
  if (obligations.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        No VAT periods to show yet.
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label="VAT periods" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {obligations.map((o) => {
        const current = selected?.start === o.start && selected?.end === o.end;
        return (
          <Box
            component="li"
            key={`${o.start}-${o.end}`}
            data-status={o.status}
            aria-current={current ? 'true' : undefined}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1.5,
              p: 1.5,
              borderRadius: 1,
              border: '1px solid',
              borderColor: current ? 'primary.main' : 'divider',
            }}
          >
            <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{periodText(o.start, o.end)}</Typography>
              <Typography variant="body2" color="textSecondary">
                {o.status === 'filed'
                  ? `Filed${o.received ? ` on ${longDay(o.received)}` : ''}`
                  : o.ended
                    ? `Due by ${longDay(o.due)}`
                    : `Ends ${longDay(o.end)}; due by ${longDay(o.due)}`}
              </Typography>
            </Box>
            <Chip size="small" label={VAT_OBLIGATION_LABELS[o.status]} color={STATUS_COLOUR[o.status]} />
            {!current && (
              <Button size="small" component={RouterLink} to={returnPath(o)}>
                {o.status === 'filed' ? 'View return' : 'Open return'}
              </Button>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
