import path from 'node:path';
import { addMonths, formatPounds, londonDateOf, monthName, monthOf } from '@brade/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, SCREENSHOTS, screenshot, startApp } from './support/app.js';
import { signInWithTestAccount } from './support/demo-session.js';

/**
 * BradeBot in the browser (docs/assistant.md, "The panel"): on the dashboard with the demo account, a question typed
 * and sent with Enter is answered with the figure the API's own month call gives; the panel expands and Escape
 * shrinks it; on Reports, report mode comments on the report of the selected tab.
 */
let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.stop());

/** The API's own revenue for a month: the sales lines of the month call, added in pence. */
async function revenueOf(page: Page, month: string): Promise<number> {
  const session = await page.evaluate(() => ({
    id: localStorage.getItem('id'),
    token: localStorage.getItem('access_token'),
  }));
  const res = await fetch(`${app.url}/api/database/get-sales-for-month/${session.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ month: Number(month.slice(5)), year: Number(month.slice(0, 4)) }),
  });
  const { sales } = (await res.json()) as { sales: Array<{ amount: number }> };
  return sales.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
}

describe('BradeBot', () => {
  it('answers a typed question on the dashboard with the API’s figure, and expands and shrinks', async () => {
    const { page, errors, context } = await app.newPage(1440);
    await signInWithTestAccount(page);
    const panel = page.getByRole('region', { name: 'BradeBot' });
    const reply = panel.getByRole('button', { name: 'Ask BradeBot a question' });
    await expect.poll(() => reply.textContent(), { timeout: 15_000 }).toContain("salon's finances");
    expect((await panel.boundingBox())!.height).toBeCloseTo(130, 0);

    await reply.click();
    const input = panel.getByRole('textbox', { name: 'Ask BradeBot' });
    await input.fill('What were my takings last month?');
    await panel.getByRole('button', { name: 'Send' }).waitFor();
    await input.press('Enter');
    const last = addMonths(monthOf(londonDateOf(new Date())), -1);
    const expected = formatPounds((await revenueOf(page, last)) / 100);
    await expect.poll(() => reply.textContent(), { timeout: 15_000 }).toContain(expected);
    expect(await reply.textContent()).toContain(`${monthName(Number(last.slice(5)))} ${last.slice(0, 4)}`);
    await screenshot(page, 'bradebot-dashboard-1440');

    await panel.getByRole('button', { name: 'Expand BradeBot' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('list', { name: 'Conversation so far' })
      .getByText('What were my takings last month?')
      .waitFor();
    await screenshot(page, 'bradebot-expanded-1440');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows whole lines in the collapsed panel on a 390 px phone, however long the reply', async () => {
    const { page, errors, context } = await app.newPage(390);
    await signInWithTestAccount(page);
    const panel = page.getByRole('region', { name: 'BradeBot' });
    const reply = panel.getByTestId('bradebot-reply');
    await expect.poll(() => reply.textContent(), { timeout: 15_000 }).toContain("salon's finances");
    /** Every line of the reply that shows is whole: none is cut by the panel's edge. */
    const cutLines = () =>
      reply.evaluate((el) => {
        const box = el.parentElement!.parentElement!.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = [...range.getClientRects()];
        return lines.filter((r) => r.top < box.bottom - 0.5 && r.bottom > box.bottom + 0.5).length;
      });
    expect(await cutLines()).toBe(0);
    await panel.screenshot({ path: path.join(SCREENSHOTS, 'bradebot-panel-greeting-390.png') });
    await reply.click();
    const input = panel.getByRole('textbox', { name: 'Ask BradeBot' });
    await input.fill('how much vat do i owe and when is it due');
    await input.press('Enter');
    await expect.poll(() => reply.textContent(), { timeout: 15_000 }).toContain('VAT');
    expect(await cutLines()).toBe(0);
    await panel.screenshot({ path: path.join(SCREENSHOTS, 'bradebot-panel-long-reply-390.png') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('comments on the report shown, in report mode on Reports (390px)', async () => {
    const { page, errors, context } = await app.newPage(390);
    await signInWithTestAccount(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor({ timeout: 15_000 });
    const panel = page.getByRole('region', { name: 'BradeBot' });
    const reply = panel.getByRole('button', { name: 'Ask BradeBot a question' });
    await reply.click();
    await panel.getByRole('textbox', { name: 'Ask BradeBot' }).fill('What do you make of this?');
    await panel.getByRole('textbox', { name: 'Ask BradeBot' }).press('Enter');
    const month = monthOf(londonDateOf(new Date()));
    const expected = formatPounds((await revenueOf(page, month)) / 100);
    await expect
      .poll(() => reply.textContent(), { timeout: 15_000 })
      .toContain(`Revenue in ${monthName(Number(month.slice(5)))} ${month.slice(0, 4)} so far`);
    expect(await reply.textContent()).toContain(expected);
    await screenshot(page, 'bradebot-reports-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
