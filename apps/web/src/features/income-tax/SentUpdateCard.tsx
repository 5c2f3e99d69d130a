import type { SentUpdate } from '@brade/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { pounds } from '../reports/report-lines';
import { periodText, sentAtText } from './income-tax-text';

/** What Brade sent for a period and what HMRC held when Brade read it back (docs/hmrc.md, "Income Tax"). */
export function SentUpdateCard({ update }: { update: SentUpdate }) {
  const held = update.hmrc_holds;
  const rows: Array<[string, number, number | null]> = [
    ['Turnover', update.turnover, held?.turnover ?? null],
    ['Other income', update.other_income, held?.other_income ?? null],
    [
      update.expenses === 'consolidated' ? 'Expenses (one total)' : 'Expenses',
      update.total_expenses,
      held?.total_expenses ?? null,
    ],
    ['Disallowable', update.total_disallowable, held?.total_disallowable ?? null],
  ];
  return (
    <Paper
      component="section"
      aria-label="Sent to HMRC"
      elevation={0}
      sx={{ p: 2, border: '1px solid', borderColor: 'success.light', bgcolor: 'success.50', display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontWeight: 600, mr: 'auto' }}>Sent to HMRC on {sentAtText(update.sent_at)}</Typography>
        {update.sandbox && <Chip size="small" label="Sandbox" variant="outlined" color="secondary" />}
      </Box>
      <Typography variant="body2" color="textSecondary">
        {periodText(update.start, update.end)}
        {update.correlation_id ? `. HMRC’s reference: ${update.correlation_id}` : ''}.
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto auto auto', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        <Typography component="dt" variant="body2" />
        <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: 600 }}>
          Sent
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: 600 }}>
          HMRC holds
        </Typography>
        {rows.map(([label, sent, holds]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
              {pounds.format(sent)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
              {holds === null ? '—' : pounds.format(holds)}
            </Typography>
          </Box>
        ))}
      </Box>
      {!held && (
        <Typography variant="body2" color="textSecondary">
          Brade could not read back what HMRC holds just after sending.
        </Typography>
      )}
    </Paper>
  );
}
