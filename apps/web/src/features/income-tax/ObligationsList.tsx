import type { Obligation } from '@brade/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { longDay, periodText, STATUS_COLOURS, STATUS_LABELS } from './income-tax-text';

/**
 * Each quarterly update of a tax year with its status (open, due, overdue, sent) and its deadline (docs/product.md,
 * "Screens and routes"). The updates are cumulative: each runs from the start of the year.
 */
export function ObligationsList({
  obligations,
  selected,
  onSelect,
}: {
  obligations: Obligation[];
  selected: { start: string; end: string } | null;
  onSelect: (period: { start: string; end: string }) => void;
}) {
  if (obligations.length === 0)
    return (
      <Typography variant="body2" color="textSecondary">
        No quarterly updates to show for this tax year.
      </Typography>
    );
  return (
    <Box component="ul" aria-label="Quarterly updates" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
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
              <Typography sx={{ fontWeight: 600 }}>
                Quarter {o.quarter}: {periodText(o.start, o.end)}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {o.status === 'sent'
                  ? `Sent${o.received ? ` on ${longDay(o.received)}` : ''}`
                  : o.status === 'open'
                    ? `Runs to ${longDay(o.end)}; due by ${longDay(o.due)}`
                    : `${o.status === 'overdue' ? 'Was due' : 'Due'} by ${longDay(o.due)}`}
              </Typography>
            </Box>
            <Chip size="small" label={STATUS_LABELS[o.status]} color={STATUS_COLOURS[o.status]} />
            {!current && (
              <Button size="small" onClick={() => onSelect({ start: o.start, end: o.end })}>
                Open
              </Button>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
