import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwnerEmail, type RunningApp, screenshot, startApp } from './support/app.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ demo: false });
});
afterAll(() => app?.stop());

const PASSWORD = 'Chignon2026';

describe('sign-up journey', () => {
  it('sign-up → resend countdown → a retyped code → business information → no card provider → the dashboard', async () => {
    const { page, errors } = await app.newPage();
    // Playwright's clock: time runs as usual until the test moves it on.
    await page.clock.install();
    const email = newOwnerEmail();
    await page.goto('/signup');
    await page.getByLabel('Full Name').waitFor();
    await page.getByLabel('Full Name').fill('Chloe Baker');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/otp-confirmation');
    // The countdown's clock stands still while it is read, so a loaded machine cannot run the minute out first.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);
    const mail = await app.latestMail(email, /confirmation code/);
    const code = mail.text.match(/\b(\d{6})\b/)![1]!;

    // The minute after the sign-up's code counts down in the browser; then a new code can be asked for.
    const resend = page.getByRole('button', { name: /^Resend code/ });
    await expect.poll(() => resend.textContent()).toMatch(/^Resend code in (60|59|58) s$/);
    expect(await resend.isDisabled()).toBe(true);
    await screenshot(page, 'otp-countdown-1440');
    await page.clock.fastForward(60_000);
    await expect.poll(() => resend.textContent()).toBe('Resend code');
    const resent = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await resend.click();
    expect(await resent).toBe('A new OTP has been sent to your email.');
    await expect.poll(() => resend.textContent()).toMatch(/^Resend code in (60|59|58) s$/);
    await page.clock.resume();

    // A wrong code that shares every other digit with the right one, then the right one typed over it: the
    // boxes hold exactly what was typed (retyping a digit a box already shows used to shift the code).
    const wrong = [...code].map((digit, i) => (i % 2 === 0 ? digit : String((Number(digit) + 1) % 10))).join('');
    await page.getByLabel('Digit 1').click();
    await page.keyboard.type(wrong);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid OTP. Please try again.');
    await page.getByLabel('Digit 1').click();
    await page.keyboard.type(code);
    for (let i = 0; i < 6; i++) expect(await page.getByLabel(`Digit ${i + 1}`).inputValue()).toBe(code[i]);
    await page.getByRole('button', { name: 'Verify OTP' }).click();

    await page.waitForURL('**/business-information');
    await page.getByLabel('Salon Name').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('id'))).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByLabel('Salon Name').fill('Cut Above');
    await page.getByLabel('Business Address').fill('22 Deansgate, Manchester');
    await page.getByLabel('Postcode').fill('not a postcode');
    expect(await page.getByLabel('State').locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['England', 'Scotland', 'Wales', 'Northern Ireland']),
    );
    await page.getByLabel('State').selectOption('England');
    await page.getByLabel('Country').selectOption('United Kingdom');
    // Beyond the spec: the legal form, asked at onboarding (docs/finance.md, "Income Tax").
    await page.getByLabel('Legal form').selectOption('sole_trader');
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
      legal_form: 'sole_trader',
    });

    // No card provider: Continue stays disabled, the link goes on to the bank; skipping it says what is left.
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: "I don't take card payments here" }).click();
    await page.waitForURL('**/link-business-bank');
    await page.getByRole('option', { name: 'Mock ASPSP' }).waitFor({ state: 'attached' });
    await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'Mock ASPSP' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Link your business bank account', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL('**/account-created-success');
    await page.getByText('Still to link: your business bank account.').waitFor();
    await screenshot(page, 'account-created-still-to-link-1440');
    await page.waitForURL('**/main-menu/dashboard');
    await page.getByRole('region', { name: 'No figures yet' }).waitFor();
    expect(await page.title()).toBe('Overview · Brade');
    expect(errors).toEqual([]);
  });

  it('shows every sign-up validation message, in the spec order', async () => {
    const { page } = await app.newPage(390);
    await page.goto('/signup');
    await page.getByLabel('Full Name').waitFor();
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
