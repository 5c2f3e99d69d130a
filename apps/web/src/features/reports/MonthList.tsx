import { REPORT_TITLES, type ReportType } from '@brade/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReportMonth } from './report-months';
import { actionKey, type ReportFormat } from './use-report-actions';

/**
 * docs/product.md, "Screens and routes": the list box is at most 400 high and 400 wide (never wider than a phone's
 * screen).
 */
export const MONTH_LIST_MAX_HEIGHT_PX = 400;
export const MONTH_LIST_WIDTH_PX = 400;

interface Props {
  type: ReportType;
  months: ReportMonth[];
  busy: ReadonlySet<string>;
  onAction: (month: ReportMonth, format: ReportFormat) => void;
  /** Beyond the spec: the month whose report is open on the page, and what a click on a month's name does. */
  selected?: ReportMonth | null;
  onSelect?: (month: ReportMonth) => void;
}

function ActionButton(props: { busy: boolean; label: string; describedBy: string; onClick: () => void }) {
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={props.onClick}
      disabled={props.busy}
      aria-busy={props.busy}
      aria-describedby={props.describedBy}
      startIcon={props.busy ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
      sx={{ py: 0.5, px: 1.5, whiteSpace: 'nowrap' }}
    >
      {props.label}
    </Button>
  );
}

/** The months, newest first, each with 'View PDF' and 'Download CSV', in a box that scrolls past 400px. */
export function MonthList({ type, months, busy, onAction, selected, onSelect }: Props) {
  return (
    <Box
      component="ul"
      aria-label={`${REPORT_TITLES[type]} months`}
      sx={{
        m: 0,
        p: 0,
        listStyle: 'none',
        maxHeight: MONTH_LIST_MAX_HEIGHT_PX,
        width: MONTH_LIST_WIDTH_PX,
        maxWidth: '100%',
        overflowY: 'auto',
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 3,
        bgcolor: '#FFFFFF',
      }}
    >
      {months.map((month) => {
        const labelId = `${type}-${month.year}-${month.month}-label`;
        const isSelected = selected?.year === month.year && selected.month === month.month;
        return (
          <Box
            component="li"
            key={labelId}
            aria-labelledby={labelId}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              px: 2,
              py: 1.25,
              '&:not(:last-child)': { borderBottom: '1px solid', borderColor: 'divider' },
              bgcolor: isSelected ? 'action.selected' : undefined,
            }}
          >
            <Box sx={{ flex: '1 0 110px', minWidth: 0 }}>
              {onSelect ? (
                <Link
                  id={labelId}
                  component="button"
                  type="button"
                  variant="body2"
                  underline="hover"
                  aria-pressed={isSelected}
                  onClick={() => onSelect(month)}
                  sx={{ fontWeight: 600, textAlign: 'left' }}
                >
                  {month.label}
                </Link>
              ) : (
                <Typography id={labelId} variant="body2" sx={{ fontWeight: 600 }}>
                  {month.label}
                </Typography>
              )}
              {month.current && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  Month to date
                </Typography>
              )}
            </Box>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <ActionButton
                label="View PDF"
                describedBy={labelId}
                busy={busy.has(actionKey(type, month, 'pdf'))}
                onClick={() => onAction(month, 'pdf')}
              />
              <ActionButton
                label="Download CSV"
                describedBy={labelId}
                busy={busy.has(actionKey(type, month, 'csv'))}
                onClick={() => onAction(month, 'csv')}
              />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
