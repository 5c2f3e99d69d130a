import { poundsToPence } from '../money.js';
import { comparedCells, comparisonLabels } from './comparison.js';
import type { Report } from './model.js';

const CRLF = '\r\n';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP): such text cells
 * get a leading apostrophe, which spreadsheets show as plain text.
 */
const FORMULA_START = /^[=+\-@\t\r\n\0]/;

/** Amounts as plain numbers with two decimals ('-12.50'), from whole pence so no float noise can creep in. */
export function csvAmount(pounds: number): string {
  const pence = poundsToPence(pounds);
  const abs = Math.abs(pence);
  return `${pence < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A text cell: neutralised if it could start a formula, then quoted only when RFC 4180 needs it. */
export function csvText(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The report as CSV (RFC 4180: CRLF line ends, fields quoted only when needed): the header `Description,Amount`
 * and one record per row; header rows ('Revenue') have an empty amount. Amounts are numbers and never neutralised.
 * Beyond the spec, after those two columns: each compared period's figure, the change and the change in percent
 * (docs/finance.md, "Comparisons"); an item under a sales category reads "Category: Item", so a record says what it is
 * on its own.
 */
export function reportToCsv(report: Report): string {
  const labels = comparisonLabels(report);
  const header = ['Description', 'Amount'];
  if (labels) {
    for (const label of [labels.previous, labels.lastYear])
      header.push(label, `Change vs ${label}`, `% change vs ${label}`);
  }
  const records = [header.map(csvText).join(',')];
  let parent = '';
  for (const row of report.rows) {
    if (row.level !== 1) parent = row.description;
    const description = row.level === 1 ? `${parent}: ${row.description}` : row.description;
    const cells = [csvText(description), row.amount === null ? '' : csvAmount(row.amount)];
    if (labels) {
      const compared = comparedCells(row);
      for (const c of compared ? [compared.previous, compared.lastYear] : [null, null]) {
        cells.push(
          c ? csvAmount(c.then) : '',
          c ? csvAmount(c.change) : '',
          c?.percent === null || !c ? '' : c.percent.toFixed(1),
        );
      }
    }
    records.push(cells.join(','));
  }
  return records.join(CRLF) + CRLF;
}
