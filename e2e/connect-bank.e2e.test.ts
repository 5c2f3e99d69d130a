import { formatPounds } from '@brade/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, screenshot, startApp } from './support/app.js';
import {
  apiGet,
  connectInPopup,
  expectDashboardMatchesLedger,
  openAsOwner,
  signUpOwner,
  waitForImports,
} from './support/connect-owner.js';

/** Chunks load, pop-ups close and the API answers on a busy machine: allow for it. */
const SOON = { timeout: 15_000 };

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ demo: false });
});
afterAll(() => app?.stop());

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
const cardStatus = (page: Page, name: string) =>
  page.getByRole('region', { name, exact: true }).getByTestId('integration-status').textContent();

describe('linking the business bank account', () => {
  it('links the sandbox bank through Enable Banking during onboarding; Deny shows the error; the expenses come from the ledger and cash in the bank shows', async () => {
    const owner = await signUpOwner(app);
    const { page, context, errors } = await openAsOwner(app, owner, 390);

    await page.goto('/link-your-pos');
    await page.getByRole('checkbox', { name: /Square/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => heading(page), SOON).toBe('Link your Square account');
    await page.getByRole('button', { name: 'Skip' }).click();

    await page.waitForURL('**/link-business-bank');
    const proceed = page.getByRole('button', { name: 'Continue' });
    await page.getByRole('option', { name: 'Mock ASPSP' }).waitFor({ state: 'attached' });
    // The sandbox bank is listed first, and nothing is chosen yet.
    const options = await page.getByLabel('Bank', { exact: true }).locator('option').allTextContents();
    expect(options[1]).toBe('Mock ASPSP');
    expect(await proceed.isDisabled()).toBe(true);
    expect(await page.getByText('Please select a bank before proceeding.').count()).toBe(1);
    await screenshot(page, 'link-business-bank-390');
    await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'Mock ASPSP' });
    await proceed.click();

    await expect.poll(() => heading(page), SOON).toBe('Link your business bank account');
    await connectInPopup(page, context, { decision: 'Deny', screenshotAs: 'consent-bank-popup' });
    await expect.poll(() => page.getByRole('alert').textContent(), SOON).toBe('Failed to connect. Please try again.');
    expect(await heading(page)).toBe('Link your business bank account');

    await connectInPopup(page, context, { decision: 'Approve' });
    await page.waitForURL('**/account-created-success');
    await page.getByRole('heading', { name: 'Account Created Successfully!' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('requisistion_id'))).toBeTruthy();
    // Square was chosen but skipped: the screen says it is still to link, and opens the dashboard as it promises.
    await page.getByText('Still to link: Square.').waitFor(SOON);
    await screenshot(page, 'account-created-success-390');
    await page.waitForURL('**/main-menu/dashboard', { timeout: 20_000 });

    const [bank] = await waitForImports(app, owner, ['gocardless']);
    expect(bank).toMatchObject({ processor: 'gocardless', status: 'connected', sync: { last_error: null } });
    expect(bank!.sync.imported).toBeGreaterThan(0);
    const monthly = await apiGet<{ monthly_expenses: Array<{ amount: number }> }>(
      app,
      owner,
      `/api/database/get-monthly-expenses/${owner.id}`,
    );
    expect(monthly.monthly_expenses.reduce((sum, month) => sum + month.amount, 0)).toBeGreaterThan(0);
    await page.reload();
    await expectDashboardMatchesLedger(app, owner, page, formatPounds);
    const { cash_in_the_bank: cash } = await apiGet<{ cash_in_the_bank: { booked: number; available: number } }>(
      app,
      owner,
      `/api/database/get-cash-in-the-bank/${owner.id}`,
    );
    const cashRegion = page.getByRole('region', { name: 'Cash in the bank', exact: true });
    await expect.poll(() => cashRegion.getByTestId('cash-booked').textContent(), SOON).toBe(formatPounds(cash.booked));
    expect(await cashRegion.getByTestId('cash-available').textContent()).toBe(
      `Available ${formatPounds(cash.available)}`,
    );
    expect(await cashRegion.getByTestId('cash-read').textContent()).toMatch(/^Read from your bank today at \d\d:\d\d$/);
    await page.waitForTimeout(800);
    await screenshot(page, 'dashboard-cash-390');
    const wide = await openAsOwner(app, owner, 1440);
    await wide.page.goto('/main-menu/dashboard');
    await wide.page.getByRole('region', { name: 'Cash in the bank', exact: true }).waitFor();
    await wide.page.waitForTimeout(800);
    await screenshot(wide.page, 'dashboard-cash-1440');
    await wide.context.close();

    await page.goto('/main-menu/settings');
    await expect.poll(() => cardStatus(page, 'Business Account'), SOON).toBe('Connected');
    const bankCard = page.getByRole('region', { name: 'Business Account', exact: true });
    // The bank select names the connected bank and stays fixed while connected.
    await expect.poll(() => bankCard.getByLabel('Bank', { exact: true }).inputValue(), SOON).toBe('GB:Mock ASPSP');
    expect(await bankCard.getByLabel('Bank', { exact: true }).isDisabled()).toBe(true);
    expect(await bankCard.getByText(/^Bank access until /).count()).toBe(1);
    expect(await cardStatus(page, 'Square')).toBe('Not connected');
    await screenshot(page, 'settings-integrations-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await bankCard.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => cardStatus(page, 'Business Account'), SOON).toBe('Not connected');

    // Connect without a bank chosen: the Settings message.
    await bankCard.getByRole('button', { name: 'Connect' }).click();
    await expect
      .poll(() => bankCard.getByRole('alert').textContent(), SOON)
      .toBe('Please select the bank you wish to connect.');

    // After onboarding, /link-your-pos-account offers the same cards outside the main menu.
    await page.goto('/link-your-pos-account');
    const again = page.getByRole('region', { name: 'Business Account', exact: true });
    await expect.poll(() => again.getByTestId('integration-status').textContent(), SOON).toBe('Not connected');
    expect(await page.getByRole('link', { name: 'Go to my dashboard' }).getAttribute('href')).toBe('/main-menu');
    await screenshot(page, 'link-your-pos-account-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
