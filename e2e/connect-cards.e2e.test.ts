import path from 'node:path';
import { formatPounds } from '@brade/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, SCREENSHOTS, screenshot, settled, startApp } from './support/app.js';
import {
  apiGet,
  connectInPopup,
  expectDashboardMatchesLedger,
  openAsOwner,
  recordWindowOpens,
  signUpOwner,
  waitForImports,
} from './support/connect-owner.js';

/** Chunks load, pop-ups close and the API answers on a busy machine: allow for it. */

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ demo: false });
});
afterAll(() => app?.stop());

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
const savedQueue = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('onboarding_state') ?? 'null') as { posQueue: string[] }).posQueue,
  );
const cardStatus = (page: Page, name: string) =>
  page.getByRole('region', { name, exact: true }).getByTestId('integration-status').textContent();

/** A page on another origin that tells its opener "Square connected", as a hostile site could. */
const EVIL_ORIGIN = 'http://evil.example';
const EVIL_PAGE = `<!doctype html><title>evil</title><script>
  window.opener.postMessage({ type: 'SQUARE_CONNECT_SUCCESS', processor: 'square' }, '*');
  new BroadcastChannel('brade-connect').postMessage({ type: 'SQUARE_CONNECT_SUCCESS', processor: 'square' });
  // Messages from one window arrive in order: once the opener has this one, it has handled the claim.
  window.opener.postMessage('evil-done', '*');
  document.title = 'sent';
</script>`;

