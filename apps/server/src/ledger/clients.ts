import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { CLIENT_ROW } from './tables.js';

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
 * keys. Each group's id is the smallest name of its nodes (groupCandidate): an e-mail key's before a processor
 * key's before a payment's own, so the same rows always give the same ids, whatever order they arrive in, and a
 * new payment of a known payer leaves its group's id as it was: only a new key can rename a group.
 */
export function assignClientIds(rows: readonly PayerRow[]): Map<string, string> {
  const groups = new Groups();
  for (const r of rows) {
    const label = rowLabel(r);
    groups.find(label);
    const processorKey = processorKeyOf(r);
    if (processorKey) groups.union(label, processorKey);
    if (r.payerEmailKey) groups.union(label, `email:${r.payerEmailKey}`);
  }
  const smallest = new Map<string, string>();
  for (const r of rows) {
    const top = groups.find(rowLabel(r));
    const id = groupCandidate(r);
    const known = smallest.get(top);
    if (known === undefined || id < known) smallest.set(top, id);
  }
  const ids = new Map<string, string>();
  for (const r of rows) ids.set(r.id, smallest.get(groups.find(rowLabel(r)))!);
  return ids;
}

/** A payment's label in the union-find. */
export const rowLabel = (r: { provider: string; externalId: string }) => `row:${r.provider}:${r.externalId}`;

const hashOf = (label: string) => createHash('sha256').update(label).digest('base64url').slice(0, 22);

/**
 * The smallest name a payment offers its group (docs/finance.md, "Clients"): its e-mail key's (`ce_`), else its
 * processor key's (`cp_`), else its own (`cr_`); the prefixes sort in that order, and a group's id is the smallest
 * its payments offer.
 */
export function groupCandidate(
  r: Pick<PayerRow, 'provider' | 'externalId' | 'payerCustomerKey' | 'payerCardKey' | 'payerEmailKey'>,
): string {
  if (r.payerEmailKey) return `ce_${hashOf(`email:${r.payerEmailKey}`)}`;
  const processorKey = processorKeyOf(r);
  return processorKey ? `cp_${hashOf(processorKey)}` : `cr_${hashOf(rowLabel(r))}`;
}

/** The key that links payments within a processor: its customer id, else the card's fingerprint. */
const processorKeyOf = (r: Pick<PayerRow, 'payerCustomerKey' | 'payerCardKey'>) =>
  r.payerCustomerKey ? `customer:${r.payerCustomerKey}` : r.payerCardKey ? `card:${r.payerCardKey}` : null;

/** Union-find over labels, each root being the smallest label of its set. */
class Groups {
  private readonly parent = new Map<string, string>();
  find(x: string): string {
    if (!this.parent.has(x)) this.parent.set(x, x);
    let root = x;
    while (this.parent.get(root)! !== root) root = this.parent.get(root)!;
    let node = x;
    while (node !== root) {
      const next = this.parent.get(node)!;
      this.parent.set(node, root);
      node = next;
    }
    return root;
  }
  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    // The smaller label is the root, so each group's root is its smallest label.
    if (ra !== rb) ra < rb ? this.parent.set(rb, ra) : this.parent.set(ra, rb);
  }
}

/** Rows a batch of client id updates carries per statement. */
const BATCH = 5000;

/**
 * Recomputes every client id of the owner from every processor payment and service paid by voucher, writing only
 * the rows whose id changed. The import does this only when it cannot work incrementally (planClientIds): rows whose
 * group was never worked out, or a re-imported payment whose payer keys or kind changed, which can split a group.
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
      where user_id = ${userId} and ${CLIENT_ROW}`),
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

/** A payment about to be written, as client identity sees it. */
export interface IncomingPayer {
  provider: string;
  externalId: string;
  kind: string;
  payerCustomerKey: string | null;
  payerCardKey: string | null;
  payerEmailKey: string | null;
}

/** The stored version of a payment being written again. */
export interface StoredPayer extends IncomingPayer {
  clientId: string | null;
}

/**
 * What an import writes for client identity: each incoming payment's client id (by rowLabel), and the earlier
 * groups the payments join to a group of a smaller id (every row of `from` becomes `to`). `full` when the owner's
 * groups must be recomputed from all their rows instead (refreshClientIds).
 */
export type ClientPlan =
  | { mode: 'incremental'; ids: Map<string, string>; merges: Array<{ from: string; to: string }> }
  | { mode: 'full' };

const isClientRow = (r: { provider: string; kind: string }) =>
  r.provider !== 'bank' && (r.kind === 'sale' || r.kind === 'voucher_redemption');

/**
 * Works out the client ids of a batch of payments before they are written (docs/finance.md, "Clients"), reading
 * only the groups their payer keys already belong to: one indexed probe a key. New payments can only join groups
 * together, so each group's id is the smallest of the joined groups' ids and the new payments' names: the same
 * ids as recomputing every group from all the owner's rows. A re-imported payment whose keys or kind changed can
 * split a group; that, and rows whose group was never worked out, asks for `full`.
 * `stored` holds the batch's payments already in the ledger, by rowLabel.
 */
