import { readFile } from 'node:fs/promises';
import {
  formatPounds,
  formatReportPeriod,
  REPORT_TITLES,
  REPORT_TYPES,
  type Report,
  type ReportType,
  reportFileName,
  reportToCsv,
} from '@brade/contract';
import { parseCsv } from '@brade/contract/testing';
import type { Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, screenshot, startApp } from './support/app.js';
import { apiAnswer, signInWithTestAccount } from './support/demo-session.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.stop());

async function openReports(page: Page): Promise<void> {
  await signInWithTestAccount(page);
  // At 1024px or less the navigation waits in the drawer.
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
  await page.waitForURL('**/main-menu/reports');
  await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
}

/** The API's own report for the month, asked with the page's session. */
async function apiReport(page: Page, type: ReportType, month: number, year: number): Promise<Report> {
  return (await apiAnswer<{ report: Report }>(page, app.url, 'get-report', { type, month, year })).report;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The month list's row to use: last month when this year has one (a whole month), else this month. */
async function monthRow(page: Page, type: ReportType): Promise<{ row: Locator; month: number; year: number }> {
  const list = page.getByRole('list', { name: `${REPORT_TITLES[type]} months` });
  const rows = list.getByRole('listitem');
  const row = rows.nth(Math.min(1, (await rows.count()) - 1));
  const label = (await row.getByText(/^[A-Z][a-z]+ \d{4}$/).textContent())!;
  const [name, year] = label.split(' ') as [string, string];
  return { row, month: MONTHS.indexOf(name) + 1, year: Number(year) };
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

function expectReportText(text: string, report: Report): void {
  expect(text).toContain(report.title);
  expect(text).toContain('Report to');
  expect(text).toContain(report.report_to.name);
  for (const line of report.report_to.address_lines) expect(text).toContain(line);
  expect(text).toContain(formatReportPeriod(report.period));
  for (const row of report.rows) {
    expect(text).toContain(row.description);
    if (row.amount !== null) expect(text).toContain(formatPounds(row.amount));
  }
}

async function selectTab(page: Page, type: ReportType): Promise<void> {
  await page.getByRole('tab', { name: REPORT_TITLES[type] }).click();
  await page.getByRole('list', { name: `${REPORT_TITLES[type]} months` }).waitFor();
}

async function downloadCsv(page: Page, type: ReportType): Promise<void> {
  const { row, month, year } = await monthRow(page, type);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const report = await apiReport(page, type, month, year);
  expect(download.suggestedFilename()).toBe(reportFileName(report, 'csv'));
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${type}_report_[a-z]+_${year}\\.csv$`));
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toBe(reportToCsv(report));
  const [header, ...records] = parseCsv(csv);
  // The spec's two columns first; beyond the spec, each compared period's figure, change and percent after them.
  expect(header!.slice(0, 2)).toEqual(['Description', 'Amount']);
  expect(header!.slice(2)).toEqual(
    [report.comparison!.previous.label, report.comparison!.last_year.label].flatMap((label) => [
      label,
      `Change vs ${label}`,
      `% change vs ${label}`,
    ]),
  );
  expect(records.map(([, amount]) => (amount === '' ? null : Number(amount)))).toEqual(
    report.rows.map((r) => r.amount),
  );
  // A month of the demo salon has figures: the total is not zero (the VAT view: its output VAT).
  if (type === 'vat') expect(report.rows.find((r) => r.description === 'Output VAT')!.amount).toBeGreaterThan(0);
  else expect(report.rows.at(-1)!.amount).not.toBe(0);
}

describe('the Reports screen', () => {
  it('at 1440px: downloads each CSV and opens each PDF in a new tab', async () => {
    const { page, errors, context } = await app.newPage(1440);
    await openReports(page);
    const tabs = page.getByRole('tablist', { name: 'Reports' }).getByRole('tab');
    // The spec's three reports, then the VAT view (beyond the spec; docs/finance.md, "VAT").
    expect(await tabs.allTextContents()).toEqual(['Sales Report', 'Expense Report', 'Income Statement', 'VAT']);
    const list = page.getByRole('list', { name: 'Sales Report months' });
    const box = (await list.boundingBox())!;
    expect(box.width).toBe(400);
    expect(box.height).toBeLessThanOrEqual(400);
    const labels = await list
      .getByRole('listitem')
      .getByText(/^[A-Z][a-z]+ \d{4}$/)
      .allTextContents();
    const year = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric' }).format(new Date());
    const thisMonth = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', month: 'numeric' }).format(new Date()),
    );
    expect(labels).toEqual(
      MONTHS.slice(0, thisMonth)
        .reverse()
        .map((m) => `${m} ${year}`),
    );

    const chart = page.getByRole('region', { name: 'Revenue and expenses' });
    await chart.locator('canvas').waitFor();
    expect((await chart.boundingBox())!.height).toBe(400);
    await screenshot(page, 'reports-1440');

    for (const type of REPORT_TYPES) {
      await selectTab(page, type);
      await downloadCsv(page, type);
      const { row } = await monthRow(page, type);
      const [popup] = await Promise.all([
        context.waitForEvent('page'),
        row.getByRole('button', { name: 'View PDF' }).click(),
      ]);
      // The new tab is sent to the PDF's blob: address. (A browser without a PDF viewer downloads it from there.)
      const shown = await Promise.race([
        popup.waitForURL(/^blob:/).then(() => popup.url()),
        popup.waitForEvent('download').then(async (download) => {
          const bytes = new Uint8Array(await readFile((await download.path())!));
          expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
          return download.url();
        }),
      ]);
      expect(shown).toMatch(new RegExp(`^blob:${app.url}/`));
      // No download in the app's own tab at this width.
      expect(context.pages()).toHaveLength(2);
      await popup.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390px: downloads each CSV and each PDF, with no sideways scroll', async () => {
    const { page, errors, context } = await app.newPage(390);
    await openReports(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('region', { name: 'Revenue and expenses' }).locator('canvas').waitFor();
    await screenshot(page, 'reports-390');

    for (const type of REPORT_TYPES) {
      await selectTab(page, type);
      await downloadCsv(page, type);
      const { row, month, year } = await monthRow(page, type);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: 'View PDF' }).click(),
      ]);
      const report = await apiReport(page, type, month, year);
      expect(download.suggestedFilename()).toBe(reportFileName(report, 'pdf'));
      const bytes = new Uint8Array(await readFile((await download.path())!));
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      expectReportText(await pdfText(bytes), report);
    }
    expect(context.pages()).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
