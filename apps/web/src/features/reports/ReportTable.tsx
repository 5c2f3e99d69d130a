import { comparedCells, formatChange, formatPercentChange, type Report, type ReportLine } from '@brade/contract';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OpenableLine } from './report-lines';
import { pounds } from './report-lines';

interface Props {
  report: Report;
  title: string;
  lines: Array<OpenableLine | null>;
  onOpen: (line: OpenableLine & { label: string }) => void;
  /** Sales categories the owner may rename (by their names as shown); none on a read-only account. */
  renameable: ReadonlySet<string>;
  onRename: (category: string) => void;
}

const figure = { whiteSpace: 'nowrap' } as const;

const COMPARED = ['previous', 'lastYear'] as const;

/** The comparison cells of a row: each earlier figure, the change in pounds and in percent. */
function Compared({ row }: { row: ReportLine }) {
  const cells = comparedCells(row);
  return COMPARED.flatMap((period) => {
    const c = cells?.[period];
    return [
      <TableCell key={`${period}-then`} align="right" sx={{ ...figure, color: 'text.secondary' }}>
        {c ? pounds.format(c.then) : ''}
      </TableCell>,
      <TableCell key={`${period}-change`} align="right" sx={figure}>
        {c ? formatChange(c.change) : ''}
      </TableCell>,
      <TableCell key={`${period}-percent`} align="right" sx={{ ...figure, color: 'text.secondary' }}>
        {c ? (c.percent === null ? '—' : formatPercentChange(c.percent)) : ''}
      </TableCell>,
    ];
  });
}

/**
 * A report's rows on the page: the same lines and totals as its PDF, an item indented under its sales category, and
 * beyond the spec the comparison columns (docs/finance.md, "Comparisons"). A line opens its transactions.
 */
export function ReportTable({ report, title, lines, onOpen, renameable, onRename }: Props) {
  const comparison = report.comparison;
  return (
    <Table size="small" aria-label={title}>
      {comparison && (
        <TableHead>
          <TableRow>
            <TableCell>Line</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell align="right">{comparison.previous.label}</TableCell>
            <TableCell align="right">Change</TableCell>
            <TableCell align="right">%</TableCell>
            <TableCell align="right">{comparison.last_year.label}</TableCell>
            <TableCell align="right">Change</TableCell>
            <TableCell align="right">%</TableCell>
          </TableRow>
        </TableHead>
      )}
      <TableBody>
        {report.rows.map((row, i) => {
          const openable = lines[i];
          const strong = row.header || row.total || row.net_income;
          const item = row.level === 1;
          return (
            <TableRow
              key={`${row.level ?? 0}|${openable?.category ?? ''}|${row.description}|${row.header}|${row.total}|${row.net_income}`}
              data-level={item ? 1 : undefined}
            >
              <TableCell
                sx={{
                  fontWeight: strong ? 700 : 400,
                  pl: item ? 5 : row.header || strong ? 1 : 3,
                  fontSize: item ? '0.8rem' : undefined,
                  minWidth: 180,
                }}
              >
                {openable ? (
                  <Link
                    component="button"
                    type="button"
                    underline="hover"
                    onClick={() =>
                      onOpen({
                        ...openable,
                        label: item ? `${openable.category}: ${row.description}` : row.description,
                      })
                    }
                    sx={{
                      textAlign: 'left',
                      fontSize: 'inherit',
                      fontWeight: 'inherit',
                      color: item ? 'text.primary' : undefined,
                    }}
                  >
                    {row.description}
                  </Link>
                ) : (
                  row.description
                )}
                {!item && renameable.has(row.description) && (
                  <IconButton
                    size="small"
                    aria-label={`Rename ${row.description}`}
                    onClick={() => onRename(row.description)}
                    sx={{ ml: 0.5, p: 0.25 }}
                  >
                    <EditOutlinedIcon sx={{ fontSize: 16 }} />
                  </IconButton>
                )}
                {row.subtext && (
                  <Typography component="span" variant="caption" color="textSecondary" sx={{ ml: 1 }}>
                    {row.subtext}
                  </Typography>
                )}
              </TableCell>
              <TableCell
                align="right"
                sx={{ ...figure, fontWeight: strong ? 700 : 400, fontSize: item ? '0.8rem' : undefined }}
              >
                {row.amount === null ? '' : pounds.format(row.amount)}
              </TableCell>
              {comparison && <Compared row={row} />}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
