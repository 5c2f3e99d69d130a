/**
 * Records the SumUp JSON the transform tests read, from the SumUp simulator started alone on loopback:
 *   npx tsx apps/server/src/integrations/card-providers/sumup/__fixtures__/record-sumup-fixtures.ts
 * Same seed and clock, same files. Tokens in the recorded token answer are replaced by placeholders.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSalonData, sumup } from '@brade/sandbox';
import { pressConsentButton } from '../../../../test/consent-form-browser.js';

export const FIXTURE_SEED = 'brade-demo';
export const FIXTURE_NOW = new Date('2026-03-10T18:00:00Z');
const REDIRECT = 'http://127.0.0.1:5999/sumup-redirect';
const CLIENT = { id: 'brade-fixtures', secret: 'fixtures-secret' };
const here = path.dirname(fileURLToPath(import.meta.url));

function save(name: string, value: unknown): void {
  writeFileSync(path.join(here, name), `${JSON.stringify(value, null, 2)}\n`);
  console.info(`wrote ${name}`);
}

async function main(): Promise<void> {
  const sim = await sumup.startSumupSimulator({
    seed: FIXTURE_SEED,
    now: () => FIXTURE_NOW,
    redirectUris: [REDIRECT],
  });
  try {
    const consent = new URLSearchParams({
      response_type: 'code',
      client_id: CLIENT.id,
      redirect_uri: REDIRECT,
      scope: 'transactions.history',
      state: 'fixture-state',
    });
    const code = (await pressConsentButton(`${sim.url}/authorize?${consent}`, 'approve')).searchParams.get('code')!;
    const token = (fields: Record<string, string>) =>
      fetch(`${sim.url}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`,
        },
        body: new URLSearchParams(fields).toString(),
      });
    const exchange = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT };
    const tokens = (await (await token(exchange)).json()) as { access_token: string; refresh_token: string };
    save('token.json', { ...tokens, access_token: 'sumup_sim_at_RECORDED', refresh_token: 'sumup_sim_rt_RECORDED' });

    const get = async (pathAndQuery: string, bearer = tokens.access_token) => {
      const response = await fetch(`${sim.url}${pathAndQuery}`, { headers: { authorization: `Bearer ${bearer}` } });
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.json()) as Record<string, unknown>,
      };
    };
    const memberships = await get('/v0.1/memberships');
    save('memberships.json', memberships.body);
    const code8 = (memberships.body.items as Array<{ resource: { id: string } }>)[0]!.resource.id;
    const merchant = `/v2.1/merchants/${code8}`;

    // A page with a refunded sale, the page with its refund, and today's newest sales (not paid out yet).
    const data = generateSalonData({ seed: FIXTURE_SEED, from: '2026-01-01', to: '2026-03-10' });
    const refund = data.refunds.find((r) => r.processor === 'sumup')!;
    const sale = data.payments.find((p) => p.id === refund.paymentId)!;
    const pages = {
      'history-refunded-sale.json': `oldest_time=${sale.occurredAt.toISOString()}&limit=3`,
      'history-refund.json': `oldest_time=${refund.occurredAt.toISOString()}&limit=2`,
      'history-newest.json': 'order=descending&limit=2',
    };
    const details: unknown[] = [];
    for (const [name, query] of Object.entries(pages)) {
      const page = (await get(`${merchant}/transactions/history?${query}`)).body;
      save(name, page);
      for (const item of page.items as Array<{ id: string; type: string }>) {
        if (item.type === 'PAYMENT') details.push((await get(`${merchant}/transactions?id=${item.id}`)).body);
      }
    }
    save('transaction-details.json', details);
    save(
      'payouts.json',
      (await get(`/v1.0/merchants/${code8}/payouts?start_date=2026-03-05&end_date=2026-03-06`)).body,
    );

    sim.control.injectFaults({ status: 429, count: 1, retryAfterSeconds: 7 });
    save('error-rate-limited.json', await get(`${merchant}/transactions/history`));
    // Replaying a code revokes what it issued (RFC 6749 section 4.1.2): the token and its refresh token die.
    const replay = await token(exchange);
    save('error-code-reused.json', { status: replay.status, body: await replay.json() });
    save('error-revoked-token.json', await get(`${merchant}/transactions/history`));
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    save('error-refresh-revoked.json', { status: refreshed.status, body: await refreshed.json() });
  } finally {
    await sim.close();
  }
}

await main();
