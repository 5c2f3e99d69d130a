import { londonDateOf } from '@brade/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { withOwnerBooks } from './books-lock.js';
import { classify, type Processor, type SourceTeamMember, type SourceTransaction } from './classify.js';
import {
  applyClientMerges,
  type ClientPlan,
  clientlessRowsSql,
  planClientIds,
  refreshClientIds,
  rowLabel,
  type StoredPayer,
} from './clients.js';
import { applyOwnerCorrections } from './corrections.js';
import { type PayerHash, payerKeysOf, storedClientKey } from './payer-keys.js';
import { settlePayouts } from './payouts.js';
import { reconcilePayouts } from './reconcile.js';
import { itemInputsOf, writeSaleItems, writeTeamMembers } from './sale-items.js';
import { type LedgerProvider, ledgerTransactions } from './tables.js';
import { refreshRowVat } from './vat-rows.js';

/**
 * Rows per statement (one array parameter a column, so the row count is not bound by the parameter limit): more than
 * an import run's batch (WRITE_BATCH_ROWS and the page that reached it), so a batch is one upsert.
 */
const BATCH = 5000;

export interface ImportOptions {
  /** Keys payer identities (CLIENT_KEY); required when the rows carry any (payer-keys.ts). */
  hashPayer?: PayerHash;
  /** The connection and import run the rows come from, stored on each row. */
  source?: { connectionId: string; syncRunId: string };
  /** Runs inside the same transaction after the rows are written (an importer saves its sync cursor here). */
  alongside?: (tx: Db) => Promise<void>;
  /** The team members a provider's directory named during the run (docs/finance.md, "Who sold it"). */
  team?: { provider: Processor; members: readonly SourceTeamMember[]; seenAt: Date };
}

/** One ledger row as the import writes it: a provider's transaction classified, its payer keyed (payer-keys.ts). */
export type LedgerRowInput = ReturnType<typeof ledgerRowOf>;

function ledgerRowOf(userId: string, tx: SourceTransaction, hashPayer: PayerHash | undefined) {
  const c = classify(tx);
  const payer = payerKeysOf(tx, hashPayer);
  return {
    userId,
    provider: c.provider,
    externalId: tx.externalId,
    amountPence: c.amountPence,
    occurredAt: tx.occurredAt,
    localDate: londonDateOf(tx.occurredAt),
    description: tx.description,
    counterparty: tx.provider === 'bank' ? (tx.counterparty ?? null) : null,
    clientKey: storedClientKey(c.clientKey, hashPayer),
    category: c.category,
    kind: c.kind,
    payoutProcessor: c.payoutProcessor,
    payerCustomerKey: payer.customer,
    payerCardKey: payer.card,
    payerEmailKey: payer.email,
    salePurpose: tx.provider === 'bank' ? null : (tx.purpose ?? null),
    teamMemberId: tx.provider === 'bank' ? null : tx.teamMemberId?.trim().slice(0, 200) || null,
    // Only a sale was paid for something (docs/finance.md, "What was sold").
    items: tx.provider === 'bank' || c.kind !== 'sale' ? null : itemInputsOf(tx.items),
  };
}

/**
 * The ledger rows of these transactions, one each, in order: an import run makes them as each page arrives, while
 * the batch before is being written, so that the write itself is only SQL.
 */
export function ledgerRowsOf(
  userId: string,
  transactions: readonly SourceTransaction[],
  hashPayer: PayerHash | undefined,
): LedgerRowInput[] {
  return transactions.map((tx) => ledgerRowOf(userId, tx, hashPayer));
}

/**
 * Upserts on (owner, provider, external id): importing the same transactions again, in any order or after a
 * crash half-way, leaves exactly one row each with the latest values.
 */
export async function importTransactions(
  db: Db,
  userId: string,
  transactions: readonly SourceTransaction[],
  options: ImportOptions = {},
): Promise<number> {
  return importLedgerRows(db, userId, ledgerRowsOf(userId, transactions, options.hashPayer), options);
}

