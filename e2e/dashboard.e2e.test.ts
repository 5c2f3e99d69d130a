import { formatPercentChange, formatPounds } from '@brade/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, screenshot, settled, startApp } from './support/app.js';
import { apiAnswer, signInWithTestAccount } from './support/demo-session.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.stop());

const TILES = [
  { name: 'Monthly revenue', call: 'get-current-month-sales-total' },
  { name: 'Monthly expenses', call: 'get-current-month-expenses-total' },
  { name: 'Revenue per client', call: 'get-current-month-revenue-per-client' },
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element is not visible');
  return found;
}

/** The sign-in journey a visitor takes, then the first tile. */
async function signInToTiles(page: Page): Promise<void> {
  await signInWithTestAccount(page);
  await page.getByRole('region', { name: 'Monthly revenue', exact: true }).waitFor();
}

/** A one-finger swipe through Chromium's real touch input (CDP), from x to x + dx at height y. */
async function touchSwipe(page: Page, x: number, dx: number, y = 400): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const steps = 6;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= steps; i += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / steps, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** The drawer has finished sliding (in or out). */
async function drawerSettled(page: Page, open: boolean): Promise<void> {
  if (open) {
    await nav(page).waitFor({ state: 'visible' });
    await expect.poll(async () => (await box(nav(page))).x).toBe(0);
  } else {
    await nav(page).waitFor({ state: 'hidden' });
  }
}

