import { INCOME_TAX_MESSAGES } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, screenshot, startApp } from './support/app.js';
import { apiGet, connectInPopup, openAsOwner, signUpOwner, waitForImports } from './support/connect-owner.js';

/**
 * A sole trader's quarterly update to HMRC (beyond the spec; docs/hmrc.md, "Income Tax"): from Reports the owner says
 * how the business is set up, gives their National Insurance number, connects HMRC in the sandbox, opens the update
 * of the quarter that has ended, confirms, sends and sees it sent. A limited company's owner sees no Income Tax pages.
 *
 * The app sits behind one proxy (TRUST_PROXY=1) that forwards the browser's public address and port; HMRC's simulator
 * refuses any call whose fraud-prevention headers have an error.
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
const NINO = 'AB123456C';

describe('a quarterly update to HMRC', () => {
  it('a sole trader connects HMRC in the sandbox, opens the quarterly update, sends it and sees it sent', async () => {
    const owner = await signUpOwner(app, 'Sam Hale', {
      salon_name: 'Hair by Sam',
      business_address: '3 Station Parade, Leeds',
      postcode: 'LS1 4DY',
    });
    const { page, context, errors } = await openAsOwner(app, owner, 1440);
    await context.setExtraHTTPHeaders(FORWARDED);

    // Card takings to report: Stripe through its consent page.
    await page.goto('/main-menu/settings');
    await connectInPopup(page, context, {
      decision: 'Approve',
      login: owner.email,
      connect: () => page.getByRole('region', { name: 'Stripe' }).getByRole('button', { name: 'Connect' }).click(),
    });
    await waitForImports(app, owner, ['stripe']);
    // The first import brings the last two months; the quarter's takings come with the rest of the history.
    await expect
      .poll(
        async () =>
          (
            await apiGet<{ connections: Array<{ processor: string; history?: { complete: boolean } }> }>(
              app,
              owner,
              `/api/integrations/sync-status/${owner.id}`,
            )
          ).connections.find((c) => c.processor === 'stripe')?.history?.complete,
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(true);

    // From Reports: an owner who has not said how the business is set up is asked first.
    await page.goto('/main-menu/reports');
    await page.getByRole('link', { name: 'Open the quarterly update' }).click();
    await page.waitForURL('**/main-menu/reports/quarterly-update');
    await page.getByLabel('Legal form').selectOption('sole_trader');
    await page.getByRole('button', { name: 'Save' }).click();

    // Their details: the National Insurance number, and the question of their qualifying income.
    const details = page.getByRole('region', { name: 'Your Income Tax details' });
    await details.getByLabel('National Insurance number').fill('ab 12 34 56 c');
    await details.getByLabel(/Qualifying income in/).fill('62000');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details
      .getByText(/Making Tax Digital for Income Tax applies to you from 6 April 2026/)
      .waitFor({ timeout: 15_000 });

    // HMRC: its grant-authority page in the pop-up asks for the individual's National Insurance number.
    const card = page.getByRole('region', { name: 'HMRC' });
    await card.getByTestId('hmrc-status').filter({ hasText: 'Not connected' }).waitFor({ timeout: 15_000 });
    const popupOpened = context.waitForEvent('page');
    await card.getByRole('button', { name: 'Connect' }).click();
    const popup = await popupOpened;
    const closed = popup.waitForEvent('close', { timeout: 30_000 });
    expect(await popup.getByLabel('VAT registration number').count()).toBe(0);
    await popup.getByLabel('National Insurance number').fill(NINO);
    await popup.getByLabel('Quarterly update periods').selectOption('standard');
    await popup.getByLabel('Self-employment businesses').fill('Hair by Sam');
    await screenshot(popup, 'hmrc-grant-authority-income-tax');
    await popup.getByRole('button', { name: 'Grant authority', exact: true }).click();
    await closed;

    // HMRC's obligations; the page opens the oldest quarter that has ended and is not sent. The latest ended one
    // holds the most takings (updates are cumulative): the owner opens it.
    const list = page.getByRole('list', { name: 'Quarterly updates' });
    await page.getByText(/The updates HMRC expects for Hair by Sam/).waitFor({ timeout: 20_000 });
    await list.locator('li[aria-current="true"]').waitFor({ timeout: 15_000 });
    const ended = list.locator('li[data-status="due"], li[data-status="overdue"]');
    const count = await ended.count();
    expect(count).toBeGreaterThan(0);
    const latest = ended.nth(count - 1);
    if ((await latest.getAttribute('aria-current')) !== 'true')
      await latest.getByRole('button', { name: 'Open' }).click();
    const chosen = list.locator('li[aria-current="true"]');
    const heading = (await chosen.locator('p').first().textContent())!;
    const figures = page.getByRole('table', { name: 'Quarterly update figures' });
    await figures.waitFor({ timeout: 20_000 });
    const turnover = await figures
      .getByRole('row')
      .filter({ hasText: /^Turnover/ })
      .locator('td')
      .nth(1)
      .textContent();
    // The page shows the server's figures for exactly HMRC's period.
    const obligations = await fetch(`${app.url}/api/income-tax/get-obligations/${owner.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.access_token}` },
      body: JSON.stringify({}),
    }).then((res) => res.json() as Promise<{ obligations: Array<{ quarter: number; start: string; end: string }> }>);
    const quarter = Number(/^Quarter (\d)/.exec(heading)![1]);
    const period = obligations.obligations.find((o) => o.quarter === quarter)!;
    const server = await fetch(`${app.url}/api/income-tax/get-quarterly-figures/${owner.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.access_token}` },
      body: JSON.stringify({ start: period.start, end: period.end }),
    }).then((res) => res.json() as Promise<{ turnover: { amount: number } }>);
    expect(turnover).toBe(server.turnover.amount.toLocaleString('en-GB', { style: 'currency', currency: 'GBP' }));
    await screenshot(page, 'quarterly-update-1440');

    // Send only once the figures are confirmed.
    const send = page.getByRole('button', { name: 'Send to HMRC' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: INCOME_TAX_MESSAGES.confirmation }).check();
    await send.click();
    await page.getByText('Quarterly update sent to HMRC.').waitFor({ timeout: 20_000 });
    const sentCard = page.getByRole('region', { name: 'Sent to HMRC' });
    await sentCard.waitFor({ timeout: 15_000 });
    // The update runs from the start of the year: it meets its quarter and every one before it.
    await chosen.and(list.locator('li[data-status="sent"]')).waitFor({ timeout: 15_000 });
    expect(await list.locator('li[data-status="due"], li[data-status="overdue"]').count()).toBe(0);
    expect(await sentCard.textContent()).toContain(turnover!);
    await screenshot(page, 'quarterly-update-sent-1440');

    // What HMRC holds is what was sent, and the obligation is met at HMRC.
    const settings = await apiGet<{ settings: { business_id: string | null } }>(
      app,
      owner,
      `/api/income-tax/get-settings/${owner.id}`,
    );
    expect(settings.settings.business_id).toMatch(/^XAIS\d{11}$/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'quarterly-update-sent-390');

    // The way in from Reports, and the legal form in Profile, at both widths.
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/main-menu/reports');
      const entry = page.getByRole('region', { name: 'Income Tax: quarterly update' });
      await entry.waitFor({ timeout: 15_000 });
      await entry.scrollIntoViewIfNeeded();
      await screenshot(page, `reports-income-tax-entry-${width}`);
      await page.goto('/main-menu/profile');
      await page.getByText('Sole trader').waitFor({ timeout: 15_000 });
      await screenshot(page, `profile-legal-form-${width}`);
    }
    await page.goto('/main-menu/settings');
    await page.getByText('Quarterly update due').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  it('a limited company’s owner sees no Income Tax pages', async () => {
    const owner = await signUpOwner(app, 'Priya Shah', {
      salon_name: 'Shah Studio Ltd',
      business_address: '9 Park Row, Bristol',
      postcode: 'BS1 5LJ',
    });
    const res = await fetch(`${app.url}/api/income-tax/update-settings/${owner.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.access_token}` },
      body: JSON.stringify({ legal_form: 'limited_company' }),
    });
    expect(res.status).toBe(200);
    const { page, errors } = await openAsOwner(app, owner, 1440);
    await page.goto('/main-menu/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page.getByRole('tab', { name: 'Sales Report' }).waitFor();
    // The Reports screen has settled (its chart and months) before looking for what is not there.
    await page
      .getByRole('button', { name: /View PDF/ })
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await page.getByRole('link', { name: 'Open the quarterly update' }).count()).toBe(0);
    expect(await page.getByText('Income Tax: quarterly update').count()).toBe(0);
    // Settings offers no quarterly update reminder; Profile names the legal form.
    await page.goto('/main-menu/settings');
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await page.getByText('Monthly Summary').first().waitFor();
    expect(await page.getByText('Quarterly update due').count()).toBe(0);
    await page.goto('/main-menu/profile');
    await page.getByText('Limited company').waitFor({ timeout: 15_000 });
    // An address typed by hand says why, and asks HMRC nothing.
    await page.goto('/main-menu/reports/quarterly-update');
    await page.getByText(/a limited company pays Corporation Tax/).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('table', { name: 'Quarterly update figures' }).count()).toBe(0);
    await screenshot(page, 'quarterly-update-limited-company-1440');
    expect(errors).toEqual([]);
  });
});
