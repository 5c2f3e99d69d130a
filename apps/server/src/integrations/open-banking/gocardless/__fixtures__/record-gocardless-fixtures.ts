/**
 * Records the GoCardless JSON the transform and error tests read, from the GoCardless simulator alone on loopback:
 *   npx tsx apps/server/src/integrations/open-banking/gocardless/__fixtures__/record-gocardless-fixtures.ts
 * Same seed and clock, same files (ids of requisitions, agreements and accounts are random per run). Tokens are
 * replaced by placeholders and the bank list is cut to its first three banks.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gocardless } from '@brade/sandbox';
import { pressConsentButton } from '../../../../test/consent-form-browser.js';

const SEED = 'brade-demo';
const NOW = new Date('2026-03-10T18:00:00Z');
const REDIRECT = 'http://127.0.0.1:5999/gocardless-redirect';
const here = path.dirname(fileURLToPath(import.meta.url));
const RATE_HEADERS = [
  'retry-after',
  'x-ratelimit-account-success-limit',
  'x-ratelimit-account-success-remaining',
  'x-ratelimit-account-success-reset',
  'http_x_ratelimit_account_success_remaining',
];

function save(name: string, value: unknown): void {
  writeFileSync(path.join(here, name), `${JSON.stringify(value, null, 2)}\n`);
  console.info(`wrote ${name}`);
}

async function main(): Promise<void> {
  const sim = await gocardless.startGocardlessSimulator({ seed: SEED, now: () => NOW, redirectUris: [REDIRECT] });
  const api = `${sim.url}/api/v2`;
  const call = async (method: string, route: string, body?: unknown, token?: string) => {
    const response = await fetch(`${api}${route}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : null,
    });
    const headers = Object.fromEntries(
      RATE_HEADERS.flatMap((h) => (response.headers.has(h) ? [[h, response.headers.get(h)]] : [])),
    );
    return { status: response.status, headers, body: (await response.json()) as Record<string, unknown> };
  };
  try {
    const token = await call('POST', '/token/new/', { secret_id: 'fixtures', secret_key: 'fixtures-secret' });
    const access = token.body.access as string;
    save('token-new.json', {
      ...token.body,
      access: 'gcbad_sim_access_RECORDED',
      refresh: 'gcbad_sim_refresh_RECORDED',
    });
    const as = (method: string, route: string, body?: unknown) => call(method, route, body, access);

    save(
      'institutions.json',
      ((await as('GET', '/institutions/?country=gb')).body as unknown as unknown[]).slice(0, 3),
    );
    const bank = 'SANDBOXFINANCE_SFIN0000';
    const agreement = await as('POST', '/agreements/enduser/', {
      institution_id: bank,
      max_historical_days: 730,
      access_valid_for_days: 90,
      access_scope: ['balances', 'details', 'transactions'],
    });
    save('agreement-created.json', agreement.body);
    const requisition = await as('POST', '/requisitions/', {
      redirect: REDIRECT,
      institution_id: bank,
      reference: 'fixture-reference',
      agreement: agreement.body.id,
      user_language: 'EN',
    });
    save('requisition-created.json', requisition.body);
    const back = await pressConsentButton(requisition.body.link as string, 'approve');
    save('redirect-approved.json', { url: back.toString() });
    const linked = await as('GET', `/requisitions/${requisition.body.id}/`);
    save('requisition-linked.json', linked.body);
    save('agreement-accepted.json', (await as('GET', `/agreements/enduser/${agreement.body.id}/`)).body);

    const account = (linked.body.accounts as string[])[0]!;
    const transactions = await as('GET', `/accounts/${account}/transactions/?date_from=2026-03-06&date_to=2026-03-10`);
    save('transactions.json', transactions.body);
    save('transactions-headers.json', transactions.headers);
    for (let i = 0; i < 3; i++) await as('GET', `/accounts/${account}/transactions/`);
    save('error-daily-limit.json', await as('GET', `/accounts/${account}/transactions/`));

    const denied = await as('POST', '/requisitions/', {
      redirect: REDIRECT,
      institution_id: bank,
      reference: 'denied-ref',
    });
    save('redirect-denied.json', { url: (await pressConsentButton(denied.body.link as string, 'deny')).toString() });
    save('requisition-rejected.json', (await as('GET', `/requisitions/${denied.body.id}/`)).body);

    save(
      'error-field.json',
      await as('POST', '/agreements/enduser/', { institution_id: bank, max_historical_days: 9999 }),
    );
    sim.control.expireConsent(requisition.body.id as string);
    save('error-access-expired.json', await as('GET', `/accounts/${account}/balances/`));
    save(
      'error-eua-expired.json',
      await as('POST', '/requisitions/', { redirect: REDIRECT, institution_id: bank, agreement: agreement.body.id }),
    );
    sim.control.revokeToken(access);
    save('error-invalid-token.json', await as('GET', '/institutions/?country=gb'));
  } finally {
    await sim.close();
  }
}

await main();
