import { DEMO_ACCOUNT } from '@brade/contract';
import pino from 'pino';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../accounts/users.js';
import { markConnected } from '../../integrations/connections.js';
import type { SourceTransaction } from '../../ledger/classify.js';
import { importTransactions } from '../../ledger/import.js';
import { Mailer } from '../../mail/mailer.js';
import type { outbox } from '../../mail/tables.js';
import type { MailAttachment } from '../../mail/templates.js';
import { TEST_IMPORT } from '../../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../../test/test-server.js';
import { monthlySummaries } from '../tables.js';
import { MonthlySummaryScheduler } from './monthly-summary-scheduler.js';
import { summaryFigures } from './summary-figures.js';

const at = (iso: string) => new Date(iso);
const sale = (id: string, iso: string, pence: number, category: string): SourceTransaction => ({
  provider: 'stripe',
  type: 'payment',
  externalId: id,
  occurredAt: at(iso),
  amountPence: pence,
  description: category,
  customerId: `cus_${id}`,
  items: [{ name: category, quantity: 1, amountPence: pence }],
});
const debit = (id: string, iso: string, pence: number, category: string): SourceTransaction => ({
  provider: 'bank',
  externalId: id,
  occurredAt: at(iso),
  amountPence: -pence,
  description: category.toUpperCase(),
  counterparty: category.toUpperCase(),
});

/**
 * October: revenue £300.00, expenses £80.00, net £220.00, margin 73.3 %.
 * November: revenue 150 + 250 − 20 refund = £380.00; expenses £1.20 fee + £80 rent + £46 stock = £127.20;
 * net £252.80; margin 252.80 ÷ 380 = 66.5 %. Against October: revenue +26.7 %, expenses +59.0 %,
 * net income +14.9 %, margin 66.5 − 73.3 = −6.8 points. The sale at 00:30 on 1 December is December's.
 */
function ledger(): SourceTransaction[] {
  return [
    sale('oct_1', '2026-10-05T10:00:00Z', 10_000, 'Cut & finish'),
    sale('oct_2', '2026-10-12T10:00:00Z', 20_000, 'Full head colour'),
    debit('oct_rent', '2026-10-01T08:00:00Z', 8_000, 'Rent'),
    sale('nov_1', '2026-11-03T10:00:00Z', 15_000, 'Cut & finish'),
    sale('nov_2', '2026-11-20T10:00:00Z', 25_000, 'Full head colour'),
    {
      provider: 'stripe',
      type: 'refund',
      externalId: 're_1',
      occurredAt: at('2026-11-21T09:00:00Z'),
      amountPence: 2_000,
      description: 'Refund',
    },
    {
      provider: 'stripe',
      type: 'fee',
      externalId: 'nov_1:fee',
      occurredAt: at('2026-11-03T10:00:00Z'),
      amountPence: 120,
      description: 'Stripe fee',
    },
    debit('nov_rent', '2026-11-01T08:00:00Z', 8_000, 'Rent'),
    debit('nov_stock', '2026-11-10T08:00:00Z', 4_600, 'Stock & supplies'),
    sale('dec_1', '2026-12-01T00:30:00Z', 9_999, 'Blow-dry'),
  ];
}

let now = at('2026-11-30T12:00:00Z');
let server: TestServer;
let scheduler: MonthlySummaryScheduler;
const owners: Record<'priya' | 'quiet' | 'unnamed' | 'empty', { id: string; email: string; access_token: string }> =
  {} as never;
const db = () => server.ctx.database.db;
const silent = pino({ level: 'silent' });

async function withLedger(userId: string) {
  await markConnected(db(), userId, 'stripe');
  await importTransactions(db(), userId, ledger(), TEST_IMPORT);
}

