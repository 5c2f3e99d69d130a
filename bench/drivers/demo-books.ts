/**
 * The demo salon's books for one calendar year, as an owner sees them over HTTP: the demo account imports its whole
 * history from its simulators through the real adapters (PGlite in memory), then this prints the year's revenue,
 * expenses and net income from the monthly calls and the twelve income statements, the year's expense lines, and the
 * VAT view of each quarter.
 * The figures of docs/finance.md come from here.
 *   npx tsx bench/drivers/demo-books.ts [--year 2026]
 */
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNT } from '@brade/contract';
import { startImportedDemo } from './imported-demo.js';

const { values } = parseArgs({ options: { year: { type: 'string', default: '2026' } } });
const year = Number(values.year);
// The last evening of the year: the monthly calls' twelve months are its calendar months, and every month's report
// is within "the current calendar year". Ahead of the wall clock, which the import queue follows.
const NOW = new Date(`${year}-12-31T22:00:00Z`);

type Row = { description: string; amount: number | null; header: boolean; total: boolean; net_income: boolean };

const pounds = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const pence = (amount: number) => Math.round(amount * 100);

async function main() {
  const { server, demoId } = await startImportedDemo(NOW);
  try {
    const _db = server.ctx.database.db;
    const signin = await server.post('/api/signin_user', {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
    });
    const token = signin.body.access_token as string;
    const sales = await server.get(`/api/database/get-monthly-sales/${demoId}`, token);
    const expenses = await server.get(`/api/database/get-monthly-expenses/${demoId}`, token);
    const sum = (list: Array<{ amount: number }>) => list.reduce((s, m) => s + pence(m.amount), 0);
    console.log(`Demo salon, ${year} (cash basis, Europe/London months)`);
    console.log(`  monthly sales call, 12 months:    ${pounds(sum(sales.body.monthly_sales))}`);
    console.log(`  monthly expenses call, 12 months: ${pounds(sum(expenses.body.monthly_expenses))}`);

    const statementTotals = new Map<string, number>();
    const expenseLines = new Map<string, number>();
    for (let month = 1; month <= 12; month++) {
      for (const type of ['income_statement', 'expense'] as const) {
        const res = await server.post(`/api/database/get-report/${demoId}`, { type, month, year }, token);
        if (res.status !== 200) throw new Error(`report ${type} ${month}: ${res.status} ${JSON.stringify(res.body)}`);
        for (const row of res.body.report.rows as Row[]) {
          if (row.amount === null) continue;
          const into = type === 'income_statement' ? statementTotals : expenseLines;
          if (type === 'income_statement' && !row.total && !row.net_income) continue;
          into.set(row.description, (into.get(row.description) ?? 0) + pence(row.amount));
        }
      }
    }
    console.log('  income statements, summed over the 12 months:');
    for (const [label, amount] of statementTotals) console.log(`    ${label.padEnd(32)} ${pounds(amount)}`);
    console.log('  expense report lines, summed over the 12 months:');
    for (const [label, amount] of [...expenseLines].sort((a, b) => b[1] - a[1]))
      console.log(`    ${label.padEnd(32)} ${pounds(amount)}`);
    console.log('  VAT view, each quarter:');
    for (const month of [3, 6, 9, 12]) {
      const res = await server.post(`/api/database/get-report/${demoId}`, { type: 'vat', month, year }, token);
      if (res.status !== 200) throw new Error(`VAT ${month}: ${res.status} ${JSON.stringify(res.body)}`);
      const rows = (res.body.report.rows as Array<Row & { subtext?: string }>)
        .map(
          (r) =>
            `${r.description} ${r.amount === null ? '' : pounds(pence(r.amount))}${r.subtext ? ` (${r.subtext})` : ''}`,
        )
        .join('; ');
      console.log(`    ${res.body.report.period.from} – ${res.body.report.period.to}: ${rows}`);
    }
  } finally {
    await server.close();
  }
}

await main();
