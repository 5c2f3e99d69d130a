import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markConnected } from '../integrations/connections.js';
import { aprilLedger, TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { importTransactions } from './import.js';

let server: TestServer;
let a: { id: string; access_token: string };
let b: { id: string; access_token: string };

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date('2026-04-15T12:00:00Z') });
  a = await signUpAndConfirm(server);
  b = await signUpAndConfirm(server);
  const { db } = server.ctx.database;
  await markConnected(db, a.id, 'stripe');
  await markConnected(db, a.id, 'square');
  await importTransactions(db, a.id, aprilLedger(), TEST_IMPORT);
});
afterAll(() => server.close());

const get = (path: string, owner = a) => server.get(`/api/database/${path}/${owner.id}`, owner.access_token);
const post = (path: string, body: unknown, owner = a) =>
  server.post(`/api/database/${path}/${owner.id}`, body, owner.access_token);

describe('headline figures', () => {
  it('answer value and percent_change, uncached', async () => {
    const sales = await get('get-current-month-sales-total');
    expect(sales.status).toBe(200);
    expect(sales.body).toMatchObject({ value: 135, percent_change: 35 });
    expect(sales.headers.get('cache-control')).toBe('no-store');
    expect((await get('get-current-month-expenses-total')).body).toMatchObject({
      value: 1201.2,
      percent_change: 300.4,
    });
    // £120 of known payers' sales over 2 clients, against March's £100 over 1 (docs/finance.md, "Clients").
    expect((await get('get-current-month-revenue-per-client')).body).toMatchObject({
      value: 60,
      percent_change: -40,
      coverage: 'From the 83 % of takings whose payer is known.',
    });
  });

  it('say what they compare (to 13:00 BST on the 15th of each month) and what drove the change', async () => {
    const expenses = await get('get-current-month-expenses-total');
    expect(expenses.body.comparison).toMatchObject({
      current: { from: '2026-04-01', to: '2026-04-15', until: '13:00' },
      previous: { from: '2026-03-01', to: '2026-03-15', until: '13:00' },
    });
    // £1,201.20 against £300 of stock: the £1,200 rent is most of the £901.20 rise.
    expect(expenses.body.hint).toBe('Most of the rise is rent: £1,200 paid on 1 Apr');
  });
});

describe('monthly series', () => {
  it('gives 12 months, oldest first', async () => {
    const sales = await get('get-monthly-sales');
    expect(sales.body.monthly_sales).toHaveLength(12);
    expect(sales.body.monthly_sales.at(-1)).toEqual({ month: '2026-04', amount: 135 });
    const expenses = await get('get-monthly-expenses');
    expect(expenses.body.monthly_expenses.at(-1)).toEqual({ month: '2026-04', amount: 1201.2 });
    expect(expenses.body.monthly_expenses.at(-2)).toEqual({ month: '2026-03', amount: 300 });
  });
});

describe('sales and expense lines', () => {
  it('groups April sales by what was sold, services largest first, then card payouts and refunds', async () => {
    const res = await post('get-sales-for-month', { month: 'April', year: 2026 });
    expect(res.status).toBe(200);
    expect(res.body.sales).toEqual([
      { description: 'Cuts and styling', amount: 80, subtext: '2 transactions' },
      { description: 'Nails', amount: 40, subtext: '1 transaction' },
      { description: 'Card payouts', amount: 25, subtext: '1 transaction' },
      { description: 'Refunds', amount: -10, subtext: '1 transaction' },
    ]);
  });

  it('groups April expenses with positive amounts', async () => {
    const res = await post('get-expenses-for-month', { month: 4, year: '2026' });
    expect(res.body.expenses).toEqual([
      { description: 'Rent', amount: 1200, subtext: '1 transaction' },
      { description: 'Card processing fees', amount: 1.2, subtext: '1 transaction' },
    ]);
  });

  it.each([['april'], ['Apr'], ['4'], [4], [' April ']])('accepts the month %j', async (month) => {
    const res = await post('get-expenses-for-month', { month, year: 2026 });
    expect(res.status).toBe(200);
    expect(res.body.expenses).toHaveLength(2);
  });

  it('lists all sales and expenses over every month', async () => {
    const sales = await get('get-all-sales');
    expect(sales.body.sales.map((l: { description: string }) => l.description)).toContain('Colour');
    const expenses = await get('get-all-expenses');
    expect(expenses.body.expenses).toEqual([
      { description: 'Rent', amount: 1200, subtext: '1 transaction' },
      { description: 'Stock & supplies', amount: 300, subtext: '1 transaction' },
      { description: 'Card processing fees', amount: 1.2, subtext: '1 transaction' },
    ]);
  });
});