describe('connecting the card providers', () => {
  it('links Stripe, Square and SumUp through their consent pop-ups, and the dashboard shows what the ledger says', async () => {
    const owner = await signUpOwner(app);
    const { page, context, errors } = await openAsOwner(app, owner, 1440);
    await recordWindowOpens(context);
    await context.route(`${EVIL_ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: EVIL_PAGE }));

    await page.goto('/link-your-pos');
    for (const name of [/Stripe/, /Square/, /SumUp/]) await page.getByRole('checkbox', { name }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/queued-pos-links');
    await expect.poll(() => heading(page)).toBe('Link your Stripe account');
    expect(await page.getByText('Step 1 of 3').count()).toBe(1);
    await screenshot(page, 'queued-pos-links-1440');

    // Deny at Stripe: the spec's message, and the step stays.
    await connectInPopup(page, context, { decision: 'Deny', login: owner.email, screenshotAs: 'consent-stripe-popup' });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Failed to connect. Please try again.');
    expect(await heading(page)).toBe('Link your Stripe account');
    await screenshot(page, 'queued-pos-links-denied-1440');

    await connectInPopup(page, context, { decision: 'Approve', login: owner.email });
    await expect.poll(() => heading(page)).toBe('Link your Square account');
    expect(await page.getByRole('alert').count()).toBe(0);
    const opens = await page.evaluate(() => (window as unknown as { __windowOpens: unknown[][] }).__windowOpens);
    expect(opens.length).toBeGreaterThan(0);
    for (const [url, name, features] of opens) {
      expect(url).toBe('');
      expect(name).toBe('brade-connect');
      expect(features).toMatch(/width=600,height=600,left=\d+,top=\d+/);
    }

    // While Square's pop-up is open, a page on another origin claims success: nothing changes.
    const squarePopup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const popup = await squarePopup;
    await popup.getByRole('button', { name: 'Approve' }).waitFor();
    await screenshot(popup, 'consent-square-popup');
    const evilOpened = context.waitForEvent('page');
    await page.evaluate(() =>
      window.addEventListener('message', (event) => {
        if (event.data === 'evil-done') (window as unknown as { evilDone: boolean }).evilDone = true;
      }),
    );
    await page.evaluate((url) => void window.open(url, 'evil'), `${EVIL_ORIGIN}/claim`);
    const evil = await evilOpened;
    await page.waitForFunction(() => (window as unknown as { evilDone?: boolean }).evilDone === true);
    await settled(page);
    expect(await heading(page)).toBe('Link your Square account');
    expect(await savedQueue(page)).toEqual(['square', 'sumup']);
    await evil.close();

    const squareClosed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Approve' }).click();
    await squareClosed;
    await expect.poll(() => heading(page)).toBe('Link your SumUp account');

    await connectInPopup(page, context, { decision: 'Approve', screenshotAs: 'consent-sumup-popup' });
    await page.waitForURL('**/link-business-bank');
    await page.getByRole('option', { name: 'Mock ASPSP' }).waitFor({ state: 'attached' });
    await screenshot(page, 'link-business-bank-1440');

    // No bank for this owner: queue it, then skip it.
    await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'Mock ASPSP' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => heading(page)).toBe('Link your business bank account');
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL('**/account-created-success');
    // The bank is still to link: the screen says so, and opens the dashboard as it promises.
    await page.getByText('Still to link: your business bank account.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('onboarding_state'))).toBeNull();

    // A first import in progress: the sync status is held at "running" for Stripe while the page is looked at.
    await page.route('**/api/integrations/sync-status/**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { connections: Array<{ processor: string; sync: object }> };
      for (const c of body.connections)
        if (c.processor === 'stripe') c.sync = { ...c.sync, state: 'running', imported: 42 };
      await route.fulfill({ response, json: body });
    });
    await page.waitForURL('**/main-menu/dashboard');
    const progress = page.getByRole('status', { name: 'Import in progress' });
    await expect.poll(() => progress.textContent()).toContain('Stripe: 42 transactions so far');
    expect(await page.getByRole('region', { name: 'No figures yet' }).count()).toBe(0);
    // Cards but no bank: the expenses are card fees only, with the way to link the bank.
    const expensesTile = page.getByRole('region', { name: 'Monthly expenses', exact: true });
    await expect
      .poll(() => expensesTile.getByTestId('tile-note').textContent())
      .toBe('Card fees only: no bank is linked yet. Link your bank');
    await screenshot(page, 'dashboard-importing-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'dashboard-importing-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    // A sync-status call still in the handler finishes there, rather than being answered twice.
    await page.unrouteAll({ behavior: 'wait' });

    const imported = await waitForImports(app, owner, ['stripe', 'square', 'sumup']);
    for (const connection of imported) {
      expect(connection).toMatchObject({ status: 'connected', sync: { last_error: null } });
      expect(connection.sync.imported).toBeGreaterThan(0);
    }
    await page.reload();
    const figures = await expectDashboardMatchesLedger(app, owner, page, formatPounds);
    expect(figures['get-current-month-sales-total']).toBeGreaterThan(0);
    await screenshot(page, 'dashboard-after-connect-1440');

    // Settings → Integrations: the three are connected; Disconnect turns Square to Not connected.
    await page.goto('/main-menu/settings');
    await expect.poll(() => cardStatus(page, 'Stripe')).toBe('Connected');
    expect(await cardStatus(page, 'Square')).toBe('Connected');
    expect(await cardStatus(page, 'SumUp')).toBe('Connected');
    expect(await cardStatus(page, 'Business Account')).toBe('Not connected');
    expect(await page.getByRole('region', { name: 'Stripe', exact: true }).getByText('Sandbox').count()).toBe(1);
    expect(
      await page
        .getByRole('region', { name: 'Stripe', exact: true })
        .getByText(/^Last synced /)
        .count(),
    ).toBe(1);
    await page.getByRole('region', { name: 'Integrations', exact: true }).screenshot({
      path: path.join(SCREENSHOTS, 'settings-integrations-1440.png'),
    });

    await page.getByRole('region', { name: 'Square', exact: true }).getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => cardStatus(page, 'Square')).toBe('Not connected');
    const tokens = await apiGet<{ sales_access_tokens: Record<string, { status: string }> }>(
      app,
      owner,
      `/api/database/get-access-tokens/${owner.id}`,
    );
    expect(tokens.sales_access_tokens.square?.status).toBe('disconnected');
    expect(tokens.sales_access_tokens.stripe?.status).toBe('connected');

    // And back again from Settings, through the same pop-up.
    await connectInPopup(page, context, {
      decision: 'Approve',
      login: owner.email,
      connect: () =>
        page.getByRole('region', { name: 'Square', exact: true }).getByRole('button', { name: 'Connect' }).click(),
    });
    await expect.poll(() => cardStatus(page, 'Square')).toBe('Connected');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('falls back to a full-page redirect when pop-ups are blocked: Stripe then shows the success page and the dashboard', async () => {
    const owner = await signUpOwner(app);
    const { page, context, errors } = await openAsOwner(app, owner, 390);
    await context.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/link-your-pos');
    await page.getByRole('checkbox', { name: /Stripe/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => heading(page)).toBe('Link your Stripe account');
    await screenshot(page, 'queued-pos-links-390');

    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.waitForURL('**/sandbox/stripe/**');
    await page.getByLabel(/Sandbox merchant/).fill(owner.email);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL('**/stripe-redirect');
    await page.getByRole('heading', { name: 'Account Created Successfully!' }).waitFor();
    expect(await page.getByText('You will be redirected to your dashboard shortly.').count()).toBe(1);
    expect(page.url()).not.toContain('code=');
    await screenshot(page, 'stripe-redirect-success-390');
    await page.waitForURL('**/main-menu/dashboard');

    const [stripe] = await waitForImports(app, owner, ['stripe']);
    expect(stripe).toMatchObject({ processor: 'stripe', status: 'connected' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