/** importTransactions of rows already made by ledgerRowsOf (for this owner, with options.hashPayer). */
export async function importLedgerRows(
  db: Db,
  userId: string,
  made: readonly LedgerRowInput[],
  options: ImportOptions = {},
): Promise<number> {
  const { alongside, source } = options;
  // One statement cannot update the same row twice: the last version of a duplicate wins.
  const unique = new Map<string, LedgerRowInput>();
  for (const row of made) unique.set(`${row.provider}\u0000${row.externalId}`, row);
  const rows = [...unique.values()];
  const team = options.team;
  if (rows.length === 0) {
    if (alongside || team) {
      // No ledger row is written: the team members and the importer's cursor need no hold on the books.
      await db.transaction(async (tx) => {
        if (team) await writeTeamMembers(tx as unknown as Db, userId, team.provider, team.members, team.seenAt);
        if (alongside) await alongside(tx as unknown as Db);
      });
    }
    return 0;
  }
  let analyse = false;
  // Held before any row is written: payouts, VAT, clients and daily totals are decided from everything committed.
  await withOwnerBooks(db, userId, async (tx) => {
    let from = rows[0]!.localDate;
    let to = from;
    // Rows whose client group was never worked out make this import recompute every group once (clients.ts).
    const start = await batchStart(tx, userId, rows.length);
    let allClients = start.clientless;
    analyse = start.analyse;
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      const stored = await storedVersions(tx, userId, batch);
      // A re-imported row may have moved day (a pending bank row booked later): its old day needs rebuilding too.
      for (const day of [...batch.map((r) => r.localDate), ...[...stored.values()].map((r) => r.localDate)]) {
        if (day < from) from = day;
        if (day > to) to = day;
      }
      // Each payment's client, worked out before it is written, so no row is written twice (clients.ts).
      const plan: ClientPlan = allClients ? { mode: 'full' } : await planClientIds(tx, userId, batch, stored);
      if (plan.mode === 'full') allClients = true;
      const client = (r: (typeof batch)[number]) => (plan.mode === 'full' ? null : (plan.ids.get(rowLabel(r)) ?? null));
      // One array parameter a column instead of 13 parameters a row: a short statement Postgres plans once.
      const col = <T>(pick: (r: (typeof batch)[number]) => T) => sql.param(batch.map(pick));
      const told = batch.some((r) => r.items !== null);
      const upserted = await tx.execute(sql`
        insert into ledger_transactions (user_id, connection_id, sync_run_id, provider, external_id, amount_pence,
          occurred_at, local_date, description, counterparty, client_key, category, kind, payout_processor,
          payer_customer_key, payer_card_key, payer_email_key, sale_purpose, client_id, team_member_id)
        select ${userId}::uuid, ${source?.connectionId ?? null}::uuid, ${source?.syncRunId ?? null}::uuid, *
        from unnest(${col((r) => r.provider)}::text[], ${col((r) => r.externalId)}::text[],
          ${col((r) => r.amountPence)}::bigint[], ${col((r) => r.occurredAt.toISOString())}::timestamptz[],
          ${col((r) => r.localDate)}::date[], ${col((r) => r.description)}::text[], ${col((r) => r.counterparty)}::text[],
          ${col((r) => r.clientKey)}::text[], ${col((r) => r.category)}::text[], ${col((r) => r.kind)}::text[],
          ${col((r) => r.payoutProcessor)}::text[], ${col((r) => r.payerCustomerKey)}::text[],
          ${col((r) => r.payerCardKey)}::text[], ${col((r) => r.payerEmailKey)}::text[],
          ${col((r) => r.salePurpose)}::text[], ${col(client)}::text[], ${col((r) => r.teamMemberId)}::text[])
        on conflict (user_id, provider, external_id) do update set
          connection_id = excluded.connection_id, sync_run_id = excluded.sync_run_id,
          amount_pence = excluded.amount_pence, occurred_at = excluded.occurred_at, local_date = excluded.local_date,
          description = excluded.description, counterparty = excluded.counterparty, client_key = excluded.client_key,
          category = excluded.category, kind = excluded.kind, payout_processor = excluded.payout_processor,
          payer_customer_key = excluded.payer_customer_key, payer_card_key = excluded.payer_card_key,
          payer_email_key = excluded.payer_email_key, sale_purpose = excluded.sale_purpose,
          client_id = coalesce(excluded.client_id, ledger_transactions.client_id),
          team_member_id = excluded.team_member_id
        ${told ? sql`returning id, provider, external_id` : sql``}`);
      if (plan.mode === 'incremental') await applyClientMerges(tx, userId, plan.merges);
      if (told) {
        // What each sale paid for, by the ids the upsert returned: no look-up of the rows just written.
        const ids = new Map(
          rowsOf<{ id: string; provider: string; external_id: string }>(upserted).map((r) => [
            rowLabel({ provider: r.provider, externalId: r.external_id }),
            r.id,
          ]),
        );
        await writeSaleItems(
          tx,
          userId,
          batch.flatMap((r) =>
            r.items === null
              ? []
              : [
                  {
                    transactionId: ids.get(rowLabel(r))!,
                    localDate: r.localDate,
                    items: r.items,
                    stored: stored.has(rowLabel(r)),
                  },
                ],
          ),
        );
      }
    }
    // The owner's rules and corrections win over the rule table, on every import (corrections.ts).
    await applyOwnerCorrections(tx, userId, { from, to });
    // New processor rows can change what earlier bank payouts are, and new bank payouts need deciding.
    for (const day of await settlePayouts(tx, userId)) {
      if (day < from) from = day;
      if (day > to) to = day;
    }
    // The VAT of the rows written and of the payouts settled, then the daily totals of those days.
    await refreshRowVat(tx, userId, { from, to });
    // New payments can link earlier ones to one person (docs/finance.md, "Clients"); only when the batches
    // could not say which groups they join are all of the owner's groups recomputed.
    if (allClients) await refreshClientIds(tx, userId);
    if (team) await writeTeamMembers(tx, userId, team.provider, team.members, team.seenAt);
    if (alongside) await alongside(tx);
  });
  // After the commit, so its lock is held only while it samples; the next batch's look-ups plan with it.
  if (analyse) await db.execute(sql`analyze ledger_transactions`);
  return rows.length;
}

