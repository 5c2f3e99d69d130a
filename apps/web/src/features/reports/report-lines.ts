import { type LineGroupName, REPORT_LABELS, type Report, type ReportLine, STATEMENT_NOTES } from '@brade/contract';

/**
 * A report's line that opens its transactions: its group and, for a category line, the category; an item under a
 * sales category also names the item, and a team member's line of the Team breakdown the member.
 */
export interface OpenableLine {
  group: LineGroupName;
  category?: string;
  item?: string;
  teamMember?: string;
}

/**
 * Which of a report's rows open their transactions (docs/finance.md, "The income statement"): every category line
 * (under Revenue, Expenses and the two notes) and Corporation Tax paid; totals and Net Income do not.
 */
export function openableLines(report: Pick<Report, 'type' | 'rows'>): Array<OpenableLine | null> {
  let group: LineGroupName | null = report.type === 'sales' ? 'revenue' : report.type === 'expense' ? 'expenses' : null;
  let category = '';
  return report.rows.map((row: ReportLine) => {
    // An item under a sales category (docs/finance.md, "What was sold"): that item's sales within the category.
    if (row.level === 1) return group ? { group, category, item: row.description } : null;
    if (row.header) {
      group =
        row.description === REPORT_LABELS.revenue
          ? 'revenue'
          : row.description === REPORT_LABELS.expenses
            ? 'expenses'
            : row.description === STATEMENT_NOTES.ownerMoney
              ? 'owner_money'
              : row.description === STATEMENT_NOTES.loans
                ? 'loans'
                : null;
      return null;
    }
    if (row.total || row.net_income) return null;
    if (report.type === 'income_statement' && row.description === STATEMENT_NOTES.corporationTax) {
      return { group: 'corporation_tax' };
    }
    category = row.description;
    return group ? { group, category: row.description } : null;
  });
}

export const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