describe('the Overview dashboard', () => {
  it('shows the three tiles with the API figures and both charts at 1440px, in the 200px navigation', async () => {
    const { page, errors, context } = await app.newPage(1440);
    await signInToTiles(page);
    await expect.poll(() => page.getByRole('heading', { name: 'Overview' }).count()).toBe(1);

    for (const tile of TILES) {
      const answer = await apiAnswer<{ value: number; percent_change: number | null }>(page, app.url, tile.call);
      const region = page.getByRole('region', { name: tile.name, exact: true });
      expect(await region.getByTestId('tile-value').textContent()).toBe(formatPounds(answer.value));
      expect(await region.getByTestId('tile-change').textContent()).toBe(
        answer.percent_change === null ? '—' : formatPercentChange(answer.percent_change),
      );
    }
    // The demo salon has figures, so the charts (not the empty state) show.
    const revenue = page.getByRole('region', { name: 'Revenue', exact: true });
    const expenses = page.getByRole('region', { name: 'Expenses', exact: true });
    await revenue.locator('canvas').waitFor();
    await expenses.locator('canvas').waitFor();
    const sales = await apiAnswer<{ monthly_sales: unknown[] }>(page, app.url, 'get-monthly-sales');
    expect(sales.monthly_sales).toHaveLength(12);

    // Tiles in one row; charts side by side at 48% each, 400px high; BradeBot 130px below them.
    const tiles = await Promise.all(TILES.map((t) => box(page.getByRole('region', { name: t.name, exact: true }))));
    expect(new Set(tiles.map((t) => Math.round(t.y))).size).toBe(1);
    expect(tiles[0]!.x).toBeLessThan(tiles[1]!.x);
    expect(tiles[1]!.x).toBeLessThan(tiles[2]!.x);
    const [r, e] = [await box(revenue), await box(expenses)];
    expect(r.height).toBe(400);
    expect(e.height).toBe(400);
    expect(Math.round(r.y)).toBe(Math.round(e.y));
    const row = await box(revenue.locator('..'));
    expect(r.width / row.width).toBeCloseTo(0.48, 2);
    const bot = await box(page.getByRole('region', { name: 'BradeBot', exact: true }));
    expect(bot.height).toBe(130);
    expect(bot.y).toBeGreaterThan(r.y + r.height);

    expect((await box(nav(page))).width).toBe(200);
    expect(await nav(page).getByRole('heading', { name: 'MAIN MENU' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
    await screenshot(page, 'dashboard-1440');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("does not follow the demo account's Settings and Profile links", async () => {
    const { page, errors, context } = await app.newPage(1440);
    await signInToTiles(page);
    const settings = nav(page).getByRole('link', { name: 'Settings' });
    const profile = nav(page).getByRole('link', { name: /View profile$/ });
    await expect.poll(() => settings.getAttribute('aria-disabled')).toBe('true');
    expect(await profile.getAttribute('aria-disabled')).toBe('true');
    const before = page.url();

    // Playwright refuses to click an aria-disabled element; force the click as a person's mouse would.
    await settings.click({ force: true });
    await profile.click({ force: true });
    await settings.focus();
    await page.keyboard.press('Enter');
    await settled(page);
    expect(page.url()).toBe(before);
    expect(await settings.getAttribute('href')).toBeNull();

    // Reports stays open to the demo account.
    await nav(page).getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL('**/main-menu/reports');
    await page.getByRole('tab', { name: 'Sales Report' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const width of [1024, 390]) {
    it(`stacks the tiles and charts at ${width}px and slides the navigation in and out`, async () => {
      const { page, errors, context } = await app.newPage(width);
      await signInToTiles(page);

      const tiles = await Promise.all(TILES.map((t) => box(page.getByRole('region', { name: t.name, exact: true }))));
      for (let i = 1; i < tiles.length; i += 1) {
        expect(tiles[i]!.y).toBeGreaterThanOrEqual(tiles[i - 1]!.y + tiles[i - 1]!.height);
        expect(Math.round(tiles[i]!.x)).toBe(Math.round(tiles[0]!.x));
      }
      const r = await box(page.getByRole('region', { name: 'Revenue', exact: true }));
      const e = await box(page.getByRole('region', { name: 'Expenses', exact: true }));
      expect(e.y).toBeGreaterThanOrEqual(r.y + r.height);
      expect(r.width).toBe(tiles[0]!.width);
      expect(r.height).toBe(400);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // The navigation waits in a drawer behind the menu button.
      expect(await nav(page).count()).toBe(0);
      await screenshot(page, `dashboard-${width}`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await drawerSettled(page, true);
      expect((await box(nav(page))).width).toBe(200);
      // The drawer and its backdrop are fixed to the viewport, so this one is a viewport shot, not a full page.
      await screenshot(page, `dashboard-drawer-${width}`, false);

      // A left swipe of more than 50px closes it; a right swipe opens it again; 40px does nothing.
      await touchSwipe(page, 180, -120);
      await drawerSettled(page, false);
      await touchSwipe(page, 40, 40);
      await settled(page);
      expect(await nav(page).count()).toBe(0);
      await touchSwipe(page, 40, 120);
      await drawerSettled(page, true);
      await touchSwipe(page, 180, -120);
      await drawerSettled(page, false);

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('beyond the spec: what a new owner notices', () => {
  it('shows failed calls as not loaded, neutral, with Retry, never as a real £0.00', async () => {
    const { page, errors, context } = await app.newPage(1440);
    const failing = ['get-current-month-sales-total', 'get-monthly-sales'];
    for (const call of failing) {
      await page.route(`**/api/database/${call}/**`, (route) =>
        route.fulfill({ status: 503, json: { error: 'Service unavailable', code: 'internal_error' } }),
      );
    }
    await signInToTiles(page);
    const revenue = page.getByRole('region', { name: 'Monthly revenue', exact: true });
    await expect.poll(() => revenue.getAttribute('data-failed')).toBe('true');
    expect(await revenue.getAttribute('data-tone')).toBe('neutral');
    expect(await revenue.getByRole('status').textContent()).toContain('This figure could not be loaded.');
    const chart = page.getByRole('region', { name: 'Revenue', exact: true });
    expect(await chart.getByRole('status').textContent()).toContain('The monthly revenue could not be loaded.');
    // The other tiles are loaded and say nothing of the kind.
    expect(
      await page.getByRole('region', { name: 'Monthly expenses', exact: true }).getAttribute('data-failed'),
    ).toBeNull();
    await screenshot(page, 'dashboard-failed-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'dashboard-failed-390');

    for (const call of failing) await page.unroute(`**/api/database/${call}/**`);
    await revenue.getByRole('button', { name: 'Retry' }).click();
    const { value } = await apiAnswer<{ value: number }>(page, app.url, 'get-current-month-sales-total');
    await expect.poll(() => revenue.getByTestId('tile-value').textContent()).toBe(formatPounds(value));
    expect(await revenue.getAttribute('data-failed')).toBeNull();
    await expect.poll(() => chart.getByRole('img').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390px, a swipe on the Reports tabs scrolls the tabs and leaves the navigation drawer shut', async () => {
    const { page, errors, context } = await app.newPage(390);
    await signInToTiles(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawerSettled(page, true);
    await nav(page).getByRole('link', { name: 'Reports' }).click();
    await drawerSettled(page, false);
    const tabs = page.getByRole('tablist');
    await tabs.waitFor();
    expect(await page.title()).toBe('Reports · Brade');
    // The strip that scrolls sideways: the tab list's parent.
    const scroller = tabs.locator('xpath=..');
    const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeGreaterThan(0);

    const strip = await box(tabs);
    const y = strip.y + strip.height / 2;
    await touchSwipe(page, strip.x + strip.width - 20, -150, y);
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await touchSwipe(page, strip.x + 20, 150, y);
    await settled(page);
    expect(await nav(page).count()).toBe(0);
    await screenshot(page, 'reports-tabs-390');

    // Outside the tabs a right swipe still opens the drawer.
    await touchSwipe(page, 40, 120, strip.y + strip.height + 200);
    await drawerSettled(page, true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
