import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, screenshot, startApp } from './support/app.js';
import { signInThroughForm, signUpRosa } from './support/connect-owner.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.stop());

const createOwner = () => signUpRosa(app);
const signIn = signInThroughForm;

const goals = (page: Page) => page.getByRole('region', { name: 'Financial Goals' });
const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const slider = (page: Page, name: string) => goals(page).getByRole('slider', { name });
const alertText = (page: Page) => page.getByRole('alert').first().textContent();

async function press(page: Page, name: string, key: string, times: number): Promise<void> {
  await slider(page, name).focus();
  for (let i = 0; i < times; i += 1) await page.keyboard.press(key);
}

describe('Settings', () => {
  it('saves goals and notifications, and shows them after a reload', async () => {
    const email = await createOwner();
    const { page, errors } = await app.newPage(1440);
    await signIn(page, email);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/main-menu/settings');
    await expect.poll(() => slider(page, 'Margin goal').getAttribute('aria-valuenow')).toBe('8');
    expect(await slider(page, 'Revenue target').getAttribute('aria-valuetext')).toBe('£6,000');
    expect(await slider(page, 'Retention rate').getAttribute('aria-valuenow')).toBe('15');
    expect(await goals(page).getByText('Industry standard: 7-9%').isVisible()).toBe(true);
    expect(await goals(page).getByText('Industry standard: £6,000').isVisible()).toBe(true);
    expect(await goals(page).getByText('Industry standard: 10%-15%').isVisible()).toBe(true);
    expect(await goals(page).getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await notifications(page).getByRole('button', { name: 'Save' }).count()).toBe(0);
    const emailCard = page.locator('section', { hasText: 'Email Notifications' });
    expect(await emailCard.count()).toBe(1);
    expect(await emailCard.isVisible()).toBe(false);
    expect(await page.getByRole('region', { name: 'Integrations' }).count()).toBe(1);

    // Keyboard on the real sliders: margin 8 → 12, revenue £6,000 → £6,050, retention to its 30 % maximum.
    await press(page, 'Margin goal', 'ArrowRight', 4);
    await press(page, 'Revenue target', 'ArrowRight', 5);
    await press(page, 'Retention rate', 'End', 1);
    expect(await slider(page, 'Revenue target').getAttribute('aria-valuetext')).toBe('£6,050');
    await goals(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => alertText(page)).toBe('Financial goals saved successfully!');
    await expect.poll(() => goals(page).getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.mouse.move(0, 0);
    await screenshot(page, 'settings-1440');

    const monthly = notifications(page).getByRole('radiogroup', { name: 'Monthly Summary' });
    expect(await monthly.getByRole('radio', { name: 'Enable' }).isChecked()).toBe(true);
    await monthly.getByRole('radio', { name: 'Disable' }).check();
    await notifications(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Notification settings saved successfully!').count()).toBe(1);
    await expect.poll(() => notifications(page).getByRole('button', { name: 'Save' }).count()).toBe(0);

    await page.reload();
    await expect.poll(() => slider(page, 'Margin goal').getAttribute('aria-valuenow')).toBe('12');
    expect(await slider(page, 'Revenue target').getAttribute('aria-valuenow')).toBe('6050');
    expect(await slider(page, 'Retention rate').getAttribute('aria-valuenow')).toBe('30');
    const reloaded = notifications(page).getByRole('radiogroup', { name: 'Monthly Summary' });
    await expect.poll(() => reloaded.getByRole('radio', { name: 'Disable' }).isChecked()).toBe(true);
    expect(
      await notifications(page)
        .getByRole('radiogroup', { name: 'Action Required' })
        .getByRole('radio', { name: 'Enable' })
        .isChecked(),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  it('fits a 390px screen, with Save shown after a change', async () => {
    const email = await createOwner();
    const { page, errors } = await app.newPage(390);
    await signIn(page, email);
    await page.goto('/main-menu/settings');
    await expect.poll(() => slider(page, 'Margin goal').getAttribute('aria-valuenow')).toBe('8');
    await press(page, 'Margin goal', 'ArrowRight', 2);
    await goals(page).getByRole('button', { name: 'Save' }).waitFor();
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'settings-390');
    expect(errors).toEqual([]);
  });

  it("keeps the demo account's Settings link disabled, and the server refuses its goals", async () => {
    const { page } = await app.newPage(1440);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Use Test Account' }).click();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/main-menu/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByText('Settings').click({ force: true });
    expect(page.url()).toMatch(/\/main-menu\/dashboard$/);
    expect(await nav.getByRole('link', { name: 'Settings' }).getAttribute('aria-disabled')).toBe('true');

    // Opened by its address anyway, a save is refused with the server's sentence.
    await page.goto('/main-menu/settings');
    await expect.poll(() => slider(page, 'Margin goal').getAttribute('aria-valuenow')).not.toBeNull();
    await press(page, 'Margin goal', 'ArrowRight', 1);
    await goals(page).getByRole('button', { name: 'Save' }).click();
    // Beyond the spec: a refusal no retry can fix says so instead of 'Please try again'.
    const refusal = page.getByRole('alert').filter({ hasText: 'The demo account is read-only.' });
    await refusal.waitFor();
    expect(await refusal.textContent()).not.toContain('Please try again');
    expect(await page.getByRole('note').textContent()).toBe(
      'The demo account can look around, but its settings cannot be changed.',
    );
  });
});
