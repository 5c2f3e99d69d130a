import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwnerEmail, type RunningApp, screenshot, startApp } from './support/app.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ demo: false });
});
afterAll(() => app?.stop());

async function createConfirmedOwner(email: string, password: string): Promise<void> {
  const post = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/signup_user', { email, password, options: { data: { full_name: 'Rosa Diaz' } } });
  const code = (await app.latestMail(email, /confirmation code/)).text.match(/\b(\d{6})\b/)![1];
  const res = await post('/api/verify_otp', { email, token: code });
  if (!res.ok) throw new Error('could not confirm the owner');
}

describe('password reset', () => {
  it('forgot password → link from the outbox → new password → sign-in with it', async () => {
    const email = newOwnerEmail();
    await createConfirmedOwner(email, 'Chignon2026');
    const { page, errors } = await app.newPage();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forget-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect
      .poll(() => page.getByText("We've sent you an email with instructions to reset your password.").count())
      .toBeGreaterThan(0);

    const mail = await app.latestMail(email, /Reset your Brade password/);
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    await page.goto(link);
    await page.waitForURL('**/set-new-password');
    // The tokens were read and wiped from the address bar.
    expect(new URL(page.url()).hash).toBe('');
    await page.getByLabel('New Password', { exact: true }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('Balayage88');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Balayage88');
    await screenshot(page, 'set-new-password-filled-1440');
    await page
      .getByRole('button', { name: /set|reset|change|save|update/i })
      .first()
      .click();
    await expect.poll(() => page.getByText('Password changed successfully.').count()).toBeGreaterThan(0);
    await page.waitForURL('**/login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Balayage88');
    await page.getByRole('button', { name: 'Login' }).click();
    // Signed in with the new password; this owner never gave business details, so sign-in leads there first.
    await page.waitForURL('**/business-information');
    expect((await app.latestMail(email, /password was changed/)).subject).toBe('Your Brade password was changed');
    expect(errors).toEqual([]);
  });

  it('an opened link lands on /set-new-password whatever redirect_to asked, and cannot be used twice', async () => {
    const email = newOwnerEmail();
    await createConfirmedOwner(email, 'Chignon2026');
    // A same-origin page that redirects onwards would carry the tokens in the fragment to another site.
    const hostile = `${app.url}/sandbox/stripe/oauth/authorize?redirect_uri=${encodeURIComponent('https://evil.example/')}`;
    await fetch(`${app.url}/api/request_password_reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, redirect_to: hostile }),
    });
    const link = (await app.latestMail(email, /Reset your Brade password/)).text.match(/https?:\/\/\S+/)![0];
    const { page } = await app.newPage();
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/set-new-password');
    const second = await app.newPage();
    await second.page.goto(link);
    await expect
      .poll(() =>
        second.page.getByText('Invalid authentication tokens. Please try the password reset process again.').count(),
      )
      .toBeGreaterThan(0);
  });
});