/**
 * After a processor is connected or disconnected: settles the bank's payouts against the ledger as it stands
 * (payouts.ts). With the processor's history kept in the ledger, nothing changes, so no figure moves.
 */
export async function reclassifyPayouts(db: Db, userId: string): Promise<void> {
  await withOwnerBooks(db, userId, async (tx) => {
    const days = await settlePayouts(tx, userId);
    if (days.length > 0) await refreshRowVat(tx, userId, { from: days.sort()[0]!, to: days.at(-1)! });
  });
  await reconcilePayouts(db, userId);
}

/**
 * The already-stored versions of these rows, by rowLabel: the day each sits on and its payer as client identity
 * knows it. A lateral probe a key is always one unique-index look-up, whatever the planner guesses about the
 * owner's row count (a first import runs on a table it has no statistics for).
 */
async function storedVersions(
  db: Db,
  userId: string,
  batch: Array<{ provider: string; externalId: string }>,
): Promise<Map<string, StoredPayer & { localDate: string }>> {
  const result = await db.execute(sql`
    select l.provider, l.external_id, l.local_date::text as local_date, l.kind, l.payer_customer_key,
      l.payer_card_key, l.payer_email_key, l.client_id
    from unnest(${sql.param(batch.map((r) => r.provider))}::text[], ${sql.param(batch.map((r) => r.externalId))}::text[])
      as k(provider, external_id)
    cross join lateral (
      select * from ledger_transactions l
      where l.user_id = ${userId} and l.provider = k.provider and l.external_id = k.external_id limit 1) l`);
  const stored = new Map<string, StoredPayer & { localDate: string }>();
  for (const r of rowsOf<{
    provider: string;
    external_id: string;
    local_date: string;
    kind: string;
    payer_customer_key: string | null;
    payer_card_key: string | null;
    payer_email_key: string | null;
    client_id: string | null;
  }>(result)) {
    const row = {
      provider: r.provider,
      externalId: r.external_id,
      localDate: r.local_date,
      kind: r.kind,
      payerCustomerKey: r.payer_customer_key,
      payerCardKey: r.payer_card_key,
      payerEmailKey: r.payer_email_key,
      clientId: r.client_id,
    };
    stored.set(rowLabel(row), row);
  }
  return stored;
}

/**
 * What a batch asks before it writes, in one statement: whether the owner has rows whose client group was never
 * worked out (clients.ts), and whether the ledger's statistics are due. Statistics matter where autovacuum is off or
 * has not caught up with a bulk import: without them the planner cannot tell the unique key from the (owner,
 * provider, day) index, and each look-up of a page's rows reads all the owner's rows instead of one
 * (bench/import-card-transactions.mjs shows the difference). They are taken again each time the table has doubled,
 * not at autovacuum's 10 %: the planner scales the sampled row count by the table's current size, so statistics go
 * stale only as the rows' make-up changes, and an analyze samples up to 30,000 rows (a third of a second) every
 * time; doubling takes 6 for the bench's first import of 221,326 rows where 20 % took 15.
 */
async function batchStart(db: Db, userId: string, writing: number): Promise<{ clientless: boolean; analyse: boolean }> {
  // Due once this batch's rows are in: taken after its commit, before the next batch's look-ups.
  const [row] = rowsOf<{ clientless: boolean; due: boolean | null }>(
    await db.execute(sql`select ${clientlessRowsSql(userId)} as clientless,
      (select s.n_mod_since_analyze + ${writing}::int > 1000 + greatest(c.reltuples, 0)
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
       where s.relid = 'ledger_transactions'::regclass) as due`),
  );
  return { clientless: Boolean(row?.clientless), analyse: Boolean(row?.due) };
}

/** The newest Europe/London day the owner has transactions for (from one provider, if named), or null. */
export async function latestLedgerDate(db: Db, userId: string, provider?: LedgerProvider): Promise<string | null> {
  const [row] = await db
    .select({ latest: sql<string | null>`max(${ledgerTransactions.localDate})::text` })
    .from(ledgerTransactions)
    .where(
      provider
        ? and(eq(ledgerTransactions.userId, userId), eq(ledgerTransactions.provider, provider))
        : eq(ledgerTransactions.userId, userId),
    );
  return row?.latest ?? null;
}
