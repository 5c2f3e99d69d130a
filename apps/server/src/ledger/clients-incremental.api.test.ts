import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { markConnected } from '../integrations/connections.js';
import { TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import type { SourceTransaction } from './classify.js';
import { assignClientIds, groupCandidate, planClientIds } from './clients.js';
import { importTransactions } from './import.js';

// The import works client ids out batch by batch from the groups its payers join (ledger/clients.ts); these tests
// hold it to the definition: after every import, the ids are those of recomputing every group from all the rows.

let server: TestServer;
const db = () => server.ctx.database.db;

type Payment = Extract<SourceTransaction, { type: 'payment' | 'refund' | 'fee' | 'payout' }>;
const PROVIDERS = ['stripe', 'square', 'sumup'] as const;

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A payment whose payer keys come from small pools, so groups join and (when re-imported) split. */
function payment(next: () => number, provider: Payment['provider'], externalId: string): Payment {
  const pick = (n: number, name: string) => (next() < 0.5 ? `${name}_${Math.floor(next() * n)}` : undefined);
  const roll = next();
  return {
    provider,
    type: roll < 0.08 ? 'refund' : 'payment',
    externalId,
    occurredAt: new Date(Date.UTC(2026, 3, 1 + Math.floor(next() * 60), 10)),
    amountPence: 1000 + Math.floor(next() * 5000),
    description: 'Service',
    customerId: pick(6, `cus_${provider}`),
    cardFingerprint: pick(8, 'fp'),
    payerEmail: next() < 0.4 ? `p${Math.floor(next() * 10)}@x.example` : undefined,
    purpose: roll > 0.95 ? 'voucher_redemption' : roll > 0.9 ? 'deposit' : undefined,
  } as Payment;
}

async function storedClients(userId: string) {
  return rowsOf<{
    id: string;
    provider: string;
    external_id: string;
    payer_customer_key: string | null;
    payer_card_key: string | null;
    payer_email_key: string | null;
    client_id: string | null;
  }>(
    await db().execute(sql`select id, provider, external_id, payer_customer_key, payer_card_key, payer_email_key,
      client_id from ledger_transactions
      where user_id = ${userId} and provider <> 'bank' and kind in ('sale', 'voucher_redemption')`),
  );
}

/** Every client row's stored id against recomputing all groups from all the rows. */
async function expectDefinition(userId: string) {
  const rows = await storedClients(userId);
  const ids = assignClientIds(
    rows.map((r) => ({
      id: r.id,
      provider: r.provider,
      externalId: r.external_id,
      payerCustomerKey: r.payer_customer_key,
      payerCardKey: r.payer_card_key,
      payerEmailKey: r.payer_email_key,
    })),
  );
  for (const r of rows) {
    expect(r.client_id, `${r.provider}:${r.external_id}`).toBe(ids.get(r.id));
  }
  return rows;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('client ids worked out batch by batch are those of the definition (docs/finance.md, "Clients")', () => {
  it('over 40 imports of new payments, re-imports with other keys and kinds, in batches of every size', async () => {
    const owner = await signUpAndConfirm(server);
    for (const p of PROVIDERS) await markConnected(db(), owner.id, p);
    const next = random(21);
    const written: Payment[] = [];
    let merged = 0;
    for (let round = 0; round < 40; round++) {
      const batch: Payment[] = [];
      const size = 1 + Math.floor(next() * 12);
      for (let i = 0; i < size; i++) {
        const provider = PROVIDERS[Math.floor(next() * PROVIDERS.length)]!;
        const again = written.length > 0 && next() < 0.25;
        // A re-import is the same payment (same id) as the provider now reports it: mostly unchanged.
        const earlier = again ? written[Math.floor(next() * written.length)]! : null;
        batch.push(
          earlier && next() < 0.7
            ? earlier
            : payment(next, earlier?.provider ?? provider, earlier?.externalId ?? `p${round}_${i}`),
        );
      }
      const before = new Set((await storedClients(owner.id)).map((r) => r.client_id));
      await importTransactions(db(), owner.id, batch, TEST_IMPORT);
      written.push(...batch);
      const after = await expectDefinition(owner.id);
      if ([...before].some((id) => id && !after.some((r) => r.client_id === id))) merged += 1;
    }
    // The rounds joined earlier groups together, so the merges were exercised, not only new groups.
    expect(merged).toBeGreaterThan(5);
  });

  it('a new payment joins the groups of its keys without recomputing them; a changed key asks for all groups', async () => {
    const owner = await signUpAndConfirm(server);
    await markConnected(db(), owner.id, 'stripe');
    const first = payment(random(1), 'stripe', 'ch_a');
    Object.assign(first, {
      type: 'payment',
      customerId: 'cus_a',
      cardFingerprint: undefined,
      payerEmail: 'a@x.example',
      purpose: undefined,
    });
    await importTransactions(db(), owner.id, [first], TEST_IMPORT);
    const row = {
      provider: 'stripe',
      externalId: 'ch_b',
      kind: 'sale',
      payerCustomerKey: null,
      payerCardKey: null,
      payerEmailKey: TEST_IMPORT.hashPayer('email:a@x.example'),
    };
    const [stored] = await storedClients(owner.id);
    const plan = await planClientIds(db(), owner.id, [row], new Map());
    expect(plan.mode).toBe('incremental');
    if (plan.mode === 'incremental') {
      // ch_b joins ch_a's group by the e-mail, whose name the group already has: nothing earlier is renamed.
      expect(stored!.client_id).toBe(groupCandidate(row));
      expect(plan.ids.get('row:stripe:ch_b')).toBe(stored!.client_id);
      expect(plan.merges).toEqual([]);
    }
    const changed = { ...row, externalId: 'ch_a', payerEmailKey: null };
    const again = await planClientIds(
      db(),
      owner.id,
      [changed],
      new Map([
        [
          'row:stripe:ch_a',
          {
            ...changed,
            payerEmailKey: row.payerEmailKey,
            payerCustomerKey: stored!.payer_customer_key,
            clientId: stored!.client_id,
          },
        ],
      ]),
    );
    expect(again.mode).toBe('full');
  });

  it('rows imported before their groups were kept have every group worked out by the next import', async () => {
    const owner = await signUpAndConfirm(server);
    await markConnected(db(), owner.id, 'stripe');
    const next = random(7);
    await importTransactions(
      db(),
      owner.id,
      Array.from({ length: 20 }, (_, i) => payment(next, 'stripe', `old_${i}`)),
      TEST_IMPORT,
    );
    // As a database migrated from before client identity holds them.
    await db().execute(sql`update ledger_transactions set client_id = null where user_id = ${owner.id}`);
    await importTransactions(db(), owner.id, [payment(next, 'stripe', 'new_1')], TEST_IMPORT);
    const rows = await expectDefinition(owner.id);
    expect(rows.length).toBeGreaterThan(15);
  });

  it("migration 0016's SQL names a payment exactly as the server does", async () => {
    const rows = [
      { provider: 'stripe', externalId: 'txn_1', payerCustomerKey: 'k1', payerCardKey: 'f1', payerEmailKey: 'e1' },
      { provider: 'square', externalId: 'sq_Zz-9', payerCustomerKey: 'k/+2', payerCardKey: 'f2', payerEmailKey: null },
      { provider: 'sumup', externalId: 'é_ü', payerCustomerKey: null, payerCardKey: 'f3', payerEmailKey: null },
      { provider: 'stripe', externalId: 'txn_4', payerCustomerKey: null, payerCardKey: null, payerEmailKey: null },
    ];
    const col = (pick: (r: (typeof rows)[number]) => string | null) => sql.param(rows.map(pick));
    const h = (label: SQL) =>
      sql`substr(translate(encode(sha256(convert_to(${label}, 'UTF8')), 'base64'), '+/', '-_'), 1, 22)`;
    const named = rowsOf<{ id: string }>(
      await db().execute(sql`select case
          when payer_email_key is not null then 'ce_' || ${h(sql`'email:' || payer_email_key`)}
          when payer_customer_key is not null then 'cp_' || ${h(sql`'customer:' || payer_customer_key`)}
          when payer_card_key is not null then 'cp_' || ${h(sql`'card:' || payer_card_key`)}
          else 'cr_' || ${h(sql`'row:' || provider || ':' || external_id`)} end as id
        from unnest(${col((r) => r.provider)}::text[], ${col((r) => r.externalId)}::text[],
          ${col((r) => r.payerCustomerKey)}::text[], ${col((r) => r.payerCardKey)}::text[],
          ${col((r) => r.payerEmailKey)}::text[])
          with ordinality as u(provider, external_id, payer_customer_key, payer_card_key, payer_email_key, n)
        order by n`),
    );
    expect(named.map((r) => r.id)).toEqual(rows.map(groupCandidate));
  });
});
