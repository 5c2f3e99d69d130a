import { readFile } from 'node:fs/promises';
import { formatPounds } from '@brade/contract';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwnerEmail, type RunningApp, screenshot, startApp } from './support/app.js';
import {
  apiGet,
  connectInPopup,
  OWNER_PASSWORD,
  type Owner,
  openAsOwner,
  waitForImports,
} from './support/connect-owner.js';

/** VAT (beyond the spec; docs/finance.md, "VAT"): the onboarding question, the Settings card, the tiles, the VAT tab. */
let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ demo: false });
});
afterAll(() => app?.stop());

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `POST ${path}`).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** Signed up and verified through the API, the business details still to give (on /business-information). */
async function newOwner(): Promise<Owner> {
  const email = newOwnerEmail();
  await post('/api/signup_user', { email, password: OWNER_PASSWORD, options: { data: { full_name: 'Chloe Baker' } } });
  const mail = await app.latestMail(email, /confirmation code/);
  const token = mail.text.match(/\b(\d{6})\b/)![1]!;
  const session = (await post('/api/verify_otp', { email, token })) as unknown as Omit<Owner, 'email'>;
  return { ...session, email };
}

const tileValue = (page: Page) =>
  page.getByRole('region', { name: 'Monthly revenue', exact: true }).getByTestId('tile-value').textContent();

describe('VAT', () => {
  it('is asked at onboarding, changes the tiles from Settings, and has a VAT tab whose PDF downloads', async () => {
    const owner = await newOwner();
    const { page, context, errors } = await openAsOwner(app, owner, 1440);

    // The spec's fields, then the VAT question: the standard scheme from 1 April 2020.
    await page.goto('/business-information');
    await page.getByLabel('Salon Name').waitFor();
    await page.getByLabel('Salon Name').fill('Cut Above');
    await page.getByLabel('Business Address').fill('22 Deansgate, Manchester');
    await page.getByLabel('Postcode').fill('M3 4LZ');
    await page.getByLabel('State').selectOption('England');
    await page.getByLabel('Legal form').selectOption('limited_company');
    expect(await page.getByRole('radio', { name: 'Not registered' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Standard scheme' }).check();
    await page.getByLabel('Registration took effect on').fill('2020-04-01');
    await screenshot(page, 'vat-onboarding-1440');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/link-your-pos');
    const saved = await apiGet<{ vat_settings: { scheme: string } }>(
      app,
      owner,
      `/api/database/get-vat-settings/${owner.id}`,
    );
    expect(saved.vat_settings.scheme).toBe('standard');

    // Two months of Stripe sales.
    await page.getByRole('checkbox', { name: /Stripe/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/queued-pos-links');
    await connectInPopup(page, context, { decision: 'Approve', login: owner.email });
    await waitForImports(app, owner, ['stripe']);

    const revenue = () =>
      apiGet<{ value: number }>(app, owner, `/api/database/get-current-month-sales-total/${owner.id}`);
    await page.goto('/main-menu/dashboard');
    const net = (await revenue()).value;
    await expect.poll(() => tileValue(page)).toBe(formatPounds(net));

    // Settings → VAT: Not registered, saved; the tile now shows the takings gross.
    await page.goto('/main-menu/settings');
    const card = page.getByRole('region', { name: 'VAT', exact: true });
    await card.getByRole('radio', { name: 'Standard scheme' }).waitFor();
    expect(await card.getByRole('radio', { name: 'Standard scheme' }).isChecked()).toBe(true);
    await card.getByRole('radio', { name: 'Not registered' }).check();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('VAT settings saved successfully!').count()).toBe(1);
    await screenshot(page, 'vat-settings-1440');
    const gross = (await revenue()).value;
    expect(gross).toBeGreaterThan(net);
    await page.goto('/main-menu/dashboard');
    await expect.poll(() => tileValue(page)).toBe(formatPounds(gross));
    expect(errors).toEqual([]);
    await context.close();

    // The VAT tab at 390px: this month's view against the threshold, its PDF downloaded.
    const narrow = await openAsOwner(app, owner, 390);
    await narrow.page.goto('/main-menu/reports');
    await narrow.page.getByRole('tab', { name: 'VAT' }).click();
    const list = narrow.page.getByRole('list', { name: 'VAT months' });
    await list.waitFor();
    await screenshot(narrow.page, 'vat-tab-390');
    const [download] = await Promise.all([
      narrow.page.waitForEvent('download'),
      list.getByRole('listitem').first().getByRole('button', { name: 'View PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^vat_report_[a-z]+\.pdf$/);
    const bytes = new Uint8Array(await readFile((await download.path())!));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('Taxable turnover, last 12 months');
    expect(text.replace(/\s+/g, ' ')).toContain(formatPounds(90_000));
    expect(narrow.errors).toEqual([]);
    await narrow.context.close();
  });
});
