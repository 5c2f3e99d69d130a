/**
 * The demo salon's clients and retention as the app measures them: the demo account imports its whole history from
 * its simulators through the real adapters (PGlite in memory), then this prints, per month, the distinct clients who
 * had a service (the revenue-per-client count, docs/finance.md "Clients") and the answer of
 * `GET /api/database/get-retention/{id}` (docs/finance.md "Retention"). bench/demo-retention.mjs gives the
 * generator's own truth beside the same definitions in seconds; this is the slow check that the import agrees.
 *   npx tsx bench/drivers/demo-retention.ts [--today 2026-11-27]
 */
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNT } from '@brade/contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../apps/server/src/db/client.js';
import { isServiceRow } from '../../apps/server/src/ledger/clients.js';
import { startImportedDemo } from './imported-demo.js';

const { values } = parseArgs({ options: { today: { type: 'string', default: '2026-11-27' } } });
// Midday in London on the chosen day: the demo's history reaches back 17 months from it.
const NOW = new Date(`${values.today}T12:00:00Z`);

async function main() {
  const { server, demoId } = await startImportedDemo(NOW);
  try {
    const db = server.ctx.database.db;
    const perMonth = rowsOf<{ month: string; clients: string; identified: string }>(
      await db.execute(sql`
        select to_char(local_date, 'YYYY-MM') as month, count(distinct client_id) as clients,
          count(distinct client_id) filter (where payer_customer_key is not null or payer_card_key is not null
            or payer_email_key is not null) as identified
        from ledger_transactions where user_id = ${demoId} and ${isServiceRow}
        group by 1 order by 1`),
    );
    console.log(`Demo salon as the app counts it, today ${values.today}`);
    console.log('  month    clients with a service (of whom identified)');
    for (const r of perMonth) console.log(`  ${r.month}  ${String(r.clients).padStart(5)} (${r.identified})`);
    const signin = await server.post('/api/signin_user', {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
    });
    const token = signin.body.access_token as string;
    const res = await server.get(`/api/database/get-retention/${demoId}`, token);
    if (res.status !== 200) throw new Error(`get-retention: ${res.status} ${JSON.stringify(res.body)}`);
    console.log('  new-client retention (returned within 90 days):');
    for (const m of res.body.new_client)
      console.log(
        `    ${m.month}  ${String(m.returned).padStart(4)} of ${String(m.new_clients).padStart(4)}  ${m.percent} %`,
      );
    console.log('  overall retention (seen in the 90 days before, again in the 90 after):');
    for (const m of res.body.overall)
      console.log(
        `    ${m.date}  ${String(m.seen_again).padStart(4)} of ${String(m.clients).padStart(4)}  ${m.percent} %`,
      );
  } finally {
    await server.close();
  }
}

await main();
