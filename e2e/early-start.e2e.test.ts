import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.js';
import { signInWithTestAccount } from './support/demo-session.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.stop());

/**
 * The signed-in owner's session in a page of its own: signed in with the test account in one page, which is then
 * closed, so nothing it still asks is counted for the page opened next.
 */
async function signedInPage(): Promise<{ page: Page; errors: string[] }> {
  const { page: signIn, context } = await app.newPage(390);
  await signInWithTestAccount(signIn);
  const page = await context.newPage();
  await signIn.close();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, errors };
}

/** Every API call the page sends from now on, with the token it carried. */
function apiCallsOf(page: Page): Array<{ method: string; path: string; bearer: string | undefined }> {
  const calls: Array<{ method: string; path: string; bearer: string | undefined }> = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    calls.push({ method: request.method(), path: url.pathname, bearer: request.headers().authorization });
  });
  return calls;
}

const tiles = (page: Page) => page.getByRole('region', { name: 'Monthly revenue', exact: true }).waitFor();

describe('a signed-in page opened from its address (docs/architecture.md, "How a signed-in page starts")', () => {
  it("draws the splash, preloads the route's chunks and asks each first call of the Overview once, then shows it", async () => {
    const { page, errors } = await signedInPage();
    const calls = apiCallsOf(page);
    const html = await (await fetch(`${app.url}/main-menu/dashboard`)).text();
    // The splash is drawn by the HTML; a start script stands in for the entry.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/main-menu-start-[\w-]+\.js"><\/script>/);
    expect(html).toContain('role="status"');
    expect(html).not.toMatch(/<script type="module" crossorigin src="\/assets\/index-/);

    await page.goto('/main-menu/dashboard');
    await tiles(page);
    // The route's chunks were preloaded (by the start script, beside the entry; Vite's loader adds no second link).
    expect(await page.locator('link[rel="modulepreload"][href*="/assets/signed-in-"]').count()).toBe(1);
    const gets = calls.filter((c) => c.method === 'GET').map((c) => c.path);
    // The Overview's calls and the owner's details, each sent once: the app took the early answers.
    for (const call of [
      'get-user-details',
      'get-current-month-sales-total',
      'get-monthly-sales',
      'get-goal-progress',
      'sync-status',
    ]) {
      expect(
        gets.filter((p) => p.includes(`/${call}/`)),
        call,
      ).toHaveLength(1);
    }
    expect(new Set(gets.filter((p) => p.startsWith('/api/database/'))).size).toBe(
      gets.filter((p) => p.startsWith('/api/database/')).length,
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("asks Settings' first calls early, each once, the cards taking the early answers", async () => {
    const { page, errors } = await signedInPage();
    const calls = apiCallsOf(page);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto('/main-menu/settings');
    await page.getByRole('region', { name: 'Financial Goals' }).getByRole('slider').first().waitFor();
    await page.getByRole('region', { name: 'Integrations' }).waitFor();
    await page.waitForLoadState('networkidle');
    const gets = calls.filter((c) => c.method === 'GET').map((c) => c.path);
    for (const call of [
      'get-financial-goals',
      'get-notification-settings',
      'get-vat-settings',
      'get-access-tokens',
      'sync-status',
      '/api/hmrc/connection/',
      'choose-a-bank',
    ]) {
      expect(
        gets.filter((p) => p.includes(call)),
        call,
      ).toHaveLength(1);
      // Asked by the start script, before the page's own chunk (whose cards would ask them once run) was fetched.
      expect(
        asked.findIndex((p) => p.includes(call)),
        call,
      ).toBeLessThan(asked.findIndex((p) => /^\/assets\/settings-/.test(p)));
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('asks nothing for a signed-out visitor', async () => {
    const { page } = await app.newPage(390);
    const calls = apiCallsOf(page);
    await page.goto('/main-menu/dashboard');
    await page.waitForURL('**/login');
    expect(calls.filter((c) => c.path.startsWith('/api/database/'))).toEqual([]);
    await page.context().close();
  });

  it('with a tampered token, the early answers are not used: the app refreshes and asks again', async () => {
    const { page, errors } = await signedInPage();
    const calls = apiCallsOf(page);
    await page.goto('/favicon.svg');
    await page.evaluate(() => localStorage.setItem('access_token', 'tampered.token.value'));
    await page.goto('/main-menu/dashboard');
    await tiles(page);
    const sales = calls.filter((c) => c.path.includes('/get-current-month-sales-total/'));
    // Asked early with the tampered token (refused), then by the app once refreshed, with its new token.
    expect(sales[0]?.bearer).toBe('Bearer tampered.token.value');
    expect(sales.at(-1)?.bearer).toMatch(/^Bearer (?!tampered)/);
    expect(calls.some((c) => c.path === '/api/refresh_token')).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