describe('bad input gets a 400 with a sentence', () => {
  it.each([
    [{ month: 'Smarch', year: 2026 }, 'month', 'Month must be 1 to 12 or an English month name'],
    [{ month: 13, year: 2026 }, 'month', 'Month must be 1 to 12 or an English month name'],
    [{ month: 0, year: 2026 }, 'month', 'Month must be 1 to 12 or an English month name'],
    [{ month: 4.5, year: 2026 }, 'month', 'Month must be 1 to 12 or an English month name'],
    [{ month: 4, year: 1999 }, 'year', 'Year must be a whole number from 2000 to next year'],
    [{ month: 4, year: 3000 }, 'year', 'Year must be a whole number from 2000 to next year'],
    [{ month: 4, year: 'abc' }, 'year', 'Year must be a whole number from 2000 to next year'],
    [{ month: 4 }, 'year', 'Year is required'],
    [{ year: 2026 }, 'month', 'Month is required'],
    [{ month: ['April'], year: 2026 }, 'month', 'Month is required'],
  ])('%j', async (body, field, message) => {
    for (const path of ['get-sales-for-month', 'get-expenses-for-month']) {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
      expect(res.body.error).toBeTypeOf('string');
    }
  });
});

describe('an owner with no data', () => {
  it('gets zeros, null changes and empty lists, never an error', async () => {
    expect((await get('get-current-month-sales-total', b)).body).toMatchObject({ value: 0, percent_change: null });
    expect((await get('get-current-month-expenses-total', b)).body).toMatchObject({ value: 0, percent_change: null });
    expect((await get('get-current-month-revenue-per-client', b)).body).toMatchObject({
      value: 0,
      percent_change: null,
    });
    expect((await get('get-all-sales', b)).body).toEqual({ sales: [] });
    expect((await get('get-all-expenses', b)).body).toEqual({ expenses: [] });
    expect((await post('get-sales-for-month', { month: 4, year: 2026 }, b)).body).toEqual({ sales: [] });
    const monthly = (await get('get-monthly-sales', b)).body.monthly_sales;
    expect(monthly.every((m: { amount: number }) => m.amount === 0)).toBe(true);
    // No goals saved and no books to suggest from: the spec's defaults, called suggestions.
    expect((await get('get-financial-goals', b)).body).toEqual({
      financial_goals: { margin_goal: 8, revenue_target: 6000, retention_rate: 15 },
      saved: false,
      suggested_from: [],
    });
  });
});

describe('two-user matrix', () => {
  const getRoutes = [
    'get-all-expenses',
    'get-all-sales',
    'get-monthly-expenses',
    'get-monthly-sales',
    'get-current-month-sales-total',
    'get-current-month-expenses-total',
    'get-current-month-revenue-per-client',
    'get-financial-goals',
    'get-user-details',
  ];
  it.each(getRoutes)("B's token on A's id gets 404, and no token gets 401: %s", async (route) => {
    const crossed = await server.get(`/api/database/${route}/${a.id}`, b.access_token);
    expect(crossed.status).toBe(404);
    expect((await server.get(`/api/database/${route}/${a.id}`)).status).toBe(401);
  });
  it.each(['get-sales-for-month', 'get-expenses-for-month'])("B's token on A's id gets 404: %s", async (route) => {
    const crossed = await server.post(`/api/database/${route}/${a.id}`, { month: 4, year: 2026 }, b.access_token);
    expect(crossed.status).toBe(404);
    expect((await server.post(`/api/database/${route}/${a.id}`, { month: 4, year: 2026 })).status).toBe(401);
  });
});
