import { formatPounds, monthName, type Report, type TeamBreakdownResponse } from '@brade/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, screenshot, startApp } from './support/app.js';
import { apiAnswer, signInWithTestAccount } from './support/demo-session.js';

/** Chunks load and the API answers on a busy machine: allow for it. */
const SOON = { timeout: 20_000 };

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.stop());

/** Last month, a whole one: its report compares with the month before and the same month a year earlier. */
async function openLastMonth(page: Page) {
  await signInWithTestAccount(page);
  await page.goto('/main-menu/reports');
  await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor(SOON);
  const list = page.getByRole('list', { name: 'Sales Report months' });
  const rows = list.getByRole('listitem');
  await rows.first().waitFor(SOON);
  const row = rows.nth(Math.min(1, (await rows.count()) - 1));
  const label = (await row.getByText(/^[A-Z][a-z]+ \d{4}$/).textContent())!;
  const [name, year] = label.split(' ') as [string, string];
  const month = Array.from({ length: 12 }, (_, i) => monthName(i + 1)).indexOf(name) + 1;
  await row.getByRole('button', { name: label }).click();
  const table = page.getByRole('table', { name: `Sales Report, ${label}` });
  await table.waitFor(SOON);
  const report = (
    await apiAnswer<{ report: Report }>(page, app.url, 'get-report', { type: 'sales', month, year: Number(year) })
  ).report;
  return { table, report, label, month, year: Number(year) };
}

describe('the sales report by what was sold', () => {
  it('at 1440px: categories with their items, the honest line without item detail, comparisons and the Team', async () => {
    const { page, errors } = await app.newPage(1440);
    const { table, report, label, month, year } = await openLastMonth(page);
    const comparison = report.comparison!;
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual([
      'Line',
      'Amount',
      comparison.previous.label,
      'Change',
      '%',
      comparison.last_year.label,
      'Change',
      '%',
    ]);
    // No catch-all "Sales": categories, each with items under it, and each processor's sales without item detail.
    const categories = report.rows.filter((r) => r.level === undefined && !r.total);
    expect(categories.map((r) => r.description)).not.toContain('Sales');
    expect(categories.map((r) => r.description)).toContain('SumUp card sales without item detail');
    expect(report.rows.some((r) => r.level === 1)).toBe(true);
    const first = categories[0]!;
    const cells = await table
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: first.description, exact: true }) })
      .first()
      .getByRole('cell')
      .allTextContents();
    expect(cells[1]).toBe(formatPounds(first.amount!));
    expect(cells[2]).toBe(formatPounds(first.compare!.previous));
    expect(cells[5]).toBe(formatPounds(first.compare!.last_year));
    const total = report.rows.at(-1)!;
    expect(await table.getByRole('row').last().textContent()).toContain(formatPounds(total.amount!));

    // Who sold it: the stylists Square names, and what no processor attributed.
    const team = await apiAnswer<TeamBreakdownResponse>(page, app.url, 'get-team-breakdown', { month, year });
    const teamTable = page.getByRole('table', { name: `Team, ${label}` });
    await teamTable.waitFor(SOON);
    for (const member of team.team) {
      await teamTable.getByRole('button', { name: member.name, exact: true }).waitFor(SOON);
    }
    expect(await teamTable.textContent()).toContain(formatPounds(team.not_attributed.sales));
    await page.getByText(team.note).waitFor(SOON);
    await screenshot(page, 'sales-report-by-category-1440');

    // An item opens the sales it was part of; the demo account cannot move it.
    const item = report.rows.find((r) => r.level === 1)!;
    await table.getByRole('button', { name: item.description, exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('row').nth(1).waitFor(SOON);
    expect(await dialog.getByRole('button', { name: /^Move / }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(errors).toEqual([]);
  });

  it('at 390px: the report scrolls inside its own box, the page never sideways', async () => {
    const { page, errors } = await app.newPage(390);
    const { table } = await openLastMonth(page);
    await table.getByRole('columnheader', { name: 'Amount' }).waitFor(SOON);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'sales-report-by-category-390');
    expect(errors).toEqual([]);
  });
});
