import { BOOKS_MESSAGES, DEMO_ACCOUNT, SALES_MESSAGES } from '@brade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markConnected } from '../integrations/connections.js';
import { TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import type { SourceItem, SourceTransaction } from './classify.js';
import { importTransactions } from './import.js';

/**
 * What was sold and who sold it (docs/finance.md), worked out by hand for a VAT-registered salon on 20 October 2026:
 * Square orders with their line items and team members, a SumUp sale with products and one keyed without, a Stripe
 * deposit naming its service.
 */
let server: TestServer;
type Owner = { id: string; access_token: string };
let a: Owner;
let b: Owner;

const at = (day: string) => new Date(`2026-10-${day}T11:00:00Z`);
const item = (name: string | null, amountPence: number, quantity = 1): SourceItem => ({ name, quantity, amountPence });
const sale = (
  provider: 'stripe' | 'square' | 'sumup',
  id: string,
  day: string,
  pence: number,
  extra: Partial<Exclude<SourceTransaction, { provider: 'bank' }>> = {},
) =>
  ({
    provider,
    type: 'payment',
    externalId: id,
    occurredAt: at(day),
    amountPence: pence,
    description: id,
    ...extra,
  }) as SourceTransaction;

// October: Megan's colour with a treatment and a product (£130 + £20 + £28 = £178), her cut (£48), Jo's balayage
// after its £30 deposit (£120), the deposit itself (Stripe, naming balayage), a nail visit on SumUp (£35) and one
// keyed as an amount (£22), and a Square sale keyed as a custom amount (£15) that Jo took.
const OCTOBER = (): SourceTransaction[] => [
  sale('square', 'sq_1', '03', 17_800, {
    cardFingerprint: 'fp_amy',
    teamMemberId: 'tm_megan',
    items: [item('Full head colour', 13_000), item('Treatment', 2_000), item('Olaplex No.3', 2_800)],
  }),
  sale('square', 'sq_2', '06', 4_800, {
    cardFingerprint: 'fp_ben',
    teamMemberId: 'tm_megan',
    items: [item('Cut & finish', 4_800)],
  }),
  sale('stripe', 'ch_dep', '01', 3_000, {
    customerId: 'cus_cara',
    purpose: 'deposit',
    items: [item('Balayage', 3_000)],
  }),
  sale('square', 'sq_3', '09', 12_000, {
    cardFingerprint: 'fp_cara',
    teamMemberId: 'tm_jo',
    items: [item('Balayage', 12_000)],
  }),
  sale('sumup', 'su_1', '10', 3_500, { items: [item('Gel manicure', 3_500)] }),
  sale('sumup', 'su_2', '11', 2_200, { items: [] }),
  sale('square', 'sq_4', '12', 1_500, { cardFingerprint: 'fp_dan', teamMemberId: 'tm_jo', items: [item(null, 1_500)] }),
];
const TEAM = [
  { id: 'tm_megan', name: 'Megan Khan' },
  { id: 'tm_jo', name: 'Jo Walsh' },
];

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date('2026-10-20T12:00:00Z') });
  a = await signUpAndConfirm(server);
  b = await signUpAndConfirm(server);
  const { db } = server.ctx.database;
  const vat = await server.post(
    `/api/database/update-vat-settings/${a.id}`,
    { scheme: 'standard', registered_from: '2020-04-01', stagger: 'mar_jun_sep_dec' },
    a.access_token,
  );
  expect(vat.status).toBe(200);
  for (const provider of ['stripe', 'square', 'sumup'] as const) await markConnected(db, a.id, provider);
  await importTransactions(db, a.id, OCTOBER(), {
    ...TEST_IMPORT,
    team: { provider: 'square', members: TEAM, seenAt: new Date('2026-10-20T12:00:00Z') },
  });
});
afterAll(() => server.close());

const post = (path: string, body: unknown, owner: Owner = a, id = owner.id) =>
  server.post(`/api/database/${path}/${id}`, body, owner.access_token);
const october = { month: 10, year: 2026 };
type Row = { description: string; amount: number | null; level?: 1; total: boolean; subtext?: string };
const salesRows = async () => (await post('get-report', { type: 'sales', ...october })).body.report.rows as Row[];
const lineOf = (body: Record<string, unknown>) =>
  post('get-line-transactions', { ...october, group: 'revenue', page_size: 200, ...body });
const net = (pence: number) => (pence - Math.round(pence / 6)) / 100;

