import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatPounds, londonDateOf, monthName, type Report } from '@brade/contract';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, SCREENSHOTS, screenshot, startApp } from './support/app.js';
import {
  apiGet,
  connectInPopup,
  type Owner,
  openAsOwner,
  signUpOwner,
  waitForImports,
} from './support/connect-owner.js';

/** Chunks load, pop-ups close and the API answers on a busy machine: allow for it. */

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.stop());

async function apiReport(owner: Owner, type: string, month: number, year: number): Promise<Report> {
  const res = await fetch(`${app.url}/api/database/get-report/${owner.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type, month, year }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { report: Report }).report;
}

const expensesTile = (page: Page) =>
  page.getByRole('region', { name: 'Monthly expenses', exact: true }).getByTestId('tile-value').textContent();

describe('the report on the page and the transactions behind its lines', () => {
  it("opens a line's transactions, moves them with 'also apply to similar', and the report and dashboard follow", async () => {
    const owner = await signUpOwner(app);
    const { page, context, errors } = await openAsOwner(app, owner, 1440);
    await page.goto('/link-business-bank');
    await page.getByRole('option', { name: 'Mock ASPSP' }).waitFor({ state: 'attached' });
    await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'Mock ASPSP' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await connectInPopup(page, context, { decision: 'Approve' });
    await waitForImports(app, owner, ['gocardless']);

    const today = londonDateOf(new Date());
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const before = await apiReport(owner, 'expense', month, year);
    const tileBefore = await apiGet<{ value: number }>(
      app,
      owner,
      `/api/database/get-current-month-expenses-total/${owner.id}`,
    );
    // The month's largest expense line.
    const line = before.rows[0]!;
    expect(line.total).toBe(false);

    await page.goto('/main-menu/reports');
    await page.getByRole('tab', { name: 'Expense Report' }).click();
    const list = page.getByRole('list', { name: 'Expense Report months' });
    await list.getByRole('button', { name: `${monthName(month)} ${year}`, exact: true }).click();
    const report = page.getByRole('table', { name: /^Expense Report, / });
    await report.waitFor();
    // The same lines and totals as the PDF's model.
    for (const row of before.rows) {
      await report
        .getByRole('row', { name: new RegExp(escapeRegExp(row.description)) })
        .first()
        .waitFor();
    }
    expect(await report.getByRole('row').last().textContent()).toContain(formatPounds(before.rows.at(-1)!.amount!));

    await report.getByRole('button', { name: line.description, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${escapeRegExp(line.description)}, `) });
    await dialog.waitFor();
    const count = Number(line.subtext!.split(' ')[0]!.replace(/,/g, ''));
    await expect
      .poll(() => dialog.getByText(/transactions?, £/).textContent())
      .toBe(`${count.toLocaleString('en-GB')} transaction${count === 1 ? '' : 's'}, ${formatPounds(line.amount!)}`);
    await dialog.getByRole('button', { name: 'Amount' }).click();
    await dialogShot(page, 'report-line-transactions-1440');

    const moves = dialog.getByRole('button', { name: /^Move / });
    const correction = page.getByRole('dialog', { name: 'Move to another category' });
    const alsoSimilar = correction.getByRole('checkbox', { name: 'Also apply to similar transactions' });
    // The first of the line's transactions whose counterparty has others: which one comes first depends on the
    // day's lines (a one-off payee offers no "similar"), so each is opened in turn until one offers them.
    for (let i = 0; ; i += 1) {
      await moves.nth(i).click();
      await correction.getByLabel('New category').waitFor();
      if ((await alsoSimilar.count()) > 0) break;
      await correction.getByRole('button', { name: 'Cancel' }).click();
      await correction.waitFor({ state: 'detached' });
      if (i + 1 >= (await moves.count())) throw new Error(`no transaction of "${line.description}" has similar ones`);
    }
    await correction.getByLabel('New category').click();
    await page.getByRole('option', { name: 'Owner drawings' }).click();
    await alsoSimilar.check();
    const similar = (await correction.getByText(/ will move to Owner drawings/).textContent())!;
    const similarCount = Number(similar.split(' ')[0]!.replace(/,/g, ''));
    expect(similarCount).toBeGreaterThan(0);
    await dialogShot(page, 'report-correction-1440');
    await correction
      .getByRole('button', {
        name: `Move ${similarCount.toLocaleString('en-GB')} transaction${similarCount === 1 ? '' : 's'}`,
      })
      .click();
    await correction.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Close' }).click();

    // The report on the page and the API's report moved together; the Total fell by what moved this month.
    const after = await apiReport(owner, 'expense', month, year);
    const total = (r: Report) => r.rows.at(-1)!.amount!;
    expect(total(after)).toBeLessThan(total(before));
    await expect.poll(() => report.getByRole('row').last().textContent()).toContain(formatPounds(total(after)));

    const tileAfter = await apiGet<{ value: number }>(
      app,
      owner,
      `/api/database/get-current-month-expenses-total/${owner.id}`,
    );
    expect(tileAfter.value).toBe(Math.round((tileBefore.value - (total(before) - total(after))) * 100) / 100);
    await page.goto('/main-menu/dashboard');
    await expect.poll(() => expensesTile(page)).toBe(formatPounds(tileAfter.value));

    // The rule is listed in Settings.
    await page.goto('/main-menu/settings');
    const rules = page.getByRole('region', { name: 'Category rules' });
    await rules.getByText(/→ Owner drawings$/).waitFor();
    expect(errors).toEqual([]);
  });

  it("switches year and downloads last year's December PDF; the demo account opens lines but cannot move them", async () => {
    const { page, errors } = await app.newPage(390);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Use Test Account' }).click();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/main-menu/dashboard');
    await page.goto('/main-menu/reports');
    const lastYear = Number(londonDateOf(new Date()).slice(0, 4)) - 1;
    await page.getByLabel('Year').click();
    await page.getByRole('option', { name: String(lastYear) }).click();
    const list = page.getByRole('list', { name: 'Sales Report months' });
    const december = list.getByRole('listitem').filter({ hasText: `December ${lastYear}` });
    await december.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(12);

    // At 390px the PDF is downloaded.
    const downloaded = page.waitForEvent('download');
    await december.getByRole('button', { name: 'View PDF' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('sales_report_december.pdf');
    const bytes = new Uint8Array(await readFile((await download.path())!));
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(`1 December ${lastYear} – 31 December ${lastYear}`);

    // On a phone the month's report is its own view with Back.
    await december.getByRole('button', { name: `December ${lastYear}` }).click();
    const report = page.getByRole('table', { name: `Sales Report, December ${lastYear}` });
    await report.waitFor();
    await screenshot(page, 'report-on-page-390');
    // The first line under the table's head (the comparison columns' labels).
    const firstLine = report.getByRole('row').nth(1).getByRole('button').first();
    await firstLine.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('row').nth(1).waitFor();
    expect(await dialog.getByRole('button', { name: /^Move / }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });
});

/** A dialog is fixed to the viewport: a full-page screenshot (which resizes the page) would not show it. */
async function dialogShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
