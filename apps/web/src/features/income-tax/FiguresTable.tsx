import type { HmrcExpenseCategory, QuarterlyFigures } from '@brade/contract';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { pounds } from '../reports/report-lines';

export type FigureSection = 'turnover' | 'other_income' | 'expenses';
type Category = QuarterlyFigures['turnover']['categories'][number];

interface Props {
  figures: QuarterlyFigures;
  /** Opens the transactions behind one of the owner's categories. */
  onOpen: (section: FigureSection, category: string) => void;
  /** Changes the HMRC category an expense category goes under; absent when read-only. */
  onMap?: ((category: Category, hmrc: HmrcExpenseCategory) => void) | undefined;
}

const amountCell = (pence: number, strong = false) => (
  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 600 : undefined }}>
    {pounds.format(pence)}
  </TableCell>
);

/**
 * The update's figures in HMRC's categories (docs/finance.md, "Income Tax"): each with the owner's categories under
 * it, whose transactions open on a click; expenses with the part marked not allowable.
 */
export function FiguresTable({ figures, onOpen, onMap }: Props) {
  // The disallowable column only once something is marked: a phone has room for two columns.
  const marked = figures.total_disallowable !== 0;
  const disallowableCell = (content: ReactNode, strong = false) =>
    marked ? (
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 600 : undefined }}>
        {content}
      </TableCell>
    ) : null;
  const categoryRows = (section: FigureSection, categories: Category[], hmrc?: HmrcExpenseCategory): ReactNode[] =>
    categories.map((c) => (
      <TableRow key={`${section}-${c.category}`}>
        <TableCell sx={{ pl: 4 }}>
          <Button
            size="small"
            onClick={() => onOpen(section, c.category)}
            aria-label={`Transactions of ${c.category}`}
            sx={{ textTransform: 'none', p: 0, minWidth: 0, textAlign: 'left' }}
          >
            {c.category}
          </Button>
          <Typography component="span" variant="caption" color="textSecondary" sx={{ ml: 1 }}>
            {c.count.toLocaleString('en-GB')} transaction{c.count === 1 ? '' : 's'}
            {c.mapped_by_owner ? ' · placed here by you' : ''}
          </Typography>
          {onMap && hmrc && (
            <Button
              size="small"
              onClick={() => onMap(c, hmrc)}
              sx={{ ml: 1 }}
              aria-label={`Change the HMRC category of ${c.category}`}
            >
              Change
            </Button>
          )}
        </TableCell>
        {amountCell(c.amount)}
        {disallowableCell(section === 'expenses' && c.disallowable ? pounds.format(c.disallowable) : '')}
      </TableRow>
    ));
  return (
    <Table size="small" aria-label="Quarterly update figures">
      <TableHead>
        <TableRow>
          <TableCell>HMRC category</TableCell>
          <TableCell align="right">Amount</TableCell>
          {disallowableCell('Disallowable')}
        </TableRow>
      </TableHead>
      <TableBody>
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>Turnover</TableCell>
          {amountCell(figures.turnover.amount, true)}
          {disallowableCell('')}
        </TableRow>
        {categoryRows('turnover', figures.turnover.categories)}
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>Other business income</TableCell>
          {amountCell(figures.other_income.amount, true)}
          {disallowableCell('')}
        </TableRow>
        {categoryRows('other_income', figures.other_income.categories)}
        {figures.expenses.map((line) => [
          <TableRow key={line.hmrc_category}>
            <TableCell sx={{ fontWeight: 600 }}>
              {line.label}
              <Typography component="span" variant="caption" color="textSecondary" sx={{ ml: 1 }}>
                {line.hmrc_category}
              </Typography>
            </TableCell>
            {amountCell(line.amount, true)}
            {disallowableCell(line.disallowable ? pounds.format(line.disallowable) : '', true)}
          </TableRow>,
          ...categoryRows('expenses', line.categories, line.hmrc_category),
        ])}
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>Total expenses</TableCell>
          {amountCell(figures.total_expenses, true)}
          {disallowableCell(pounds.format(figures.total_disallowable), true)}
        </TableRow>
        <TableRow>
          <TableCell sx={{ fontWeight: 700 }}>Net profit (income less allowable expenses)</TableCell>
          {amountCell(figures.net_profit, true)}
          {disallowableCell('')}
        </TableRow>
      </TableBody>
    </Table>
  );
}
