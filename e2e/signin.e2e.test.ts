import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.stop());

describe('sign-in', () => {
  it('signs in with the test account and signs out again', async () => {
    const { page, errors } = await app.newPage();
    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Use Test Account' }).click();
    expect(await page.getByLabel('Email').inputValue()).toBe('demo@brade.app');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('Brade2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/main-menu/**');
    await expect.poll(() => page.getByText('Amelia Hart').count()).toBeGreaterThan(0);
    const stored = await page.evaluate(() => ({
      id: localStorage.getItem('id'),
      access: localStorage.getItem('access_token'),
      refresh: localStorage.getItem('refresh_token'),
      email: localStorage.getItem('email'),
    }));
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.access).toBeTruthy();
    expect(stored.email).toBe('demo@brade.app');

    // The navigation's Log out asks first, as Profile's Logout does.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    // The server ended the session: the old refresh token is dead.
    const refresh = await fetch(`${app.url}/api/refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: stored.refresh }),
    });
    expect(refresh.status).toBe(401);
    expect(errors).toEqual([]);
  });

  it('shows the error for a wrong password and stays on /login', async () => {
    const { page } = await app.newPage(390);
    await page.goto('/login');
    await page.getByLabel('Email').fill('demo@brade.app');
    await page.getByLabel('Password', { exact: true }).fill('WrongPass1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid email or password');
    expect(page.url()).toMatch(/\/login$/);
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
  });

  it('shows the generic error page for an unknown route', async () => {
    const { page } = await app.newPage();
    await page.goto('/no-such-page');
    await expect.poll(() => page.getByText('Unexpected Application Error!').count()).toBeGreaterThan(0);
  });
});
