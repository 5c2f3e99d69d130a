import { MESSAGES } from '@brade/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.stop());

/** The console's errors as the page reports them (React's hydration mismatches among them). */
function consoleErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Holds back the app's entry script until the returned function is called: the page stays as built. */
async function holdAppEntry(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('the sign-in page rendered at build time (apps/web/prerender.mjs)', () => {
  it('shows the sign-in screen before any script runs, with its styles in <head>', async () => {
    const noScript = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await noScript.newPage();
      await page.goto(`${app.url}/login`);
      expect(await page.locator('#root[data-prerendered]').count()).toBe(1);
      expect(await page.getByText('Use Test Account').count()).toBe(1);
      expect(await page.title()).toBe('Sign in · Brade');
      // Its styles came with it, gathered in <head>: the page is laid out, not bare HTML.
      expect(await page.locator('#root style').count()).toBe(0);
      expect(await page.locator('head style[data-emotion]').count()).toBeGreaterThan(0);
      const box = await page.locator('main').boundingBox();
      expect(box?.height ?? 0).toBeGreaterThan(600);
    } finally {
      await noScript.close();
    }
  });

  it('is hydrated without a mismatch, keeping what was typed before the app loaded, and then works', async () => {
    const { page, errors } = await app.newPage(390);
    const consoleErrors = consoleErrorsOf(page);
    // The app's entry is held back, so the owner types into the page as rendered at build time.
    const release = await holdAppEntry(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill('early@example.com');
    await page.getByLabel('Password', { exact: true }).fill('typed-early');
    // Enter sends nothing yet: a form the browser submitted itself would put the password in the address.
    await page.getByLabel('Password', { exact: true }).press('Enter');
    expect(new URL(page.url()).search).toBe('');
    await page.evaluate(() => {
      (window as unknown as { renderedMain: Element | null }).renderedMain = document.querySelector('main');
    });

    release();
    // Hydrated: Login becomes the form's submit button.
    await page.locator('button[type="submit"]').waitFor();
    // The same elements, not a page drawn again over them.
    expect(
      await page.evaluate(
        () => (window as unknown as { renderedMain: Element | null }).renderedMain === document.querySelector('main'),
      ),
    ).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe('early@example.com');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('typed-early');
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
    // The app holds the typed text too: a sign-in with it is turned down by the server, not for empty fields.
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText(MESSAGES.signin.invalid).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('early@example.com');

    await page.getByRole('button', { name: 'Use Test Account' }).click();
    expect(await page.getByLabel('Email').inputValue()).toBe('demo@brade.app');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/main-menu/**');
    expect(errors).toEqual([]);
  });

  it('draws the route the address shows when the owner stepped away from /login before the app started', async () => {
    const { page, errors } = await app.newPage(390);
    const consoleErrors = consoleErrorsOf(page);
    const release = await holdAppEntry(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByText('Use Test Account').waitFor();
    // A history step the page cannot see yet (as a back or forward within the site would be).
    await page.evaluate(() => window.history.pushState(null, '', '/forget-password'));
    release();
    await page.getByRole('button', { name: 'Reset Password' }).waitFor();
    expect(await page.getByText('Use Test Account').count()).toBe(0);
    // Drawn, not hydrated over the sign-in screen: React reports no mismatch.
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the splash screen in index.html (apps/web/prerender.mjs)', () => {
  it('shows before any script runs on every other page, and the app draws over it', async () => {
    const noScript = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await noScript.newPage();
      await page.goto(`${app.url}/main-menu/dashboard`);
      expect(await page.locator('#root[data-prerendered]').count()).toBe(0);
      expect(await page.getByRole('status').getByText('Loading').count()).toBe(1);
      expect(await page.getByRole('img', { name: 'Brade' }).count()).toBe(1);
      expect(await page.locator('head style[data-emotion]').count()).toBeGreaterThan(0);
    } finally {
      await noScript.close();
    }

    const { page, errors } = await app.newPage(390);
    const consoleErrors = consoleErrorsOf(page);
    const release = await holdAppEntry(page);
    await page.goto('/forget-password', { waitUntil: 'commit' });
    await page.getByRole('status').getByText('Loading').waitFor();
    release();
    await page.getByRole('button', { name: 'Reset Password' }).waitFor();
    expect(await page.getByRole('status').getByText('Loading').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    expect(errors).toEqual([]);
  });
});