export async function planClientIds(
  db: Db,
  userId: string,
  rows: readonly IncomingPayer[],
  stored: ReadonlyMap<string, StoredPayer>,
): Promise<ClientPlan> {
  for (const r of rows) {
    const before = stored.get(rowLabel(r));
    if (!before || !isClientRow(before)) continue;
    const same =
      isClientRow(r) && processorKeyOf(before) === processorKeyOf(r) && before.payerEmailKey === r.payerEmailKey;
    if (!same || !before.clientId) return { mode: 'full' };
  }
  const groups = new Groups();
  const incoming = rows.filter(isClientRow);
  if (incoming.length === 0) return { mode: 'incremental', ids: new Map(), merges: [] };
  // Earlier groups are nodes of their own, named by their ids.
  const earlier = new Set<string>();
  const joinEarlier = (node: string, clientId: string) => {
    earlier.add(clientId);
    groups.union(node, `group:${clientId}`);
  };
  const customers = new Set<string>();
  const cards = new Set<string>();
  const emails = new Set<string>();
  for (const r of incoming) {
    const label = rowLabel(r);
    groups.find(label);
    const processorKey = processorKeyOf(r);
    if (processorKey) groups.union(label, processorKey);
    if (r.payerEmailKey) groups.union(label, `email:${r.payerEmailKey}`);
    if (r.payerCustomerKey) customers.add(r.payerCustomerKey);
    else if (r.payerCardKey) cards.add(r.payerCardKey);
    if (r.payerEmailKey) emails.add(r.payerEmailKey);
    // A payment written again with the same keys stays in its group (checked above).
    const before = stored.get(label);
    if (before && isClientRow(before)) joinEarlier(label, before.clientId!);
  }
  // Every stored row sharing a key is in the same group, so one row a key tells the group.
  const probe = (column: SQL, extra: SQL, keys: Set<string>, prefix: string) => sql`
    select ${prefix} || k.key as node, r.client_id
    from unnest(${sql.param([...keys])}::text[]) as k(key)
    cross join lateral (
      select client_id from ledger_transactions
      where user_id = ${userId} and ${column} = k.key ${extra} and ${CLIENT_ROW}
      limit 1) r`;
  const found = rowsOf<{ node: string; client_id: string | null }>(
    await db.execute(sql`
      ${probe(sql`payer_customer_key`, sql`and payer_customer_key is not null`, customers, 'customer:')}
      union all
      ${probe(sql`payer_card_key`, sql`and payer_card_key is not null and payer_customer_key is null`, cards, 'card:')}
      union all
      ${probe(sql`payer_email_key`, sql`and payer_email_key is not null`, emails, 'email:')}`),
  );
  for (const f of found) {
    if (!f.client_id) return { mode: 'full' };
    joinEarlier(f.node, f.client_id);
  }
  // Each group's id: the smallest of its new payments' names and its earlier groups' ids.
  const idOf = new Map<string, string>();
  const offer = (node: string, id: string) => {
    const top = groups.find(node);
    const known = idOf.get(top);
    if (known === undefined || id < known) idOf.set(top, id);
  };
  for (const r of incoming) offer(rowLabel(r), groupCandidate(r));
  for (const id of earlier) offer(`group:${id}`, id);
  const ids = new Map<string, string>();
  for (const r of incoming) ids.set(rowLabel(r), idOf.get(groups.find(rowLabel(r)))!);
  const merges: Array<{ from: string; to: string }> = [];
  for (const id of earlier) {
    const to = idOf.get(groups.find(`group:${id}`))!;
    if (to !== id) merges.push({ from: id, to });
  }
  return { mode: 'incremental', ids, merges };
}

/** Moves every payment of each merged group to the group it joined (after the batch is written). */
export async function applyClientMerges(
  db: Db,
  userId: string,
  merges: ReadonlyArray<{ from: string; to: string }>,
): Promise<void> {
  if (merges.length === 0) return;
  // Each merged group's rows are found from its id (a lateral probe of the (owner, client) index), whatever the
  // planner guesses about the owner's row count.
  await db.execute(sql`
    update ledger_transactions l set client_id = u.to_id
    from (
      select r.id, m.to_id
      from unnest(${sql.param(merges.map((m) => m.from))}::text[], ${sql.param(merges.map((m) => m.to))}::text[])
        as m(from_id, to_id)
      cross join lateral (
        select id from ledger_transactions
        where user_id = ${userId} and client_id = m.from_id and ${CLIENT_ROW}
        offset 0) r
    ) u
    where l.id = u.id`);
}

/**
 * Whether any of the owner's client rows has no group worked out yet (imported before client identity), as a SQL
 * boolean: the import asks it with other questions in one statement.
 */
export const clientlessRowsSql = (userId: string): SQL =>
  sql`exists (select 1 from ledger_transactions where user_id = ${userId} and client_id is null and ${CLIENT_ROW})`;

/**
 * A row that is a service a client received (docs/finance.md, "Clients"): a card sale that is not a deposit or a
 * gift voucher sold, or a service paid with a voucher. A deposit is part of the visit its balance pays for; a
 * voucher's buyer is not, by buying, a client.
 */
export const isServiceRow = sql`(client_id is not null and ((kind = 'sale' and sale_purpose is null) or kind = 'voucher_redemption'))`;
