import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newOwnerEmail, type RunningApp, screenshot } from './app.js';

/** Support for the connect-flow browser tests: a fresh owner, its session in a page, and the API's own answers. */

export interface Owner {
  id: string;
  email: string;
  access_token: string;
  refresh_token: string;
}

export const OWNER_PASSWORD = 'Chignon2026';

async function post(app: RunningApp, path: string, body: unknown, token?: string) {
  const res = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

export interface BusinessDetails {
  salon_name: string;
  business_address: string;
  postcode: string;
}

const CUT_ABOVE: BusinessDetails = {
  salon_name: 'Cut Above',
  business_address: '22 Deansgate, Manchester',
  postcode: 'M3 4LZ',
};

/** Signs a new owner up through the API: sign-up, the code from the outbox, verification, business details. */
export async function signUpOwner(
  app: RunningApp,
  fullName = 'Chloe Baker',
  business: BusinessDetails = CUT_ABOVE,
): Promise<Owner> {
  const email = newOwnerEmail();
  await post(app, '/api/signup_user', { email, password: OWNER_PASSWORD, options: { data: { full_name: fullName } } });
  const mail = await app.latestMail(email, /confirmation code/);
  const token = mail.text.match(/\b(\d{6})\b/)![1]!;
  const session = (await post(app, '/api/verify_otp', { email, token })) as unknown as Omit<Owner, 'email'>;
  await post(
    app,
    '/api/record_business_information',
    {
      id: session.id,
      full_name: fullName,
      email,
      ...business,
      state: 'England',
      country: 'United Kingdom',
    },
    session.access_token,
  );
  return { ...session, email };
}

/** A page holding the owner's session in local storage, as sign-in leaves it. */
export async function openAsOwner(app: RunningApp, owner: Owner, width = 1440) {
  const opened = await app.newPage(width);
  await opened.page.goto('/login');
  await opened.page.evaluate((o) => {
    localStorage.setItem('id', o.id);
    localStorage.setItem('access_token', o.access_token);
    localStorage.setItem('refresh_token', o.refresh_token);
    localStorage.setItem('email', o.email);
    localStorage.setItem('fullName', 'Chloe Baker');
  }, owner);
  return opened;
}

/** GET an API call with the owner's token (the test's own session, separate from the page's). */
export async function apiGet<T>(app: RunningApp, owner: Owner, path: string): Promise<T> {
  const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${owner.access_token}` } });
  expect(res.status, `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

interface Summary {
  processor: string;
  status: string;
  last_sync: string | null;
  sync: { state: string; imported: number; last_error: string | null };
}

/** Waits until every named connection finished an import, and returns their summaries. */
export async function waitForImports(app: RunningApp, owner: Owner, processors: string[]): Promise<Summary[]> {
  let latest: Summary[] = [];
  await expect
    .poll(
      async () => {
        latest = (await apiGet<{ connections: Summary[] }>(app, owner, `/api/integrations/sync-status/${owner.id}`))
          .connections;
        return processors.every((p) =>
          latest.some((c) => c.processor === p && c.last_sync !== null && ['idle', 'waiting'].includes(c.sync.state)),
        );
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  return latest;
}

/**
 * Presses Connect on the page, catches the pop-up, answers the simulator's consent page (typing the owner's e-mail
 * where the page asks for a sandbox merchant) and waits for the pop-up to close itself.
 */
export async function connectInPopup(
  page: Page,
  context: BrowserContext,
  options: { decision: 'Approve' | 'Deny'; login?: string; screenshotAs?: string; connect?: () => Promise<void> },
): Promise<void> {
  const popupOpened = context.waitForEvent('page');
  await (options.connect ?? (() => page.getByRole('button', { name: 'Connect', exact: true }).click()))();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  const approve = popup.getByRole('button', { name: options.decision });
  await approve.waitFor({ timeout: 15_000 });
  // docs/product.md, "Constants and looks": a 600x600 pop-up.
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([600, 600]);
  const login = popup.getByLabel(/Sandbox merchant/);
  if (options.login && (await login.count()) > 0) await login.fill(options.login);
  if (options.screenshotAs) await screenshot(popup, options.screenshotAs);
  await approve.click();
  await closed;
}

const TILES = [
  { name: 'Monthly revenue', call: 'get-current-month-sales-total' },
  { name: 'Monthly expenses', call: 'get-current-month-expenses-total' },
  { name: 'Revenue per client', call: 'get-current-month-revenue-per-client' },
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The dashboard's three tiles read exactly what the ledger's calls answer; returns those answers. */
export async function expectDashboardMatchesLedger(
  app: RunningApp,
  owner: Owner,
  page: Page,
  format: (n: number) => string,
) {
  const values: Record<string, number> = {};
  for (const tile of TILES) {
    const answer = await apiGet<{ value: number }>(app, owner, `/api/database/${tile.call}/${owner.id}`);
    values[tile.call] = answer.value;
    const region = page.getByRole('region', { name: tile.name, exact: true });
    const shown = () => region.getByTestId('tile-value').textContent();
    await expect.poll(shown, { timeout: 15_000 }).toMatch(new RegExp(`^(${escapeRegExp(format(answer.value))}|—)$`));
    if ((await shown()) === '—') {
      // No card provider linked: revenue per client shows a dash and what would measure it, never a false £0.00.
      expect(tile.name).toBe('Revenue per client');
      expect(answer.value).toBe(0);
      expect(await region.getByTestId('tile-unmeasurable').textContent()).toBe(
        'Link a card provider to see revenue per client',
      );
    }
  }
  return values;
}

/** Records every window.open call's arguments in the page, so a test can read the pop-up's requested features. */
export async function recordWindowOpens(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const open = window.open.bind(window);
    const calls: unknown[][] = [];
    Object.defineProperty(window, '__windowOpens', { value: calls });
    window.open = (...args: Parameters<typeof window.open>) => {
      calls.push(args);
      return open(...args);
    };
  });
}

/** Rosa's salon in Leeds: the owner the Settings and Profile browser tests sign in as. Returns her e-mail. */
export async function signUpRosa(app: RunningApp): Promise<string> {
  const owner = await signUpOwner(app, 'Rosa Diaz', {
    salon_name: 'Rosa Hair Studio',
    business_address: '5 Park Row, Leeds',
    postcode: 'LS1 5HD',
  });
  return owner.email;
}

/** Signs in through the login form and waits for the dashboard. */
export async function signInThroughForm(page: Page, email: string, password = OWNER_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/main-menu/dashboard');
}
