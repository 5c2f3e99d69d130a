import { formatPounds, londonDateOf, monthName } from '@brade/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, screenshot, startApp } from './support/app.js';
import {
  apiGet,
  connectInPopup,
  type Owner,
  openAsOwner,
  signUpOwner,
  waitForImports,
} from './support/connect-owner.js';
import { apiAnswer, signInWithTestAccount } from './support/demo-session.js';

/**
 * Issue 28 in the browser: the demo salon's Overview mid-month adds up and marks the month so far; a new owner's
 * first import is marked as such and judged against nothing; its suggested goals say so; a bank-only owner is told
 * what would measure clients. Each at 1440 and 390 px, with screenshots.
 */
const SOON = { timeout: 20_000 };

let app: RunningApp;
beforeAll(async () => {
  // The test switches let a simulator answer slowly, so a first import can be looked at while it runs.
  app = await startApp({ env: { SANDBOX_CONTROLS: 'true' } });
});
afterAll(() => app?.stop());

const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '1–27 Nov so far' for today in London (or '1 Nov so far' on the 1st). */
function soFarToday(): string {
  const today = londonDateOf(new Date());
  const day = Number(today.slice(8, 10));
  return `${day === 1 ? '1' : `1–${day}`} ${SHORT[Number(today.slice(5, 7)) - 1]} so far`;
}

/** '£9,322.46' → 932246 pence: what an owner reads off the page, added up exactly. */
const pence = (text: string) => Math.round(Number(text.replace(/[£,]/g, '')) * 100);

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/**
 * A whole-page screenshot of the Overview: the charts draw once near the view (features/dashboard/MonthlyCharts.tsx),
 * so they are scrolled to first and given time to draw.
 */
async function overviewScreenshot(page: Page, name: string): Promise<void> {
  // Without motion the charts draw at once (MonthlyCharts.tsx), so no frame of their entry animation is taken.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const title of ['Revenue', 'Expenses']) await region(page, title).scrollIntoViewIfNeeded();
  await page.waitForTimeout(1_000);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await screenshot(page, name);
}

async function setLatency(provider: 'stripe' | 'sumup', ms: number): Promise<void> {
  const res = await fetch(`${app.url}/sandbox/${provider}/__control/set-latency`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  });
  expect(res.status, `set-latency on ${provider}`).toBe(200);
}

/** Settings → Integrations: connects a card provider through its consent pop-up. */
async function connectCard(page: Page, context: BrowserContext, owner: Owner, title: 'Stripe' | 'SumUp') {
  await page.goto('/main-menu/settings#integrations');
  const card = region(page, title);
  await card.getByRole('button', { name: 'Connect', exact: true }).waitFor(SOON);
  await connectInPopup(page, context, {
    decision: 'Approve',
    login: owner.email,
    connect: () => card.getByRole('button', { name: 'Connect', exact: true }).click(),
  });
}