describe('the sales report by category, then item', () => {
  it('shares each sale over its lines net of VAT, counts the deposit as its service and keeps the rest honest', async () => {
    const rows = (await salesRows()).map((r) => [r.level === 1 ? `  ${r.description}` : r.description, r.amount]);
    // Net of VAT, each sale's sixth off, shared over its lines in proportion (Megan's £178: £148.33 net).
    expect(rows).toEqual([
      // Balayage: the £30 deposit (£25 net) and the £120 balance (£100 net) count once, as the service.
      ['Highlights and balayage', 125],
      ['  Balayage', 125],
      ['Colour', 108.33],
      ['  Full head colour', 108.33],
      ['Cuts and styling', 40],
      ['  Cut & finish', 40],
      ['Nails', 29.17],
      ['  Gel manicure', 29.17],
      ['Treatments', 16.67],
      ['  Treatment', 16.67],
      ['Retail products', 23.33],
      ['  Olaplex No.3', 23.33],
      ['SumUp card sales without item detail', 18.33],
      ['Square card sales without item detail', 12.5],
      ['Total', 373.33],
    ]);
    // The parts of Megan's sale add up to it exactly: 108.33 + 16.67 + 23.33 = 148.33.
    expect(108.33 + 16.67 + 23.33).toBeCloseTo(net(17_800), 2);
    const total = rows.at(-1)![1] as number;
    const tile = await server.get(`/api/database/get-current-month-sales-total/${a.id}`, a.access_token);
    expect(tile.body.value).toBe(total);
    expect(rows.map((r) => r[0])).not.toContain('Sales');
  });

  it('lists an item’s parts of sales, each as paid with its VAT, adding up to the line', async () => {
    const line = await lineOf({ category: 'Colour', item: 'Full head colour' });
    expect(line.status).toBe(200);
    expect(line.body).toMatchObject({ total_count: 1, total_amount: 108.33 });
    expect(line.body.transactions[0]).toMatchObject({
      description: 'Full head colour',
      counterparty: 'sq_1',
      amount: 130,
      vat: 21.67,
      category: 'Colour',
      provider: 'square',
      correctable: true,
      corrected: false,
    });
    const whole = await lineOf({ category: 'Colour' });
    expect(whole.body.total_amount).toBe(108.33);
    const honest = await lineOf({ category: 'SumUp card sales without item detail' });
    expect(honest.body).toMatchObject({ total_count: 1, total_amount: 18.33 });
    expect(honest.body.transactions[0]).toMatchObject({ correctable: false, description: 'su_2' });
    const searched = await lineOf({ category: 'Highlights and balayage', search: 'ch_dep' });
    expect(searched.body).toMatchObject({ total_count: 1, total_amount: 25 });
  });

  it('moves one item by hand, or every item of its name by a rule that later imports follow too', async () => {
    const [treatment] = (await lineOf({ category: 'Treatments', item: 'Treatment' })).body.transactions;
    const options = await post('get-correction-options', { transaction_id: treatment.id });
    expect(options.body).toMatchObject({
      category: 'Treatments',
      correctable: true,
      kind: 'item',
      similar: { counterparty: 'Treatment', count: 1 },
    });
    expect(options.body.categories).toContain('Beauty');
    expect(options.body.categories).not.toContain('Rent');
    const moved = await post('correct-transaction', { transaction_id: treatment.id, category: 'Colour' });
    expect(moved.body).toMatchObject({ moved: 1, rule_id: null });
    const colour = (await salesRows()).find((r) => r.description === 'Colour')!;
    expect(colour.amount).toBe(125);
    expect((await salesRows()).at(-1)!.amount).toBe(373.33);

    // Every Olaplex No.3, past and future, is a treatment from now on.
    const [olaplex] = (await lineOf({ category: 'Retail products', item: 'Olaplex No.3' })).body.transactions;
    const ruled = await post('correct-transaction', {
      transaction_id: olaplex.id,
      category: 'Treatments',
      apply_to_similar: true,
    });
    expect(ruled.body).toMatchObject({ moved: 1, rule_id: expect.any(String) });
    await importTransactions(
      server.ctx.database.db,
      a.id,
      [sale('square', 'sq_5', '14', 2_800, { cardFingerprint: 'fp_eve', items: [item(' olaplex  NO.3 ', 2_800)] })],
      TEST_IMPORT,
    );
    const treatments = await lineOf({ category: 'Treatments' });
    expect(treatments.body.total_count).toBe(2);
    const rules = (await server.get(`/api/database/get-category-rules/${a.id}`, a.access_token)).body.rules;
    expect(rules).toContainEqual(
      expect.objectContaining({
        direction: 'item',
        counterparty: 'Olaplex No.3',
        category: 'Treatments',
        transactions: 2,
      }),
    );
    // Removed and restored: back where the catalogue has them.
    const removed = await post('remove-category-rule', { rule_id: ruled.body.rule_id, restore: true });
    expect(removed.body).toMatchObject({ restored: 2 });
    expect((await lineOf({ category: 'Retail products' })).body.total_count).toBe(2);
  });

  it('keeps the owner’s move of one item through a re-import, and drops lines a sale no longer has', async () => {
    await importTransactions(server.ctx.database.db, a.id, OCTOBER(), TEST_IMPORT);
    expect((await lineOf({ category: 'Colour', item: 'Treatment' })).body.total_count).toBe(1);
    await importTransactions(
      server.ctx.database.db,
      a.id,
      [{ ...OCTOBER()[0]!, items: [item('Full head colour', 17_800)] } as SourceTransaction],
      TEST_IMPORT,
    );
    expect((await lineOf({ category: 'Colour', item: 'Treatment' })).body.total_count).toBe(0);
    expect((await lineOf({ category: 'Colour', item: 'Full head colour' })).body.total_amount).toBe(148.33);
    // An import that says nothing of the lines keeps them.
    const { items: _items, ...silent } = OCTOBER()[0]! as Exclude<SourceTransaction, { provider: 'bank' }>;
    await importTransactions(server.ctx.database.db, a.id, [silent], TEST_IMPORT);
    expect((await lineOf({ category: 'Colour', item: 'Full head colour' })).body.total_amount).toBe(148.33);
  });

  it('reads provider text as plain lines, and a sale whose lines cannot be shared has no item detail', async () => {
    await importTransactions(
      server.ctx.database.db,
      a.id,
      [
        sale('square', 'sq_odd', '15', 1_000, {
          cardFingerprint: 'fp_odd',
          items: [item(`Gel\u0000 mani${'x'.repeat(500)}`, 1_000)],
        }),
        sale('square', 'sq_neg', '15', 1_000, {
          cardFingerprint: 'fp_neg',
          items: [item('Cut', 2_000), item('Discount', -1_000)],
        }),
      ],
      TEST_IMPORT,
    );
    const [odd] = (await lineOf({ category: 'Nails', search: 'sq_odd' })).body.transactions;
    expect(odd.description).toHaveLength(200);
    expect(odd.description.startsWith('Gel mani')).toBe(true);
    const honest = await lineOf({ category: 'Square card sales without item detail', search: 'sq_neg' });
    expect(honest.body.total_count).toBe(1);
  });
});

