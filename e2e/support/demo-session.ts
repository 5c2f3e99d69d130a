import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The sign-in journey a visitor takes: 'Use Test Account', Login, and the Overview opens. */
export async function signInWithTestAccount(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Use Test Account' }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/main-menu/dashboard');
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}

/**
 * The API's own answer to `/api/database/{call}/{id}`, asked with the page's session: a GET, or a POST of `body`.
 * Tests compare what the screen shows with it.
 */
export async function apiAnswer<T>(page: Page, appUrl: string, call: string, body?: unknown): Promise<T> {
  const session = await page.evaluate(() => ({
    id: localStorage.getItem('id'),
    token: localStorage.getItem('access_token'),
  }));
  const method = body === undefined ? 'GET' : 'POST';
  const response = await fetch(`${appUrl}/api/database/${call}/${session.id}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${call}`).toBe(200);
  return (await response.json()) as T;
}
