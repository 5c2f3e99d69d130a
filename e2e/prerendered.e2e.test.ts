import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.stop());

describe('the sign-in page rendered at build time (apps/web/prerender.mjs)', () => {
  it('shows the sign-in screen before any script runs, the same as the app then draws over it', async () => {
    const noScript = await app.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await noScript.newPage();
    await page.goto(`${app.url}/login`);
    const shell = page.locator('#root > [data-prerendered]');
    expect(await shell.count()).toBe(1);
    expect(await shell.getByText('Use Test Account').count()).toBe(1);
    expect(await page.title()).toBe('Sign in · Brade');
    // Its styles came with it: the page is laid out, not bare HTML.
    const box = await shell.locator('main').boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(600);
    const text = () => (document.querySelector('#root') as HTMLElement).innerText;
    const before = await page.evaluate(text);
    await noScript.close();

    const { page: live, errors } = await app.newPage(390);
    await live.goto('/login');
    // The app's own screen replaces the rendered one, saying the same, and works.
    await live.locator('[data-prerendered]').waitFor({ state: 'detached' });
    expect(await live.evaluate(text)).toBe(before);
    await live.getByRole('button', { name: 'Use Test Account' }).click();
    expect(await live.getByLabel('Email').inputValue()).toBe('demo@brade.app');
    await live.getByRole('button', { name: 'Login' }).click();
    await live.waitForURL('**/main-menu/**');
    expect(errors).toEqual([]);
  });
});