describe('the demo salon mid-month', () => {
  it.each([1440, 390])(
    '%ipx: every net figure adds up from the page, and the month so far is marked',
    async (width) => {
      const { page, context, errors } = await app.newPage(width);
      await signInWithTestAccount(page);
      const goals = region(page, "This month's goals");
      await goals.getByTestId('net-income-sum').waitFor(SOON);

      const revenue = await apiAnswer<{ value: number; other_income?: { amount: number } | null }>(
        page,
        app.url,
        'get-current-month-sales-total',
      );
      const progress = await apiAnswer<{ margin: { net_income: number; revenue: number } }>(
        page,
        app.url,
        'get-goal-progress',
      );
      // What the page shows, added up as an owner would: revenue tile + other income line − expenses tile.
      const revenueText = (await region(page, 'Monthly revenue').getByTestId('tile-value').textContent()) ?? '';
      const expensesText = (await region(page, 'Monthly expenses').getByTestId('tile-value').textContent()) ?? '';
      expect(revenueText).toBe(formatPounds(revenue.value));
      const otherLine = page.getByTestId('other-income');
      let otherPence = 0;
      if (revenue.other_income) {
        const text = (await otherLine.textContent()) ?? '';
        expect(text).toMatch(/^Plus £[\d,.]+ other income this month so far \(.+\): in net income, not in revenue\.$/);
        otherPence = pence(/Plus (£[\d,.]+)/.exec(text)![1]!);
        expect(otherPence).toBe(Math.round(revenue.other_income.amount * 100));
      } else {
        expect(await otherLine.count()).toBe(0);
      }
      const sum = (await goals.getByTestId('net-income-sum').textContent()) ?? '';
      const net = pence(/^Net income (£[\d,.-]+)/.exec(sum)![1]!);
      expect(net).toBe(Math.round(progress.margin.net_income * 100));
      expect(pence(revenueText) + otherPence - pence(expensesText)).toBe(net);

      // The month in progress is judged after the bills and pay still expected, never "above the goal so far".
      expect(await goals.getByTestId('margin-expected').textContent()).toMatch(
        /^(£[\d,.]+ expected before month end: .+|No regular bills or pay expected before month end)$/,
      );
      expect(await goals.textContent()).not.toMatch(/goal so far/);

      // Both charts mark the month so far, in their key and in what they say to screen readers.
      for (const title of ['Revenue', 'Expenses']) {
        const chart = region(page, title);
        await chart.scrollIntoViewIfNeeded();
        await expect.poll(() => chart.getByTestId('partial-key').textContent(), SOON).toBe(`Dashed: ${soFarToday()}`);
        await expect
          .poll(() => chart.getByRole('img').first().getAttribute('aria-label'), SOON)
          .toContain(`(${soFarToday()})`);
      }
      await overviewScreenshot(page, `dashboard-mid-month-${width}`);

      // The Reports chart marks it too.
      await page.goto('/main-menu/reports');
      const reportsChart = region(page, 'Revenue and expenses');
      await expect
        .poll(() => reportsChart.getByTestId('partial-key').textContent(), SOON)
        .toBe(`Dashed: ${soFarToday()}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('a new owner', () => {
  let owner: Owner;

  it("during a first import: each provider's progress, figures marked still importing, no verdicts", async () => {
    owner = await signUpOwner(app, 'Chloe Baker');
    const { page, context, errors } = await openAsOwner(app, owner, 1440);
    await connectCard(page, context, owner, 'Stripe');
    // SumUp answers slowly from here on: its import (a detail call per sale) runs for a while.
    await setLatency('sumup', 700);
    await connectCard(page, context, owner, 'SumUp');

    await page.goto('/main-menu/dashboard');
    const banner = page.getByRole('status', { name: 'Import in progress' });
    await expect.poll(() => banner.getByTestId('import-lines').textContent(), SOON).toMatch(/SumUp: /);
    expect(await banner.textContent()).not.toMatch(/\b0 so far/);
    await expect
      .poll(() => region(page, 'Monthly revenue').getByTestId('tile-importing').textContent(), SOON)
      .toBe('Still importing: this figure will change');
    const goals = region(page, "This month's goals");
    await expect
      .poll(() => goals.getByTestId('margin-goal').textContent(), SOON)
      .toBe('Still importing: these figures will change');
    expect(await goals.textContent()).not.toMatch(/ met\b|Target reached/);
    await overviewScreenshot(page, 'dashboard-first-import-1440');
    const narrow = await openAsOwner(app, owner, 390);
    await narrow.page.goto('/main-menu/dashboard');
    await narrow.page.getByRole('status', { name: 'Import in progress' }).waitFor(SOON);
    await overviewScreenshot(narrow.page, 'dashboard-first-import-390');
    await narrow.context.close();

    await setLatency('sumup', 0);
    await waitForImports(app, owner, ['stripe', 'sumup']);
    await expect.poll(() => banner.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => region(page, 'Monthly revenue').getByTestId('tile-importing').count(), SOON).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([1440, 390])('%ipx: goals never saved are suggested from her own books, with no verdict', async (width) => {
    const answer = await apiGet<{
      financial_goals: { revenue_target: number };
      saved: boolean;
      suggested_from: string[];
    }>(app, owner, `/api/database/get-financial-goals/${owner.id}`);
    expect(answer.saved).toBe(false);
    const { page, context, errors } = await openAsOwner(app, owner, width);
    await page.goto('/main-menu/dashboard');
    const goals = region(page, "This month's goals");
    await expect
      .poll(() => goals.getByTestId('sales-target').textContent(), SOON)
      .toBe(`of the ${formatPounds(answer.financial_goals.revenue_target)} suggested target`);
    const basis =
      answer.suggested_from.length === 1
        ? `your takings in ${monthName(Number(answer.suggested_from[0]!.slice(5, 7)))} ${answer.suggested_from[0]!.slice(0, 4)}`
        : answer.suggested_from.length === 0
          ? 'a usual starting point'
          : 'your average takings of';
    expect(await goals.getByTestId('sales-suggested').textContent()).toContain(`Suggested goal (${basis}`);
    expect(await goals.textContent()).not.toMatch(/ met\b|Target reached|points under/);
    const retention = region(page, 'Client retention');
    await retention
      .getByText(/Suggested goal/)
      .first()
      .waitFor(SOON);
    expect(await retention.textContent()).not.toMatch(/Goal \d+% met/);
    await overviewScreenshot(page, `dashboard-suggested-goals-${width}`);

    // The link leads to Settings, where the suggestion is explained and kept with one press.
    await goals.getByRole('link', { name: 'Set your goals in Settings' }).first().click();
    await page.waitForURL('**/main-menu/settings#financial-goals');
    await page.getByTestId('goals-suggested').waitFor(SOON);
    if (width === 1440) await screenshot(page, 'settings-suggested-goals-1440');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a bank-only owner', () => {
  it('is told what would measure revenue per client and retention, never a false £0.00', async () => {
    const owner = await signUpOwner(app, 'Sam Reed', {
      salon_name: 'Reed Barbers',
      business_address: '3 Market Street, York',
      postcode: 'YO1 8SS',
    });
    const { page, context, errors } = await openAsOwner(app, owner, 1440);
    await page.goto('/main-menu/settings#integrations');
    const bankCard = region(page, 'Business Account');
    await bankCard.getByRole('option', { name: 'Mock ASPSP' }).waitFor({ state: 'attached', ...SOON });
    await bankCard.getByLabel('Bank', { exact: true }).selectOption({ label: 'Mock ASPSP' });
    await connectInPopup(page, context, {
      decision: 'Approve',
      connect: () => bankCard.getByRole('button', { name: 'Connect', exact: true }).click(),
    });
    await waitForImports(app, owner, ['gocardless']);

    for (const width of [1440, 390]) {
      const opened = width === 1440 ? { page, context } : await openAsOwner(app, owner, width);
      await opened.page.goto('/main-menu/dashboard');
      const perClient = region(opened.page, 'Revenue per client');
      await expect
        .poll(() => perClient.getByTestId('tile-unmeasurable').textContent(), SOON)
        .toBe('Link a card provider to see revenue per client');
      expect(await perClient.getByTestId('tile-value').textContent()).toBe('—');
      expect(await perClient.textContent()).not.toContain('£0.00');
      const retention = region(opened.page, 'Client retention');
      await expect
        .poll(() => retention.getByTestId('retention-unmeasurable').textContent(), SOON)
        .toBe('Link a card provider to see client retention.');
      expect(await retention.textContent()).not.toContain('90 days to come back');
      await overviewScreenshot(opened.page, `dashboard-bank-only-${width}`);
      if (width !== 1440) await opened.context.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
