import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';

/** One processor payment as client identity sees it (docs/finance.md, "Clients"). */
export interface PayerRow {
  id: string;
  provider: string;
  externalId: string;
  payerCustomerKey: string | null;
  payerCardKey: string | null;
  payerEmailKey: string | null;
}

/**
 * Which payments belong to the same person (docs/finance.md, "Clients"): within a processor by its customer id,
 * else the card's fingerprint (both keys are already scoped to their processor when stored, so a fingerprint
 * never links two processors); across processors by the payer's e-mail key. A union-find over the rows and those
 * keys; each group's id is a hash of the smallest row label in it, so the same rows always give the same ids,
 * whatever order they arrive in.
 */
export function assignClientIds(rows: readonly PayerRow[]): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root)! !== root) root = parent.get(root)!;
    let node = x;
    while (node !== root) {
      const next = parent.get(node)!;
      parent.set(node, root);
      node = next;
    }
    return root;
  };
  const add = (x: string) => {
    if (!parent.has(x)) parent.set(x, x);
  };
  const union = (a: string, b: string) => {
    add(a);
    add(b);
    const ra = find(a);
    const rb = find(b);
    // The smaller label is the root, so each group's root is its smallest label.
    if (ra !== rb) ra < rb ? parent.set(rb, ra) : parent.set(ra, rb);
  };
  const labelOf = (r: PayerRow) => `row:${r.provider}:${r.externalId}`;
  for (const r of rows) {
    const label = labelOf(r);
    add(label);
    const processorKey = r.payerCustomerKey
      ? `customer:${r.payerCustomerKey}`
      : r.payerCardKey
        ? `card:${r.payerCardKey}`
        : null;
    if (processorKey) union(label, processorKey);
    if (r.payerEmailKey) union(label, `email:${r.payerEmailKey}`);
  }
  // The group's smallest row label (not a key, which would give the hash back) names it.
  const smallestRow = new Map<string, string>();
  for (const r of rows) {
    const root = find(labelOf(r));
    const label = labelOf(r);
    const known = smallestRow.get(root);
    if (known === undefined || label < known) smallestRow.set(root, label);
  }
  const ids = new Map<string, string>();
  for (const r of rows) {
    const name = smallestRow.get(find(labelOf(r)))!;
    ids.set(r.id, `c_${createHash('sha256').update(name).digest('base64url').slice(0, 22)}`);
  }
  return ids;
}

/** Rows a batch of client id updates carries per statement. */
const BATCH = 5000;

/**
 * Recomputes the owner's client ids from every processor payment and service paid by voucher (called by the
 * import in its transaction, after the rows are written), writing only the rows whose id changed: a new payment
 * can join two groups into one person, so earlier rows may change id too.
 */
export async function refreshClientIds(db: Db, userId: string): Promise<number> {
  const rows = rowsOf<{
    id: string;
    provider: string;
    external_id: string;
    payer_customer_key: string | null;
    payer_card_key: string | null;
    payer_email_key: string | null;
    client_id: string | null;
  }>(
    await db.execute(sql`
      select id, provider, external_id, payer_customer_key, payer_card_key, payer_email_key, client_id
      from ledger_transactions
      where user_id = ${userId} and provider <> 'bank' and kind in ('sale', 'voucher_redemption')`),
  );
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
  const changed = rows.filter((r) => ids.get(r.id) !== r.client_id);
  for (let i = 0; i < changed.length; i += BATCH) {
    const batch = changed.slice(i, i + BATCH);
    await db.execute(sql`
      update ledger_transactions l set client_id = u.client_id
      from unnest(${sql.param(batch.map((r) => r.id))}::uuid[], ${sql.param(batch.map((r) => ids.get(r.id)!))}::text[])
        as u(id, client_id)
      where l.id = u.id and l.user_id = ${userId}`);
  }
  return changed.length;
}

/**
 * A row that is a service a client received (docs/finance.md, "Clients"): a card sale that is not a deposit or a
 * gift voucher sold, or a service paid with a voucher. A deposit is part of the visit its balance pays for; a
 * voucher's buyer is not, by buying, a client.
 */
export const isServiceRow = sql`(client_id is not null and ((kind = 'sale' and sale_purpose is null) or kind = 'voucher_redemption'))`;