async function recordBusiness(owner: { id: string; email: string; access_token: string }, salonName: string) {
  const res = await server.post(
    '/api/record_business_information',
    {
      id: owner.id,
      full_name: 'Priya Shah',
      email: owner.email,
      salon_name: salonName,
      business_address: '3 Station Parade, Leeds',
      postcode: 'LS1 4DY',
      state: 'England',
      country: 'United Kingdom',
    },
    owner.access_token,
  );
  expect(res.status).toBe(200);
}

type OutboxRow = typeof outbox.$inferSelect;
const summariesTo = async (email: string) =>
  ((await server.mailsTo(email)) as unknown as OutboxRow[]).filter((m) => m.subject.startsWith('Your Brade summary'));

/** A second app instance on the same database, with its own mailer. */
const otherInstance = () =>
  new MonthlySummaryScheduler({
    db: db(),
    mailer: new Mailer(db(), silent, { smtpUrl: undefined, from: 'Brade <hello@brade.test>', mailboxUrl: null }),
    clock: () => now,
    log: silent,
    publicUrl: server.url,
  });

async function pdfText(file: MailAttachment): Promise<string> {
  const bytes = new Uint8Array(Buffer.from(file.base64, 'base64'));
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  scheduler = new MonthlySummaryScheduler({
    db: db(),
    mailer: server.ctx.mailer,
    clock: () => now,
    log: silent,
    publicUrl: server.url,
  });
  for (const name of ['priya', 'quiet', 'unnamed', 'empty'] as const) owners[name] = await signUpAndConfirm(server);
  await recordBusiness(owners.priya, 'Shah Studio');
  await recordBusiness(owners.quiet, 'Quiet Cuts');
  await recordBusiness(owners.empty, 'Brand New Salon');
  for (const name of ['priya', 'quiet', 'unnamed'] as const) await withLedger(owners[name].id);
  // Priya chose her goals (the spec's defaults, saved as her own); the other owners never saved any.
  const goals = await server.post(
    `/api/database/update-financial-goals/${owners.priya.id}`,
    { financial_goals: { margin_goal: 8, revenue_target: 6_000, retention_rate: 15 } },
    owners.priya.access_token,
  );
  expect(goals.status).toBe(200);
  const off = await server.post(
    `/api/database/update-notification-settings/${owners.quiet.id}`,
    { monthly_summary: 'disable', action_required: 'enable' },
    owners.quiet.access_token,
  );
  expect(off.status).toBe(200);
  // The demo account has business details; with ledger rows only its being the demo keeps it out.
  const demo = await findUserByEmail(db(), DEMO_ACCOUNT.email);
  await withLedger(demo!.id);
});
afterAll(() => server.close());

