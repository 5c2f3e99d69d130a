/**
 * Records the Square JSON (snake_case, as on the wire) the transform tests read: a standalone simulator is
 * connected like the app does, then locations, payments, refunds and payouts are fetched over plain HTTP and a
 * handful kept: a payment that was later refunded, that refund, a payment by a known customer if the refunded one
 * was a guest's (or the other way round), and one payout per location; then the kept payments' orders (what they
 * paid for), one paid after a deposit and one keyed as an amount without items, and the seller's team.
 * Run: npx tsx <this file>
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { square as squareSimulator } from '@brade/sandbox';
import { answerSquareConsent } from '../../../test/square-consent-browser.js';

const NOW = new Date('2026-05-14T15:00:00Z');
const SEED = 'brade-fixtures';
const REDIRECT_URI = 'http://127.0.0.1:5173/square-redirect';
const SINCE = '2026-02-14T00:00:00Z';

type Json = Record<string, unknown>;

// A fixed public URL keeps the receipt links in the recording the same from one run to the next.
const sim = await squareSimulator.startSquareSimulator({
  seed: SEED,
  now: () => NOW,
  publicBaseUrl: 'http://localhost:3000/sandbox/square',
  redirectUris: [REDIRECT_URI],
});
try {
  const { clientId, clientSecret } = sim.control.credentials;
  const scope = 'PAYMENTS_READ PAYOUTS_READ MERCHANT_PROFILE_READ ORDERS_READ EMPLOYEES_READ';
  const authorize = `${sim.url}/oauth2/authorize?${new URLSearchParams({ client_id: clientId, scope, session: 'false', state: 'fixtures', redirect_uri: REDIRECT_URI })}`;
  const code = (await answerSquareConsent(authorize, 'approve')).searchParams.get('code')!;
  const token = (await (
    await fetch(`${sim.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: clientId,
        client_secret: clientSecret,
        code,
        grant_type: 'authorization_code',
      }),
    })
  ).json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token.access_token}`, 'square-version': '2026-09-16' };
  const get = async (pathAndQuery: string): Promise<Json> =>
    (await fetch(`${sim.url}${pathAndQuery}`, { headers }).then((response) => response.json())) as Json;
  const post = async (pathAndQuery: string, body: Json): Promise<Json> =>
    (await fetch(`${sim.url}${pathAndQuery}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((response) => response.json())) as Json;

  const all = async (pathAndQuery: string, key: string): Promise<Json[]> => {
    const items: Json[] = [];
    for (let cursor: string | undefined; ; ) {
      const page = await get(`${pathAndQuery}${cursor ? `&cursor=${cursor}` : ''}`);
      items.push(...((page[key] as Json[] | undefined) ?? []));
      cursor = page.cursor as string | undefined;
      if (!cursor) return items;
    }
  };

  const locations = await get('/v2/locations');
  const [main, bar] = (locations.locations as Json[]).map((location) => location.id as string) as [string, string];
  const window = `begin_time=${SINCE}&end_time=${NOW.toISOString()}&sort_order=ASC&limit=100`;
  const payments = await all(`/v2/payments?location_id=${main}&${window}`, 'payments');
  const refunds = await all(`/v2/refunds?${window}`, 'refunds');
  const refund = refunds.find((r) => payments.some((p) => p.id === r.payment_id));
  const refunded = payments.find((p) => p.id === refund?.payment_id);
  const customer = payments.find((p) => Boolean(p.customer_id) !== Boolean(refunded?.customer_id) && !p.refund_ids);
  const mainPayout = (await all(`/v2/payouts?location_id=${main}&${window}`, 'payouts')).at(-1);
  const barPayout = (await all(`/v2/payouts?location_id=${bar}&${window}`, 'payouts')).at(-1);
  if (!refund || !refunded || !customer || !mainPayout || !barPayout)
    throw new Error('nothing to record: widen the window');
  const recent = await post('/v2/orders/batch-retrieve', { order_ids: payments.slice(-100).map((p) => p.order_id) });
  const recentOrders = (recent.orders as Json[]) ?? [];
  const afterDeposit = recentOrders.find((o) => o.discounts);
  const keyedAmount = recentOrders.find((o) => (o.line_items as Json[]).some((l) => l.item_type === 'CUSTOM_AMOUNT'));
  const kept = await post('/v2/orders/batch-retrieve', { order_ids: [customer.order_id, refunded.order_id] });
  if (!afterDeposit || !keyedAmount)
    throw new Error('no order after a deposit or keyed as an amount: widen the window');
  const team = await post('/v2/team-members/search', { limit: 200 });

  const folder = path.join(import.meta.dirname, '__fixtures__');
  mkdirSync(folder, { recursive: true });
  const save = (name: string, body: Json) =>
    writeFileSync(path.join(folder, name), `${JSON.stringify(body, null, 2)}\n`);
  save('payments.json', { payments: [customer, refunded] });
  save('refunds.json', { refunds: [refund] });
  save('payouts.json', { payouts: [mainPayout, barPayout] });
  save('orders.json', { orders: [...(kept.orders as Json[]), afterDeposit, keyedAmount] });
  save('team.json', team);
  // In the repository's JSON style, so a re-recording only shows real changes.
  execFileSync('npx', ['biome', 'format', '--write', folder], { stdio: 'ignore' });
  console.log(`recorded Square fixtures into ${folder}`);
} finally {
  await sim.close();
}
