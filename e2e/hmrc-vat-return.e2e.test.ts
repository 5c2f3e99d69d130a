import { addMonths, londonDateOf, monthOf, VAT_DECLARATION } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, screenshot, startApp } from './support/app.js';
import { apiGet, connectInPopup, openAsOwner, signUpOwner, waitForImports } from './support/connect-owner.js';

/**
 * Filing a VAT return with HMRC from Brade (beyond the spec; docs/hmrc.md): connect HMRC in the sandbox, open the VAT
 * return from the VAT view, see the boxes, tick the declaration, submit, see the receipt and the period filed.
 *
 * The app sits behind one proxy (TRUST_PROXY=1) that forwards the browser's public address and port, as in
 * production; HMRC's simulator refuses any call whose fraud-prevention headers have an error, so the journey also
 * proves every header the browser and the server put together is complete and valid.
 */
let app: RunningApp;
beforeAll(async () => {
  app = await startApp({
    demo: false,
    env: {
      TRUST_PROXY: '1',
      ALLOW_SANDBOX: 'true',
      DEV_MAILBOX: 'true',
      SANDBOX_HMRC_FRAUD_HEADERS: 'enforce',
      HMRC_VENDOR_PUBLIC_IP: '203.0.113.6',
    },
  });
});
afterAll(() => app?.stop());

const FORWARDED = { 'x-forwarded-for': '198.51.100.23', 'x-client-port': '50123' };
const VRN = '980780684';
/** The stagger whose quarter ended with last month: its return is open now, due on the 7th of next month. */
function staggerEndingLastMonth(): 'mar_jun_sep_dec' | 'apr_jul_oct_jan' | 'may_aug_nov_feb' {
  const month = Number(addMonths(monthOf(londonDateOf(new Date())), -1).slice(5, 7));
  return (['mar_jun_sep_dec', 'apr_jul_oct_jan', 'may_aug_nov_feb'] as const)[month % 3]!;
}

async function api(path: string, token: string, body: unknown) {
  const res = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...FORWARDED },
    body: JSON.stringify(body),
  });
  expect(res.status, `POST ${path}: ${await res.clone().text()}`).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
}

describe('filing a VAT return with HMRC', () => {
  it('connects HMRC in the sandbox, shows the boxes, files with the declaration, and keeps the receipt', async () => {
    const owner = await signUpOwner(app);
    const stagger = staggerEndingLastMonth();
    await api(`/api/database/update-vat-settings/${owner.id}`, owner.access_token, {
      scheme: 'standard',
      registered_from: '2020-04-01',
      stagger,
      vrn: 'GB 980 7806 84',
    });
    const { page, context, errors } = await openAsOwner(app, owner, 1440);
    await context.setExtraHTTPHeaders(FORWARDED);

    // Card takings to file: Stripe through its consent page.
    await page.goto('/main-menu/settings');
    const stripe = page.getByRole('region', { name: 'Stripe' });
    await connectInPopup(page, context, {
      decision: 'Approve',
      login: owner.email,
      connect: () => stripe.getByRole('button', { name: 'Connect' }).click(),
    });
    await waitForImports(app, owner, ['stripe']);

    // HMRC (VAT): HMRC's grant-authority page in the pop-up, where the owner types the VRN.
    const card = page.getByRole('region', { name: 'HMRC (VAT)' });
    await card.getByTestId('hmrc-status').filter({ hasText: 'Not connected' }).waitFor({ timeout: 15_000 });
    const popupOpened = context.waitForEvent('page');
    await card.getByRole('button', { name: 'Connect' }).click();
    const popup = await popupOpened;
    const closed = popup.waitForEvent('close', { timeout: 30_000 });
    await popup.getByLabel('VAT registration number').fill(VRN);
    await popup.getByLabel('VAT return periods').selectOption(stagger);
    await screenshot(popup, 'hmrc-grant-authority');
    await popup.getByRole('button', { name: 'Grant authority', exact: true }).click();
    await closed;
    await card.getByTestId('hmrc-status').filter({ hasText: 'Connected' }).waitFor({ timeout: 15_000 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'hmrc-settings-connected-1440');

    // The VAT view lists the periods; its button opens the return of the period just ended.
    await page.goto('/main-menu/reports');
    await page.getByRole('tab', { name: 'VAT' }).click();
    const returns = page.getByRole('region', { name: 'VAT returns' });
    await returns.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    await returns.getByRole('link', { name: 'Open the VAT return' }).click();
    await page.waitForURL('**/main-menu/reports/vat-return');
    const boxes = page.getByRole('table', { name: 'The nine boxes' });
    await boxes.waitFor({ timeout: 20_000 });

    // The boxes are the server's, for exactly the obligation's dates; box 1 opens its transactions.
    const obligations = (await api(`/api/hmrc/vat/obligations/${owner.id}`, owner.access_token, {
      client: {
        device_id: '6f1c2b9e-3d4a-4c5b-9e8f-0a1b2c3d4e5f',
        user_agent: 'e2e',
        screens: [{ width: 1, height: 1, scaling_factor: 1, colour_depth: 24 }],
        window: { width: 1, height: 1 },
        timezone: 'UTC+00:00',
        web_version: '0.1.0',
      },
    })) as { obligations: Array<{ start: string; end: string; period_key: string; status: string; ended: boolean }> };
    const open = obligations.obligations.find((o) => o.ended && o.status !== 'filed')!;
    const draft = (await api(`/api/hmrc/vat/return/${owner.id}`, owner.access_token, {
      start: open.start,
      end: open.end,
      period_key: open.period_key,
    })) as { boxes: Record<string, number> };
    const money = (n: number) => n.toLocaleString('en-GB', { style: 'currency', currency: 'GBP' });
    expect(await boxes.locator('tr[data-box="1"] td').last().textContent()).toBe(money(draft.boxes.box1!));
    expect(draft.boxes.box1).toBeGreaterThan(0);
    await boxes.getByRole('button', { name: 'VAT due on sales and other outputs' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`box 1: ${money(draft.boxes.box1!)}`).waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await screenshot(page, 'vat-return-1440');

    // HMRC's declaration word for word; Submit only once it is ticked.
    const submit = page.getByRole('button', { name: 'Submit to HMRC' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: VAT_DECLARATION }).check();
    await submit.click();
    const receipt = page.getByTestId('vat-receipt');
    await receipt.waitFor({ timeout: 20_000 });
    expect(await receipt.textContent()).toMatch(/Form bundle number\d{12}/);
    await page
      .getByRole('list', { name: 'VAT periods' })
      .locator(`li[data-status="filed"]`)
      .first()
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'vat-return-filed-1440');

    const past = await apiGet<{ returns: Array<{ start: string; receipt: { form_bundle_number: string } }> }>(
      app,
      owner,
      `/api/hmrc/vat/returns/${owner.id}`,
    );
    expect(past.returns).toHaveLength(1);
    expect(past.returns[0]!.start).toBe(open.start);
    expect(await receipt.textContent()).toContain(past.returns[0]!.receipt.form_bundle_number);

    // The same page at 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'vat-return-filed-390');
    expect(errors).toEqual([]);
  });
});