describe('the Monthly Summary e-mail', () => {
  it('sends nothing for November while November is not over (30 November)', async () => {
    expect(await scheduler.sweep()).toBe(0);
    expect(await summariesTo(owners.priya.email)).toEqual([]);
  });

  it("on 1 December sends November's figures, each against October, with the income statement PDF", async () => {
    now = at('2026-12-01T09:00:00Z');
    // Two app instances sweep at the same moment: one of them claims the summary.
    const claimed = await Promise.all([scheduler.sweep(), otherInstance().sweep()]);
    expect(claimed[0] + claimed[1]).toBe(1);
    const [mail, ...more] = await summariesTo(owners.priya.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your Brade summary for November 2026');
    expect(mail!.text).toContain('Here is how Shah Studio did in November 2026, in money received and paid.');
    expect(mail!.text).toContain('Revenue: £380.00 (+26.7% on October)');
    expect(mail!.text).toContain('Expenses: £127.20 (+59.0% on October)');
    expect(mail!.text).toContain('Net income: £252.80 (+14.9% on October)');
    expect(mail!.text).toContain('Margin: 66.5% (-6.8 points on October)');
    // The goals she saved (margin 8 %, £6,000, retention 15 %); no month's new clients have had 90 days yet.
    expect(mail!.text).toContain(
      [
        'Your goals in November 2026:',
        'Margin goal: met (66.5% against a goal of 8%)',
        'Revenue target: not met (£380.00 against a target of £6,000.00)',
        'New-client retention goal: not measured yet (clients need 90 days to come back)',
      ].join('\n'),
    );
    expect(mail!.text).toContain(`${server.url}/main-menu/settings`);
    expect(mail!.html).toContain('£252.80');
    expect(mail!.html).toContain('Shah Studio');

    const [pdf, ...otherFiles] = mail!.attachments ?? [];
    expect(otherFiles).toEqual([]);
    expect(pdf!.filename).toBe('income_statement_report_november.pdf');
    expect(pdf!.contentType).toBe('application/pdf');
    const text = await pdfText(pdf!);
    expect(text).toContain('Income Statement');
    expect(text).toContain('November 2026');
    expect(text).toContain('Period 1 November 2026 – 30 November 2026');
    expect(text).toMatch(/Net Income £252\.80/);
    expect(text).not.toContain('Blow-dry');
  });

  it('judges no month against goals an owner never saved', async () => {
    const figures = await summaryFigures(db(), owners.unnamed.id, '2026-11');
    expect(figures.goals).toBeNull();
    expect((await summaryFigures(db(), owners.priya.id, '2026-11')).goals).not.toBeNull();
  });

  it('sends it once: later sweeps of either instance send nothing more', async () => {
    expect(await Promise.all([scheduler.sweep(), otherInstance().sweep()])).toEqual([0, 0]);
    expect(await summariesTo(owners.priya.email)).toHaveLength(1);
    const claims = await db().select().from(monthlySummaries);
    expect(claims.map((c) => [c.userId, c.month])).toEqual([[owners.priya.id, '2026-11']]);
  });

  it('skips an owner with the Monthly Summary disabled, the demo account, an owner without business details and one without figures', async () => {
    for (const name of ['quiet', 'unnamed', 'empty'] as const) {
      expect(await summariesTo(owners[name].email)).toEqual([]);
    }
    expect(await summariesTo(DEMO_ACCOUNT.email)).toEqual([]);
  });

  it('in January sends December of the previous year, against November', async () => {
    now = at('2027-01-01T07:00:00Z');
    expect(await scheduler.sweep()).toBe(1);
    const [december] = await summariesTo(owners.priya.email);
    expect(december!.subject).toBe('Your Brade summary for December 2026');
    expect(december!.text).toContain('Revenue: £99.99 (-73.7% on November)');
    expect(december!.text).toContain('Expenses: £0.00 (-100.0% on November)');
    expect(december!.attachments![0]!.filename).toBe('income_statement_report_december.pdf');
    expect(await pdfText(december!.attachments![0]!)).toMatch(/Net Income £99\.99/);
  });

  it('after the first week of the month no longer catches up (an owner joining on the 20th gets none)', async () => {
    now = at('2027-02-20T12:00:00Z');
    expect(await scheduler.sweep()).toBe(0);
  });
});

describe('the development mailbox', () => {
  it('lists attachment names in mailbox.json and serves each file as a download', async () => {
    const list = await server.get('/dev/mailbox.json');
    const entry = (list.body as Array<{ id: string; to: string; subject: string; attachments: unknown }>).find(
      (m) => m.subject === 'Your Brade summary for November 2026',
    )!;
    expect(entry.attachments).toEqual(['income_statement_report_november.pdf']);
    expect(JSON.stringify(list.body)).not.toContain('base64');

    const page = await server.get('/dev/mailbox');
    expect(page.body).toContain(
      `<a href="/dev/mailbox/${entry.id}/attachments/0">income_statement_report_november.pdf</a>`,
    );

    const res = await fetch(`${server.url}/dev/mailbox/${entry.id}/attachments/0`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="income_statement_report_november.pdf"');
    expect(new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    expect((await fetch(`${server.url}/dev/mailbox/${entry.id}/attachments/1`)).status).toBe(404);
  });
});
