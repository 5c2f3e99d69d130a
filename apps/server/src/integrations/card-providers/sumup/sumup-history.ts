import { londonDateOf } from '@brade/contract';
import type { CardProviderTokens, SyncCursor, TransactionPage } from '../card-provider.js';
import { readCursor, restingCursor, type SumupCursor, writeCursor } from './sumup-cursor.js';
import { type SumupClient, sumupGet } from './sumup-http.js';
import { type HistoryItem, HistoryPage, Payouts, TransactionDetail } from './sumup-schemas.js';
import { historyItemRows, isTakenPayment, payoutRows } from './sumup-transform.js';

/** History rows per call (SumUp's default is 10). */
export const PAGE_SIZE = 100;
/** Fee look-ups in flight at once: one detail call per sale, gently. */
const DETAIL_CONCURRENCY = 4;
const DAY_MS = 86_400_000;

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

/** Fees of the page's sales, by history id: the history row has none, the detail endpoint does. */
async function feesOf(
  client: SumupClient,
  tokens: CardProviderTokens,
  items: HistoryItem[],
): Promise<Map<string, number | string | null | undefined>> {
  const sales = items.filter(isTakenPayment);
  const details = await mapLimited(sales, DETAIL_CONCURRENCY, (item) =>
    sumupGet(
      client,
      tokens.accessToken,
      `${merchantPath(tokens)}/transactions?id=${encodeURIComponent(item.id)}`,
      TransactionDetail,
      'a transaction',
    ),
  );
  return new Map(sales.map((item, index) => [item.id, details[index]!.fee_amount]));
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
  const fees = await feesOf(client, tokens, page.items);
  const transactions = page.items.flatMap((item) => historyItemRows(item, fees.get(item.id)));
  const next = nextQuery(page);
  const cursor: SumupCursor = next ? { ...state, phase: 'history', next } : { ...state, phase: 'payouts', next: null };
  return { transactions, cursor: writeCursor(cursor), done: false };
}

/** Payouts by London date, from a day before `since` (or the history start) to the run's bound. One call. */
async function payoutsStep(
  client: SumupClient,
  tokens: CardProviderTokens,
  state: SumupCursor,
  historyFrom: Date,
): Promise<TransactionPage> {
  const upper = new Date(state.upper!);
  const from = state.since ? new Date(Math.max(Date.parse(state.since) - DAY_MS, historyFrom.getTime())) : historyFrom;
  const query = new URLSearchParams({
    start_date: londonDateOf(from),
    end_date: londonDateOf(upper),
    order: 'asc',
  });
  const payouts = await sumupGet(
    client,
    tokens.accessToken,
    `/v1.0/merchants/${encodeURIComponent(tokens.accountId)}/payouts?${query}`,
    Payouts,
    'payouts',
  );
  return { transactions: payouts.flatMap(payoutRows), cursor: writeCursor(restingCursor(upper)), done: true };
}

/**
 * One page of a SumUp import run. A run is: history pages (with each sale's fee), then one payouts call. A saved
 * cursor resumes at the page it names; a finished run's cursor starts the next run from just before its bound.
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
  return payoutsStep(client, tokens, cursor, options.historyFrom);
}
