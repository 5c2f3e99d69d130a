import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwnerEmail, type RunningApp, screenshot, startApp } from './support/app.js';
import { OWNER_PASSWORD, signInThroughForm, signUpRosa } from './support/connect-owner.js';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ demo: false });
});
afterAll(() => app?.stop());

const createOwner = () => signUpRosa(app);
const signIn = signInThroughForm;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const section = (page: Page, name: string) => page.getByRole('region', { name });
const toggle = (page: Page, name: string, action: 'Edit' | 'Cancel') =>
  section(page, name)
    .getByRole('button', { name: `${action} ${name}` })
    .click();
const saveChanges = (page: Page) => page.getByRole('button', { name: 'Save changes' });
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Opens the profile the way an owner does: the profile card at the foot of the navigation. */
async function openProfile(page: Page): Promise<void> {
  await nav(page)
    .getByRole('link', { name: /View profile$/ })
    .click();
  await page.waitForURL('**/main-menu/profile');
  await section(page, 'Personal Information').waitFor();
}

/** A 900 x 600 JPEG drawn by the browser itself: a pink backdrop and a face-like circle. */
async function drawnJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 900;
    canvas.height = 600;
    const g = canvas.getContext('2d')!;
    const gradient = g.createLinearGradient(0, 0, 900, 600);
    gradient.addColorStop(0, '#F8BBD0');
    gradient.addColorStop(1, '#C2185B');
    g.fillStyle = gradient;
    g.fillRect(0, 0, 900, 600);
    g.fillStyle = '#FFE0B2';
    g.beginPath();
    g.arc(450, 300, 170, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#5B2246';
    g.beginPath();
    g.arc(390, 260, 22, 0, Math.PI * 2);
    g.arc(510, 260, 22, 0, Math.PI * 2);
    g.fill();
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

describe('Profile', () => {
  it('edits and cancels each section, saves name and business, and the shell follows', async () => {
    const email = await createOwner();
    const { page, errors } = await app.newPage(1440);
    await signIn(page, email);
    await openProfile(page);
    expect(await section(page, 'Personal Information').getByText(email).isVisible()).toBe(true);
    expect(await saveChanges(page).count()).toBe(0);

    // Each section: Edit, change, Cancel → the saved value is back and nothing was sent.
    await toggle(page, 'Personal Information', 'Edit');
    await page.getByLabel('Full Name').fill('Not Saved');
    await toggle(page, 'Personal Information', 'Cancel');
    expect(await section(page, 'Personal Information').getByText('Rosa Diaz').isVisible()).toBe(true);
    await toggle(page, 'Business Information', 'Edit');
    await page.getByLabel('Salon Name').fill('Not Saved Either');
    await toggle(page, 'Business Information', 'Cancel');
    expect(await section(page, 'Business Information').getByText('Rosa Hair Studio').isVisible()).toBe(true);
    await toggle(page, 'Change Password', 'Edit');
    await page.getByLabel('New Password', { exact: true }).fill('Whatever12');
    await toggle(page, 'Change Password', 'Cancel');
    expect(await page.getByLabel('New Password', { exact: true }).count()).toBe(0);
    expect(await saveChanges(page).count()).toBe(0);

    // Two sections saved with one 'Save changes'.
    await toggle(page, 'Personal Information', 'Edit');
    await page.getByLabel('Full Name').fill('Rosa Diaz-Lopez');
    await toggle(page, 'Business Information', 'Edit');
    await page.getByLabel('Salon Name').fill('Rosa & Co');
    await page.getByLabel('Postcode').fill('ls15hd');
    await saveChanges(page).click();
    await alertWith(page, 'Personal information updated successfully').waitFor();
    await alertWith(page, 'Business information updated successfully').waitFor();
    await expect.poll(() => saveChanges(page).count()).toBe(0);
    // userDetailsUpdated: the navigation's profile card shows the new name without a reload.
    await expect.poll(() => nav(page).getByText('Rosa Diaz-Lopez').count()).toBe(1);

    await page.reload();
    await section(page, 'Business Information').getByText('Rosa & Co').waitFor();
    expect(await section(page, 'Business Information').getByText('LS1 5HD').isVisible()).toBe(true);
    expect(await section(page, 'Personal Information').getByText('Rosa Diaz-Lopez').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('changes the e-mail through the confirmation link, then the password, and signs in with both', async () => {
    const email = await createOwner();
    const next = newOwnerEmail();
    const { page, errors } = await app.newPage(1440);
    await signIn(page, email);
    await openProfile(page);

    await toggle(page, 'Personal Information', 'Edit');
    await page.getByLabel('Email').fill(next);
    await saveChanges(page).click();
    await alertWith(page, 'Please check your inbox to confirm your new email address').waitFor();
    // Nothing changes until the link is followed.
    expect(await section(page, 'Personal Information').getByText(email, { exact: true }).isVisible()).toBe(true);
    expect((await app.latestMail(email, /change of your Brade e-mail address was requested/)).text).toContain(next);

    const mail = await app.latestMail(next, /Confirm your new Brade e-mail address/);
    const link = mail.text.match(/https?:\/\/\S+confirm-email-change\?token=\S+/)![0];
    await page.goto(link);
    await page.waitForURL('**/main-menu/profile');
    await alertWith(page, 'Your e-mail address has been changed.').waitFor();
    await section(page, 'Personal Information').getByText(next, { exact: true }).waitFor();
    expect((await app.latestMail(email, /e-mail address was changed/)).text).toContain(next);

    // A mismatch first: the spec's sentence, and nothing is sent.
    await toggle(page, 'Change Password', 'Edit');
    await page.getByLabel('Current Password', { exact: true }).fill(OWNER_PASSWORD);
    await page.getByLabel('New Password', { exact: true }).fill('Balayage77');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Balayage78');
    await saveChanges(page).click();
    await alertWith(page, 'Passwords do not match').waitFor();
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Balayage77');
    await screenshot(page, 'profile-change-password-1440');
    // A wrong current password is refused with its reason, and the section resets.
    await page.getByLabel('Current Password', { exact: true }).fill('NotMine2026');
    await saveChanges(page).click();
    await alertWith(page, 'Your current password is not correct.').waitFor();
    await toggle(page, 'Change Password', 'Edit');
    await page.getByLabel('Current Password', { exact: true }).fill(OWNER_PASSWORD);
    await page.getByLabel('New Password', { exact: true }).fill('Balayage77');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Balayage77');
    await saveChanges(page).click();
    await alertWith(page, 'Password updated successfully').waitFor();
    expect((await app.latestMail(next, /password was changed/)).subject).toBe('Your Brade password was changed');

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Balayage77');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid email or password');
    await signIn(page, next, 'Balayage77');
    expect(errors).toEqual([]);
  });

  it("uploads a photo and shows it in the navigation's profile card", async () => {
    const email = await createOwner();
    const { page, errors } = await app.newPage(1440);
    await signIn(page, email);
    await openProfile(page);
    const jpeg = await drawnJpeg(page);
    await page.getByLabel('Change photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await alertWith(page, 'Profile photo updated').waitFor();

    const cardPhoto = nav(page)
      .getByRole('link', { name: /View profile$/ })
      .locator('img');
    await expect.poll(() => cardPhoto.getAttribute('src')).toMatch(/^\/api\/profile-photos\/[A-Za-z0-9_-]{43}\.webp$/);
    await expect.poll(() => cardPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
    const src = (await cardPhoto.getAttribute('src'))!;
    const served = await fetch(app.url + src);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    await page.getByRole('img', { name: 'Profile photo of Rosa Diaz' }).waitFor();

    // A renamed text file is refused with the server's sentence.
    await page
      .getByLabel('Change photo')
      .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') });
    await alertWith(page, 'Please choose a JPEG, PNG or WebP image.').waitFor();
    expect(await cardPhoto.getAttribute('src')).toBe(src);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300); // the alerts' entry animation
    await screenshot(page, 'profile-1440');
    expect(errors).toEqual([]);
  });

  it('logs out only after the confirmation', async () => {
    const email = await createOwner();
    const { page, errors } = await app.newPage(1440);
    await signIn(page, email);
    await openProfile(page);
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/main-menu\/profile$/);

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto('/main-menu/profile');
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
  });

  it('fits a 390px screen, read-only and while editing', async () => {
    const email = await createOwner();
    const { page, errors } = await app.newPage(390);
    await signIn(page, email);
    await page.goto('/main-menu/profile');
    await section(page, 'Personal Information').getByText('Rosa Diaz').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'profile-390');

    await toggle(page, 'Business Information', 'Edit');
    await page.getByLabel('Postcode').fill('LS1 5HD');
    await saveChanges(page).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A window as tall as the page, so the sticky top bar and 'Save changes' sit where they belong in the picture.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: 390, height });
    await screenshot(page, 'profile-editing-390');
    expect(errors).toEqual([]);
  });
});