describe('renaming a sales category', () => {
  it('renames it in every report, and back to the catalogue’s name', async () => {
    const renamed = await post('rename-sales-category', {
      category: 'Highlights and balayage',
      name: '  Lightening  ',
    });
    expect(renamed.body).toEqual({ message: SALES_MESSAGES.renamed, name: 'Lightening' });
    expect((await salesRows()).map((r) => r.description)).toContain('Lightening');
    expect((await lineOf({ category: 'Lightening' })).body.total_amount).toBe(125);
    const statement = (await post('get-report', { type: 'income_statement', ...october })).body.report.rows as Row[];
    expect(statement.map((r) => r.description)).toContain('Lightening');
    const categories = await server.get(`/api/database/get-sales-categories/${a.id}`, a.access_token);
    expect(categories.body.categories).toContainEqual({
      key: 'highlights',
      name: 'Lightening',
      default_name: 'Highlights and balayage',
    });
    await post('rename-sales-category', { category: 'Lightening', name: 'Highlights and balayage' });
    expect((await salesRows()).map((r) => r.description)).toContain('Highlights and balayage');
  });

  it.each([
    ['an empty name', { category: 'Colour', name: '' }, 'name', SALES_MESSAGES.nameRequired],
    ['61 characters', { category: 'Colour', name: 'x'.repeat(61) }, 'name', SALES_MESSAGES.nameTooLong],
    ['a zero-width space', { category: 'Colour', name: 'Tint\u200b' }, 'name', SALES_MESSAGES.nameRequired],
    ['another category’s name', { category: 'Colour', name: 'Nails' }, 'name', SALES_MESSAGES.nameTaken],
    ['an expense line’s name', { category: 'Colour', name: 'rent' }, 'name', SALES_MESSAGES.nameTaken],
    ['the catch-all "Sales"', { category: 'Colour', name: 'Sales' }, 'name', SALES_MESSAGES.nameTaken],
    [
      'a line that is not a category',
      { category: 'Refunds', name: 'Returns' },
      'category',
      SALES_MESSAGES.categoryUnknown,
    ],
    ['no such line', { category: 'No such line', name: 'Anything' }, 'category', SALES_MESSAGES.categoryUnknown],
    ['100,000 characters', { category: 'Colour', name: 'y'.repeat(100_000) }, 'name', SALES_MESSAGES.nameTooLong],
  ])('refuses %s with a sentence and changes nothing', async (_what, body, field, message) => {
    const res = await post('rename-sales-category', body);
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBe(message);
    expect((await salesRows()).map((r) => r.description)).toContain('Colour');
  });

  it("answers another owner's id with 404, no token with 401, and refuses the demo account", async () => {
    expect((await post('rename-sales-category', { category: 'Colour', name: 'Tint' }, b, a.id)).status).toBe(404);
    expect(
      (await server.post(`/api/database/rename-sales-category/${a.id}`, { category: 'Colour', name: 'Tint' })).status,
    ).toBe(401);
    const demo = (await server.post('/api/signin_user', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }))
      .body as Owner;
    const refused = await post('rename-sales-category', { category: 'Colour', name: 'Tint' }, demo);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('The demo account is read-only: its sales categories cannot be changed.');
    // Nor can it move an item; an owner cannot move another's.
    const [treatment] = (await lineOf({ category: 'Colour', item: 'Full head colour' })).body.transactions;
    expect((await post('correct-transaction', { transaction_id: treatment.id, category: 'Nails' }, demo)).status).toBe(
      403,
    );
    expect((await post('correct-transaction', { transaction_id: treatment.id, category: 'Nails' }, b)).status).toBe(
      404,
    );
    expect((await post('get-correction-options', { transaction_id: treatment.id }, b)).status).toBe(404);
  });
});

