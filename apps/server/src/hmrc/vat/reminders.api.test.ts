import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceTransaction } from '../../ledger/classify.js';
import { importTransactions } from '../../ledger/import.js';
import { summaryFigures } from '../../reports/monthly-summary/summary-figures.js';
import { grantAuthority, TEST_CLIENT, TEST_CLIENT_IP } from '../../test/hmrc-test-kit.js';
import { at, TEST_IMPORT } from '../../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../../test/test-server.js';

let now = new Date('2026-04-20T10:00:00Z');
let server: TestServer;
const forwarded = { 'x-forwarded-for': TEST_CLIENT_IP, 'x-client-port': '50123' };
beforeAll(async () => {
  server = await startTestServer({ clock: () => now, env: { TRUST_PROXY: '1' } });
});
afterAll(() => server.close());

type Owner = Awaited<ReturnType<typeof signUpAndConfirm>>;
const post = (path: string, body: unknown, owner: Owner) =>
  server.request('POST', path, { body, headers: forwarded, token: owner.access_token });
const sale: SourceTransaction = {
  provider: 'stripe',
  type: 'payment',
  externalId: 'q1',
  occurredAt: at('2026-02-10T11:00:00Z'),
  amountPence: 12_000,
  description: 'Cut and blow-dry',
  customerId: 'cus_q1',
};

/** A VAT-registered owner connected to HMRC, whose obligations Brade has read once (on 20 April). */
async function connectedOwner(vrn: string, reminder: 'enable' | 'disable' = 'enable') {
  const o = await signUpAndConfirm(server);
  await importTransactions(server.ctx.database.db, o.id, [sale], TEST_IMPORT);
  await post(
    `/api/database/update-vat-settings/${o.id}`,
    { scheme: 'standard', registered_from: '2020-04-01', vrn },
    o,
  );
  await post(
    `/api/database/update-notification-settings/${o.id}`,
    { monthly_summary: 'enable', action_required: 'enable', vat_return_due: reminder },
    o,
  );
  const started = await post('/api/hmrc/authorization-url', { id: o.id }, o);
  const back = await grantAuthority(started.body.url, vrn);
  await post(
    '/api/hmrc/connect',
    { id: o.id, code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    o,
  );
  expect((await post(`/api/hmrc/vat/obligations/${o.id}`, { client: TEST_CLIENT }, o)).body.source).toBe('hmrc');
  return o;
}

const reminders = async (email: string) =>
  (await server.mailsTo(email)).filter((m) => m.subject.startsWith('Your VAT return is due'));

describe('"VAT return due in 7 days"', () => {
  it('e-mails once a week before a return HMRC shows open is due, to owners who want it, and no more once filed', async () => {
    now = new Date('2026-04-20T10:00:00Z');
    const wants = await connectedOwner('980780684');
    const declined = await connectedOwner('234567847', 'disable');
    const files = await connectedOwner('345678912');

    // 29 April: 8 days before 7 May, too early.
    now = new Date('2026-04-29T08:00:00Z');
    await server.ctx.sweeps.run('vat-return-reminders');
    expect(await reminders(wants.email)).toEqual([]);

    // files it on the 29th; the others have not.
    const draft = await post(
      `/api/hmrc/vat/return/${files.id}`,
      { start: '2026-01-01', end: '2026-03-31', period_key: '26A1' },
      files,
    );
    const filed = await post(
      `/api/hmrc/vat/submit/${files.id}`,
      {
        start: '2026-01-01',
        end: '2026-03-31',
        period_key: '26A1',
        boxes: draft.body.boxes,
        declaration: true,
        client: TEST_CLIENT,
      },
      files,
    );
    expect(filed.status).toBe(200);

    now = new Date('2026-04-30T08:00:00Z');
    await server.ctx.sweeps.run('vat-return-reminders');
    await server.ctx.sweeps.run('vat-return-reminders');
    const sent = await reminders(wants.email);
    expect(sent.map((m) => m.subject)).toEqual(['Your VAT return is due by 7 May 2026']);
    expect(sent[0]!.text).toContain(
      'The VAT return for 1 January 2026 to 31 March 2026 is due by 7 May 2026, and HMRC shows it still to file.',
    );
    expect(sent[0]!.text).toContain(
      `${server.url}/main-menu/reports/vat-return?start=2026-01-01&end=2026-03-31&period_key=26A1`,
    );
    expect(await reminders(declined.email)).toEqual([]);
    expect(await reminders(files.email)).toEqual([]);
  });

  it('puts the return due in the Monthly Summary sent in the week before, and leaves it out once filed', async () => {
    now = new Date('2026-04-20T10:00:00Z');
    const o = await connectedOwner('456789039');
    const figures = await summaryFigures(server.ctx.database.db, o.id, '2026-04', '2026-05-01');
    expect(figures.vatReturnDue).toEqual({ start: '2026-01-01', end: '2026-03-31', due: '2026-05-07' });
    const earlier = await summaryFigures(server.ctx.database.db, o.id, '2026-03', '2026-04-01');
    expect(earlier.vatReturnDue).toBeNull();
  });
});
