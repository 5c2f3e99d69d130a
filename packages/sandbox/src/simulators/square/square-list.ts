import type { SquareRecord } from './square-objects';

export type SquareListOutcome =
  | { ok: true; items: SquareRecord[]; cursor: string | undefined }
  | { ok: false; detail: string; field: string; code: string };

export interface SquareListQuery {
  beginTime?: string;
  endTime?: string;
  sortOrder?: string;
  cursor?: string;
  limit?: string;
  /** Applied before the list is called: the default (main) location or every location, per endpoint. */
  locationIds: Set<string>;
  /** Default begin_time when none is given (payments and refunds: one year before now). */
  defaultBeginMs?: number;
  nowMs: number;
}

const fail = (detail: string, field: string, code = 'BAD_REQUEST'): SquareListOutcome => ({
  ok: false,
  detail,
  field,
  code,
});

function parseTime(value: string | undefined, name: string): number | SquareListOutcome | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  // Square wants RFC 3339 with a time; a bare date or junk is refused.
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(ms))
    return fail(`Invalid timestamp ${value} for ${name}`, name, 'INVALID_TIME');
  return ms;
}

const encodeCursor = (record: SquareRecord) =>
  Buffer.from(JSON.stringify([record.createdAtMs, record.id])).toString('base64url');

function decodeCursor(cursor: string): [number, string] | undefined {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'string')
      return [value[0], value[1]];
  } catch {}
  return undefined;
}

/** (created, id) order, the order the book keeps each list in. */
const before = (record: SquareRecord, ms: number, id: string) =>
  record.createdAtMs < ms || (record.createdAtMs === ms && record.id < id);

/** The first index whose record is not before (ms, id): a binary search of the sorted list. */
function lowerBound(records: SquareRecord[], ms: number, id = ''): number {
  let lo = 0;
  let hi = records.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(records[mid]!, ms, id)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Square's list contract: begin_time inclusive, end_time exclusive on created_at, sort_order DESC by default,
 * limit at most 100, an opaque `cursor` that is absent on the last page. `records` is sorted by (created_at, id), so a
 * page is found by binary search and read in place: a merchant's hundred thousand payments cost a page no more than a
 * hundred.
 */
export function listSquareRecords(records: SquareRecord[], query: SquareListQuery, maxLimit = 100): SquareListOutcome {
  const begin = parseTime(query.beginTime, 'begin_time');
  if (typeof begin === 'object') return begin;
  const end = parseTime(query.endTime, 'end_time');
  if (typeof end === 'object') return end;
  const order = query.sortOrder ?? 'DESC';
  if (order !== 'ASC' && order !== 'DESC')
    return fail(`Invalid sort_order ${order}; expected ASC or DESC`, 'sort_order', 'INVALID_SORT_ORDER');
  let limit = maxLimit;
  if (query.limit !== undefined) {
    if (!/^\d+$/.test(query.limit) || Number(query.limit) < 1)
      return fail(`Invalid limit ${query.limit}`, 'limit', 'INVALID_VALUE');
    // Square caps an over-large limit at the maximum instead of refusing it.
    limit = Math.min(Number(query.limit), maxLimit);
  }
  const beginMs = begin ?? query.defaultBeginMs ?? Number.NEGATIVE_INFINITY;
  const endMs = end ?? query.nowMs + 1;
  let lo = lowerBound(records, beginMs);
  let hi = lowerBound(records, endMs);
  if (query.cursor !== undefined) {
    const position = decodeCursor(query.cursor);
    if (!position) return fail('The provided cursor is invalid.', 'cursor', 'INVALID_CURSOR');
    const [ms, id] = position;
    // Strictly after the cursor's record in the listing's order.
    if (order === 'ASC') lo = Math.max(lo, lowerBound(records, ms, `${id}\u0000`));
    else hi = Math.min(hi, lowerBound(records, ms, id));
  }
  const page: SquareRecord[] = [];
  let more = false;
  const step = order === 'ASC' ? 1 : -1;
  for (let i = order === 'ASC' ? lo : hi - 1; i >= lo && i < hi; i += step) {
    const record = records[i]!;
    if (!query.locationIds.has(record.locationId)) continue;
    if (page.length === limit) {
      more = true;
      break;
    }
    page.push(record);
  }
  return { ok: true, items: page, cursor: more ? encodeCursor(page.at(-1)!) : undefined };
}
