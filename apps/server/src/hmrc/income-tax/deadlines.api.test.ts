import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markConnected } from '../../integrations/connections.js';
import { importTransactions } from '../../ledger/import.js';
import type { outbox } from '../../mail/tables.js';
import { MonthlySummaryScheduler } from '../../reports/monthly-summary/monthly-summary-scheduler.js';
import { TEST_IMPORT } from '../../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../../test/test-server.js';
import { updatesDue } from './deadlines.js';
import { remindQuarterlyUpdates } from './reminders.js';
import { incomeTaxUpdates } from './tables.js';

/**
 * The deadlines a sole trader is told (docs/finance.md, "Income Tax"): the Monthly Summary's lines and the reminder a
 * week before each, once; none for a limited company, an owner without a National Insurance number, or an update sent.
 */
let now = new Date('2026-07-31T09:00:00Z');
let server: TestServer;
const db = () => server.ctx.database.db;
type Owner = Awaited<ReturnType<typeof signUpAndConfirm>>;
type OutboxRow = typeof outbox.$inferSelect;
const mails = async (o: Owner, start: string) =>
  ((await server.mailsTo(o.email)) as unknown as OutboxRow[]).filter((m) => m.subject.startsWith(start));
const remind = () =>
  remindQuarterlyUpdates({ db: db(), mailer: server.ctx.mailer, clock: () => now, publicUrl: server.url });

async function owner(settings: Record<string, unknown>, salonName = 'Studio Sole') {
  const o = await signUpAndConfirm(server);
  const business = await server.post(
    '/api/record_business_information',
    {
      id: o.id,
      full_name: 'Sam Hale',
      email: o.email,
      salon_name: salonName,
      business_address: '3 Station Parade, Leeds',
      postcode: 'LS1 4DY',
      state: 'England',
      country: 'United Kingdom',
    },
    o.access_token,
  );
  expect(business.status).toBe(200);
  await markConnected(db(), o.id, 'stripe');
  await importTransactions(
    db(),
    o.id,
    [
      {
        provider: 'stripe',
        type: 'payment',
        externalId: `s-${o.id}`,
        occurredAt: new Date('2026-07-10T10:00:00Z'),
        amountPence: 12_000,
        description: 'Cut',
        customerId: 'cus_1',
      },
    ],
    TEST_IMPORT,
  );
  const saved = await server.post(`/api/income-tax/update-settings/${o.id}`, settings, o.access_token);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return o;
}

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
});
afterAll(() => server.close());

describe('quarterly update deadlines', () => {
  it('lists the ended quarter due by 7 August, then overdue, and nothing once an update reaching it is sent', async () => {
    const o = await owner({ legal_form: 'sole_trader', nino: 'AB123456C' });
    expect(await updatesDue(db(), o.id, '2026-07-31')).toEqual([
      { start: '2026-04-06', end: '2026-07-05', due: '2026-08-07', overdue: false },
    ]);
    // In September the next deadline (7 November) is within two months too.
    expect((await updatesDue(db(), o.id, '2026-09-10')).map((u) => `${u.due} ${u.overdue}`)).toEqual([
      '2026-08-07 true',
      '2026-11-07 false',
    ]);
    await db()
      .insert(incomeTaxUpdates)
      .values({
        userId: o.id,
        nino: 'AB123456C',
        businessId: 'XAIS00000000001',
        taxYear: '2026-27',
        periodStart: '2026-04-06',
        periodEnd: '2026-10-05',
        expenses: 'itemised',
        state: 'sent',
        summary: {
          periodDates: { periodStartDate: '2026-04-06', periodEndDate: '2026-10-05' },
          periodIncome: { turnover: 100, other: 0 },
          periodExpenses: { otherExpenses: 0 },
        },
        leaseUntil: new Date(),
        sentAt: new Date('2026-10-10T10:00:00Z'),
      });
    expect(await updatesDue(db(), o.id, '2026-10-20')).toEqual([]);
  });

  it('puts the deadline in the Monthly Summary of a sole trader with a National Insurance number only', async () => {
    now = new Date('2026-08-01T09:00:00Z');
    const sole = await owner({ legal_form: 'sole_trader', nino: 'AB654321C' }, 'Sole Studio');
    const noNino = await owner({ legal_form: 'sole_trader' }, 'Quiet Studio');
    const company = await owner({ legal_form: 'limited_company' }, 'Company Cuts');
    const scheduler = new MonthlySummaryScheduler({
      db: db(),
      mailer: server.ctx.mailer,
      clock: () => now,
      log: pino({ level: 'silent' }),
      publicUrl: server.url,
    });
    await scheduler.sweep();
    const [mail] = await mails(sole, 'Your Brade summary');
    expect(mail!.text).toContain(
      'Quarterly update due by 7 August 2026: 6 April 2026 to 5 July 2026 (send it from Reports → Quarterly update)',
    );
    expect(mail!.html).toContain('Quarterly update due by 7 August 2026');
    for (const other of [noNino, company]) {
      const [summary] = await mails(other, 'Your Brade summary');
      expect(summary!.text).not.toContain('Quarterly update');
    }
  });

  it('reminds once a week before the deadline, to an owner who wants the reminder', async () => {
    now = new Date('2026-07-30T09:00:00Z');
    const o = await owner({ legal_form: 'sole_trader', nino: 'CE123456A' });
    const off = await owner({ legal_form: 'sole_trader', nino: 'CE123456B' });
    await server.post(
      `/api/database/update-notification-settings/${off.id}`,
      { monthly_summary: 'enable', action_required: 'enable', quarterly_update_due: 'disable' },
      off.access_token,
    );
    await remind();
    expect(await mails(o, 'Quarterly update')).toEqual([]);
    now = new Date('2026-07-31T09:00:00Z');
    await Promise.all([remind(), remind()]);
    await remind();
    const sent = await mails(o, 'Quarterly update');
    expect(sent.map((m) => m.subject)).toEqual(['Quarterly update due by 7 August 2026']);
    expect(sent[0]!.text).toContain('for 6 April 2026 to 5 July 2026');
    expect(sent[0]!.text).toContain(`${server.url}/main-menu/reports/quarterly-update`);
    expect(await mails(off, 'Quarterly update')).toEqual([]);
  });
});
