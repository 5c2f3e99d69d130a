import { arrayParam } from '../common/request-parsing';
import type { HistoryEntry, HistoryItem } from './history-items';

export const DEFAULT_LIMIT = 10;
/** SumUp publishes no maximum page size; a cap keeps a runaway client from pulling everything in one call. */
export const MAX_LIMIT = 1000;

export interface HistoryPage {
  items: HistoryItem[];
  links: { rel: 'next'; href: string }[];
}

export class HistoryQueryError extends Error {}

function time(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  const t = Date.parse(value);
  if (Number.isNaN(t)) throw new HistoryQueryError(`Invalid ${name}: expected an ISO 8601 date-time`);
  return t;
}

/** Filters, as SumUp documents them; every array filter accepts `name[]` (the documented form) or plain `name`. */
function matches(query: URLSearchParams): (entry: HistoryEntry) => boolean {
  const statuses = arrayParam(query, 'statuses');
  const types = arrayParam(query, 'types');
  const paymentTypes = arrayParam(query, 'payment_types');
  const entryModes = arrayParam(query, 'entry_modes').map((m) => m.toUpperCase());
  const users = arrayParam(query, 'users');
  const code = query.get('transaction_code');
  const oldest = time(query, 'oldest_time');
  const newest = time(query, 'newest_time');
  const changesSince = time(query, 'changes_since');
  return ({ item, entryMode, changedAt }) => {
    const t = Date.parse(item.timestamp);
    return (
      (statuses.length === 0 || statuses.includes(item.status)) &&
      (types.length === 0 || types.includes(item.type)) &&
      (paymentTypes.length === 0 || paymentTypes.includes(item.payment_type)) &&
      (entryModes.length === 0 || entryModes.includes(entryMode)) &&
      (users.length === 0 || users.includes(item.user)) &&
      (!code || item.transaction_code === code) &&
      (oldest === undefined || t >= oldest) &&
      (newest === undefined || t <= newest) &&
      (changesSince === undefined || changedAt >= changesSince)
    );
  };
}

/**
 * One page of history. Cursor semantics follow SumUp: ascending pages continue with `oldest_ref=<last id>` (rows after
 * it), descending with `newest_ref=<last id>` (rows before it). The next link is a bare query string, as SumUp's is.
 */
export function historyPage(entries: HistoryEntry[], query: URLSearchParams): HistoryPage {
  const order = query.get('order') ?? 'ascending';
  if (order !== 'ascending' && order !== 'descending') {
    throw new HistoryQueryError('Invalid order: expected ascending or descending');
  }
  const limitText = query.get('limit');
  const limit = limitText === null ? DEFAULT_LIMIT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new HistoryQueryError(`Invalid limit: expected an integer from 1 to ${MAX_LIMIT}`);
  }
  let rows = entries.filter(matches(query));
  const oldestRef = query.get('oldest_ref');
  const newestRef = query.get('newest_ref');
  if (oldestRef) rows = rows.slice(indexOfRef(rows, oldestRef) + 1);
  if (newestRef) rows = rows.slice(0, indexOfRef(rows, newestRef));
  if (order === 'descending') rows = [...rows].reverse();

  const page = rows.slice(0, limit).map((entry) => entry.item);
  const last = page.at(-1);
  if (!last || rows.length <= limit) return { items: page, links: [] };
  const next = new URLSearchParams(query);
  next.delete('oldest_ref');
  next.delete('newest_ref');
  next.set('limit', String(limit));
  next.set('order', order);
  next.set(order === 'ascending' ? 'oldest_ref' : 'newest_ref', last.id);
  return { items: page, links: [{ rel: 'next', href: next.toString() }] };
}

function indexOfRef(rows: HistoryEntry[], ref: string): number {
  const index = rows.findIndex((entry) => entry.item.id === ref || entry.item.transaction_code === ref);
  if (index === -1) throw new HistoryQueryError(`Unknown transaction reference: ${ref}`);
  return index;
}
