import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwnerEmail, type RunningApp, screenshot, startApp } from './support/app.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app?.stop());

const PASSWORD = 'Chignon2026';

describe('sign-up journey', () => {
  it('sign-up → code from the outbox → verify → business information → /link-your-pos', async () => {
    const { page, errors } = await app.newPage();
    const email = newOwnerEmail();
    await page.goto('/signup');
    await page.getByLabel('Full Name').waitFor({ timeout: 10_000 });
    await page.getByLabel('Full Name').fill('Chloe Baker');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/otp-confirmation');
    await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);
    const mail = await app.latestMail(email, /confirmation code/);
    const code = mail.text.match(/\b(\d{6})\b/)![1]!;

    // A wrong code first: the spec's message, and the page stays.
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 6; i++) await page.getByLabel(`Digit ${i + 1}`).fill(wrong[i]!);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid OTP. Please try again.');

    // Pasting six digits fills every box.
    await page.getByLabel('Digit 1').focus();
    await page.evaluate((digits) => {
      const data = new DataTransfer();
      data.setData('text/plain', digits);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code);
    for (let i = 0; i < 6; i++) expect(await page.getByLabel(`Digit ${i + 1}`).inputValue()).toBe(code[i]);
    await page.getByRole('button', { name: 'Verify OTP' }).click();

    await page.waitForURL('**/business-information');
    await page.getByLabel('Salon Name').waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('id'))).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByLabel('Salon Name').fill('Cut Above');
    await page.getByLabel('Business Address').fill('22 Deansgate, Manchester');
    await page.getByLabel('Postcode').fill('not a postcode');
    expect(await page.getByLabel('State').locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['England', 'Scotland', 'Wales', 'Northern Ireland']),
    );
    await page.getByLabel('State').selectOption('England');
    await page.getByLabel('Country').selectOption('United Kingdom');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText('Please enter a valid UK postcode').count()).toBeGreaterThan(0);
    await page.getByLabel('Postcode').fill('M3 4LZ');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/link-your-pos');
    await screenshot(page, 'link-your-pos-1440');
    const saved = await fetch(
      `${app.url}/api/database/get-user-details/${await page.evaluate(() => localStorage.getItem('id'))}`,
      {
        headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access_token'))}` },
      },
    ).then((r) => r.json());
    expect(saved).toMatchObject({
      salon_name: 'Cut Above',
      postcode: 'M3 4LZ',
      state: 'England',
      country: 'United Kingdom',
    });
    expect(errors).toEqual([]);
  });

  it('shows every sign-up validation message, in the spec order', async () => {
    const { page } = await app.newPage(390);
    await page.goto('/signup');
    await page.getByLabel('Full Name').waitFor({ timeout: 10_000 });
    const alert = () => page.getByRole('alert').textContent();
    const submit = () => page.getByRole('button', { name: 'Continue' }).click();

    await submit();
    await expect.poll(alert).toContain('Full Name is required');
    await page.getByLabel('Full Name').fill('Chloe Baker');
    await submit();
    await expect.poll(alert).toContain('Email is required');
    await page.getByLabel('Email').fill('chloe@');
    await submit();
    await expect.poll(alert).toContain('Please enter a valid email address');
    await page.getByLabel('Email').fill('chloe@salon-test.co.uk');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await submit();
    await expect.poll(alert).toContain('Password does not meet all requirements');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill('Fringe2027');
    await submit();
    await expect.poll(alert).toContain("Passwords don't match");
    await screenshot(page, 'signup-validation-390');
    expect(page.url()).toMatch(/\/signup$/);
  });
});
