import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { formatPounds } from '../../money.js';
import type { Report } from '../model.js';
import { line, salesReportOfManySales, sampleIncomeStatement, sampleSalesWithComparisons } from '../sample-reports.js';
import { PDF_MARGIN, renderReportPdf } from './index.js';

/** The text of each page as pdf.js reads it, with runs of white space made single spaces. */
async function pageTexts(report: Report): Promise<string[]> {
  const bytes = renderReportPdf(report);
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

describe('renderReportPdf', () => {
  it('has the logo wordmark, title, Report to block, period, every row and the totals', async () => {
    const report = sampleIncomeStatement();
    const [page, ...more] = await pageTexts(report);
    expect(more).toEqual([]);
    expect(page).toContain('Brade');
    expect(page).toContain('Income Statement');
    expect(page).toContain('April 2026');
    expect(page).toMatch(/Report to .*Hart & Co Hair 14 Market Street, Harrogate HG1 1BT England United Kingdom/);
    expect(page).toContain('Period 1 April 2026 – 30 April 2026');
    expect(page).toContain('Basis Cash basis: money received and paid in the period');
    expect(page).toContain('Description Amount');
    // The rows in order, each with its amount in pounds and subtext.
    const expected = report.rows
      .flatMap((row) => [row.description, row.subtext, row.amount === null ? null : formatPounds(row.amount)])
      .filter((part): part is string => Boolean(part));
    let from = 0;
    for (const part of expected) {
      const at = page!.indexOf(part, from);
      expect(at, `"${part}" after position ${from}`).toBeGreaterThanOrEqual(from);
      from = at + part.length;
    }
    expect(page).toContain('Total Revenue £80.00');
    expect(page).toContain('Total Expenses £1,201.20');
    expect(page).toContain('Net Income -£1,121.20');
    expect(page).toContain('Page 1 of 1');
  });

  it('prints the comparison columns: each compared period, the change and the change in percent, items under their category', async () => {
    const [page, ...more] = await pageTexts(sampleSalesWithComparisons());
    expect(more).toEqual([]);
    expect(page).toMatch(/Description Amount 1–15 Sep 2026 to 09:00 Change % 1–15 Oct 2025 to 09:00 Change %/);
    expect(page).toContain('Colour 2 transactions £160.00 £100.00 +£60.00 +60.0% £0.00 +£160.00');
    expect(page).toContain('Full head colour £130.00 £100.00 +£30.00 +30.0%');
    expect(page).toContain('Olaplex No.3 £25.00 £50.00 -£25.00 -50.0% £20.00 +£5.00 +25.0%');
    expect(page).toContain('Total £214.50 £190.00 +£24.50 +12.9% £27.75 +£186.75 +673.0%');
  });

  it('ends the sales and expense reports with their Total row', async () => {
    const report: Report = {
      ...sampleIncomeStatement(),
      type: 'expense',
      title: 'Expense Report',
      rows: [line('Rent', 1200, { subtext: '1 transaction' }), line('Total', 1200, { total: true })],
    };
    const [page] = await pageTexts(report);
    expect(page).toContain('Expense Report');
    expect(page).toMatch(/Rent 1 transaction £1,200\.00 Total £1,200\.00/);
  });

  // Renders and reads back 264 pages: seconds on a quiet machine, far more on a loaded one.
  it('paginates a month of 5,000 sales with the table header and page number on every page', {
    timeout: 120_000,
  }, async () => {
    const report = salesReportOfManySales(5000);
    const pages = await pageTexts(report);
    expect(pages.length).toBeGreaterThan(50);
    pages.forEach((page, i) => {
      expect(page).toContain('Description Amount');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    // Only the first page carries the report header.
    expect(pages[0]).toContain('Report to');
    expect(pages[1]).not.toContain('Report to');
    // Every sale is printed once, in order, and the total closes the last page.
    const all = pages.join(' ');
    let from = 0;
    for (const row of report.rows.slice(0, -1)) {
      const at = all.indexOf(`${row.description} `, from);
      expect(at, row.description).toBeGreaterThanOrEqual(from);
      from = at;
    }
    expect(pages.at(-1)).toContain(`Total ${formatPounds(report.rows.at(-1)!.amount!)}`);
  });

  it('keeps the header and rows inside the 20 mm margin, with only the page footer below it', async () => {
    const pdf = await getDocumentProxy(new Uint8Array(renderReportPdf(salesReportOfManySales(200))));
    const mm = 72 / 25.4;
    // pdf.js measures text with its own copy of Helvetica's metrics and boxes it by the full font size, so allow
    // half a millimetre.
    const slack = 0.5 * mm;
    for (const number of [1, 2, pdf.numPages]) {
      const page = await pdf.getPage(number);
      const [, , width, height] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const items = content.items.filter((item) => 'str' in item && item.str.trim() !== '') as Array<{
        str: string;
        transform: number[];
        width: number;
        height: number;
      }>;
      for (const item of items) {
        const [x, baseline] = [item.transform[4]!, item.transform[5]!];
        expect(x, item.str).toBeGreaterThanOrEqual(PDF_MARGIN * mm - slack);
        expect(x + item.width, item.str).toBeLessThanOrEqual(width - PDF_MARGIN * mm + slack);
        expect(height - (baseline + item.height), item.str).toBeGreaterThanOrEqual(PDF_MARGIN * mm - slack);
        const footer = /^Page \d+ of \d+$/.test(item.str) || item.str.startsWith('Hart & Co Hair ·');
        if (!footer) expect(baseline, item.str).toBeGreaterThanOrEqual(PDF_MARGIN * mm);
      }
    }
  });

  it('prints text outside its font legibly instead of as garbage', async () => {
    const report: Report = {
      ...sampleIncomeStatement(),
      report_to: { name: 'Salon Łucja 💇', address_lines: ['Café Row'] },
      rows: [line('💅 Gel nails for Zoë', 30, { subtext: '2 transactions ✨' }), line('Total', 30, { total: true })],
    };
    const [page] = await pageTexts(report);
    expect(page).toContain('Salon ?ucja Café Row');
    expect(page).toContain('Gel nails for Zoë 2 transactions £30.00');
    expect(page).not.toMatch(/Ø|Ü/);
  });

  it('wraps a long description and keeps its subtext under it', async () => {
    const long = 'Full head colour with toner, gloss treatment and a cut and finish for very long hair';
    const report: Report = {
      ...sampleIncomeStatement(),
      rows: [line(long, 185, { subtext: '3 transactions' }), line('Total', 185, { total: true })],
    };
    const [page] = await pageTexts(report);
    expect(page).toMatch(/Full head colour with toner.*very long hair.*3 transactions/);
  });
});
