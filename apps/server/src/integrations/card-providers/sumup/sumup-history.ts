import type { CardProviderTokens, SyncCursor, TransactionPage } from '../card-provider.js';
import { readCursor, restingCursor, type SumupCursor, writeCursor } from './sumup-cursor.js';
import { type SumupClient, sumupGet } from './sumup-http.js';
import { type HistoryItem, HistoryPage, TransactionDetail } from './sumup-schemas.js';
import { externalIdOf, historyItemRows, isTakenPayment } from './sumup-transform.js';

/** History rows per call (SumUp's default is 10). */
export const PAGE_SIZE = 100;
/** Fee look-ups in flight at once: one detail call per sale, gently. */
const DETAIL_CONCURRENCY = 4;

const merchantPath = (tokens: CardProviderTokens) => `/v2.1/merchants/${encodeURIComponent(tokens.accountId)}`;

/**
 * The first history query of a run: everything in the history window up to the run's bound, or on later runs only
 * rows that changed since the last one (new sales, refunds, a pending sale that went through).
 */
function firstQuery(historyFrom: Date, upper: string, since: string | null): string {
  const query = new URLSearchParams({
    order: 'ascending',
    limit: String(PAGE_SIZE),
    oldest_time: historyFrom.toISOString(),
    newest_time: upper,
  });
  if (since) query.set('changes_since', since);
  return query.toString();
}

/** SumUp's `next` link is a bare query string; a full URL is reduced to its query so the host stays ours. */
function nextQuery(page: HistoryPage): string | null {
  const href = page.links?.find((link) => link.rel === 'next')?.href;
  if (!href) return null;
  const query = href.includes('?') ? href.slice(href.indexOf('?') + 1) : href;
  return query.replace(/^\?/, '') || null;
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const index = nextIndex++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The detail endpoint takes the transaction's code or its id (SumUp's example row has only the code). */
function detailQuery(item: HistoryItem): string {
  const query = new URLSearchParams();
  if (item.transaction_code) query.set('transaction_code', item.transaction_code);
  else query.set('id', (item.transaction_id ?? item.id)!);
  return query.toString();
}

/**
 * The details of the page's sales, by external id: the history row has neither the fee nor the products the sale
 * paid for; the detail endpoint has both.
 */
async function detailsOf(
  client: SumupClient,
  tokens: CardProviderTokens,
  items: HistoryItem[],
): Promise<Map<string, TransactionDetail>> {
  const sales = items.filter(isTakenPayment);
  const details = await mapLimited(sales, DETAIL_CONCURRENCY, (item) =>
    sumupGet(
      client,
      tokens.accessToken,
      `${merchantPath(tokens)}/transactions?${detailQuery(item)}`,
      TransactionDetail,
      'a transaction',
    ),
  );
  return new Map(sales.map((item, index) => [externalIdOf(item), details[index]!]));
}

async function historyStep(
  client: SumupClient,
  tokens: CardProviderTokens,
  state: SumupCursor,
  query: string,
): Promise<TransactionPage> {
  const page = await sumupGet(
    client,
    tokens.accessToken,
    `${merchantPath(tokens)}/transactions/history?${query}`,
    HistoryPage,
    'a history page',
  );
  const details = await detailsOf(client, tokens, page.items);
  const transactions = page.items.flatMap((item) => {
    const detail = details.get(externalIdOf(item));
    return historyItemRows(item, detail?.fee_amount, detail ? (detail.products ?? []) : undefined);
  });
  const next = nextQuery(page);
  if (!next) return { transactions, cursor: writeCursor(restingCursor(new Date(state.upper!))), done: true };
  return { transactions, cursor: writeCursor({ ...state, phase: 'history', next }), done: false };
}

/**
 * One page of a SumUp import run: history pages, each with its sales' fees. A saved cursor resumes at the page it
 * names; a finished run's cursor starts the next run from just before its bound. Payouts are not read: SumUp's
 * payouts call needs a scope beyond the spec's `transactions.history` (docs/sandbox.md).
 */
export async function fetchSumupPage(
  client: SumupClient,
  tokens: CardProviderTokens,
  saved: SyncCursor | null,
  options: { historyFrom: Date; now: Date },
): Promise<TransactionPage> {
  const cursor = readCursor(saved);
  if (!cursor || cursor.phase === 'idle') {
    const upper = options.now.toISOString();
    const since = cursor?.since ?? null;
    const state: SumupCursor = { v: 1, phase: 'history', since, upper, next: null };
    return historyStep(client, tokens, state, firstQuery(options.historyFrom, upper, since));
  }
  if (cursor.phase === 'history') {
    return historyStep(
      client,
      tokens,
      cursor,
      cursor.next ?? firstQuery(options.historyFrom, cursor.upper!, cursor.since),
    );
  }
  // A run saved between its history and the payouts step by an earlier version: the history is complete.
  return { transactions: [], cursor: writeCursor(restingCursor(new Date(cursor.upper!))), done: true };
}