describe('the Team breakdown', () => {
  it('gives each team member’s sales, payments, services, clients and average ticket, and the rest unattributed', async () => {
    const res = await post('get-team-breakdown', october);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.period).toEqual({ from: '2026-10-01', to: '2026-10-20' });
    // Megan: £178 + £48 = £226 (£188.33 net), 2 payments, 2 services (the colour, its sale now one line since the
    // re-import above, and the cut), 2 clients. Jo: £120 + £15 = £135 (£112.50 net), the balayage a service, the
    // amount keyed without an item not.
    expect(res.body.team).toEqual([
      {
        team_member_id: 'tm_megan',
        name: 'Megan Khan',
        provider: 'square',
        sales: 188.33,
        payments: 2,
        services: 2,
        clients: 2,
        average_ticket: 94.17,
      },
      {
        team_member_id: 'tm_jo',
        name: 'Jo Walsh',
        provider: 'square',
        sales: 112.5,
        payments: 2,
        services: 1,
        clients: 2,
        average_ticket: 56.25,
      },
    ]);
    expect(res.body.note).toBe(
      'Square names who took each payment on its till; Stripe and SumUp do not, so those sales are not attributed.',
    );
    const megan = await lineOf({ team_member: 'tm_megan' });
    expect(megan.body).toMatchObject({ total_count: 2, total_amount: 188.33 });
  });

  it('says so when no sale names who took it, and checks who asks and what month', async () => {
    const empty = await post('get-team-breakdown', october, b);
    expect(empty.body).toMatchObject({ team: [], not_attributed: { sales: 0, payments: 0 } });
    expect(empty.body.note).toMatch(/^None of this month's sales says who took the payment\./);
    expect((await post('get-team-breakdown', october, b, a.id)).status).toBe(404);
    expect((await server.post(`/api/database/get-team-breakdown/${a.id}`, october)).status).toBe(401);
    const future = await post('get-team-breakdown', { month: 12, year: 2026 });
    expect(future.status).toBe(400);
    const bad = await post('get-team-breakdown', { month: 'Smarch', year: 2026 });
    expect(bad.body.fields.month).toBe('Month must be 1 to 12 or an English month name');
  });
});

describe('a sold item that is not the owner’s', () => {
  it('is not found, and a category the sales do not have is refused', async () => {
    const [cut] = (await lineOf({ category: 'Cuts and styling', item: 'Cut & finish' })).body.transactions;
    const wrong = await post('correct-transaction', { transaction_id: cut.id, category: 'Room rent' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.category).toBe(BOOKS_MESSAGES.categoryInvalid);
  });
});
