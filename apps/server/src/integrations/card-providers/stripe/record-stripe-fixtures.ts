/**
 * Records the Stripe JSON the transform tests read: a standalone simulator is connected like the app does, then
 * balance transactions with their sources expanded are fetched over plain HTTP and a handful kept (a payment by a
 * known customer, a guest payment, a refund, a payout). Run: npx tsx <this file>
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripe as stripeSimulator } from '@brade/sandbox';
import { answerStripeConsent } from '../../../test/stripe-consent-browser.js';

const NOW = new Date('2026-05-14T15:00:00Z');
const SEED = 'brade-fixtures';
const REDIRECT_URI = 'http://127.0.0.1:5173/stripe-redirect';

interface BalanceTransaction {
  id: string;
  type: string;
  source: { customer?: string | null; object: string } | string | null;
}

const sim = await stripeSimulator.startStripeSimulator({ seed: SEED, now: () => NOW, redirectUris: [REDIRECT_URI] });
try {
  const { clientId, clientSecret } = sim.control.credentials;
  const authorize = `${sim.url}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, scope: 'read_only', redirect_uri: REDIRECT_URI, state: 'fixtures' })}`;
  const code = (await answerStripeConsent(authorize, 'approve')).searchParams.get('code')!;
  const token = (await (
    await fetch(`${sim.url}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${clientSecret}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code }),
    })
  ).json()) as { stripe_user_id: string };

  const since = Math.floor(NOW.getTime() / 1000) - 21 * 86_400;
  const query = `limit=100&created[gte]=${since}&expand[]=data.source`;
  const response = await fetch(`${sim.url}/v1/balance_transactions?${query}`, {
    headers: { authorization: `Bearer ${clientSecret}`, 'stripe-account': token.stripe_user_id },
  });
  const list = (await response.json()) as { data: BalanceTransaction[] };
  const charges = list.data.filter((t) => t.type === 'charge');
  const pick = [
    charges.find((t) => typeof t.source === 'object' && t.source?.customer),
    charges.find((t) => typeof t.source === 'object' && !t.source?.customer),
    list.data.find((t) => t.type === 'refund'),
    list.data.find((t) => t.type === 'payout'),
  ];
  if (pick.some((t) => !t)) throw new Error('the window holds no refund, payout or guest payment: widen it');
  const fixture = { object: 'list', data: pick, has_more: false, url: '/v1/balance_transactions' };
  const folder = path.join(import.meta.dirname, '__fixtures__');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'balance-transactions.json'), `${JSON.stringify(fixture, null, 2)}\n`);
  // In the repository's JSON style, so a re-recording only shows real changes.
  execFileSync('npx', ['biome', 'format', '--write', folder], { stdio: 'ignore' });
  console.log(`recorded ${pick.length} balance transactions into ${folder}`);
} finally {
  await sim.close();
}
