import { field } from '../common/card-sim-http';
import type { StripeObject } from './stripe-objects';

export interface StripeParamError {
  status: number;
  code: string;
  message: string;
  param: string;
}

export type ListOutcome =
  | { ok: true; body: { object: 'list'; data: StripeObject[]; has_more: boolean; url: string } }
  | { ok: false; error: StripeParamError };

const RANGE_OPERATORS = ['gt', 'gte', 'lt', 'lte'] as const;

function invalid(param: string, message: string, code = 'parameter_invalid_integer'): ListOutcome {
  return { ok: false, error: { status: 400, code, message, param } };
}

/** Accepts `created=123`, `created[gte]=…` (flat, as Stripe's form encoding sends it) or a nested object. */
function rangeFilter(query: unknown, name: string): ((value: number) => boolean) | StripeParamError | undefined {
  const exact = field(query, name);
  const tests: ((value: number) => boolean)[] = [];
  if (exact !== undefined) {
    if (!/^\d+$/.test(exact))
      return { status: 400, code: 'parameter_invalid_integer', message: `Invalid integer: ${exact}`, param: name };
    tests.push((value) => value === Number(exact));
  }
  for (const operator of RANGE_OPERATORS) {
    const raw = field(query, name, operator);
    if (raw === undefined) continue;
    if (!/^\d+$/.test(raw)) {
      return {
        status: 400,
        code: 'parameter_invalid_integer',
        message: `Invalid integer: ${raw}`,
        param: `${name}[${operator}]`,
      };
    }
    const bound = Number(raw);
    if (operator === 'gt') tests.push((value) => value > bound);
    if (operator === 'gte') tests.push((value) => value >= bound);
    if (operator === 'lt') tests.push((value) => value < bound);
    if (operator === 'lte') tests.push((value) => value <= bound);
  }
  return tests.length === 0 ? undefined : (value) => tests.every((test) => test(value));
}

/** Top-level names present in the query, folding `created[gte]` into `created` and `expand[]` into `expand`. */
function parameterNames(query: unknown): string[] {
  if (!query || typeof query !== 'object') return [];
  return Object.keys(query).map((key) => key.replace(/\[.*$/, ''));
}

export interface ListSpec {
  /** The list's own path, echoed in `url` as Stripe does (without any mount prefix). */
  url: string;
  /** Newest first, as Stripe sorts every list. */
  items: StripeObject[];
  /** Equality filters this endpoint accepts, mapped to the object field they compare. */
  equalityFilters?: Record<string, string>;
  /** Range filters on unix-second fields (always `created`; payouts also `arrival_date`). */
  rangeFilters?: string[];
  /** What Stripe calls the object in "No such …" messages. */
  noun: string;
}

/**
 * Stripe's list contract: limit 1–100 (default 10), newest first, `starting_after` walks to older objects,
 * `ending_before` to newer ones, `has_more` says whether more exist in the walking direction.
 */
export function listStripeObjects(query: unknown, spec: ListSpec): ListOutcome {
  const allowed = new Set([
    'limit',
    'starting_after',
    'ending_before',
    'expand',
    ...Object.keys(spec.equalityFilters ?? {}),
    ...(spec.rangeFilters ?? []),
  ]);
  for (const name of parameterNames(query)) {
    if (!allowed.has(name)) return invalid(name, `Received unknown parameter: ${name}`, 'parameter_unknown');
  }
  const rawLimit = field(query, 'limit') ?? '10';
  if (!/^\d+$/.test(rawLimit)) return invalid('limit', `Invalid integer: ${rawLimit}`);
  const limit = Number(rawLimit);
  if (limit < 1 || limit > 100) {
    return invalid(
      'limit',
      `This value must be greater than or equal to 1 and less than or equal to 100 (it currently is '${limit}').`,
      'parameter_invalid_integer',
    );
  }
  const startingAfter = field(query, 'starting_after');
  const endingBefore = field(query, 'ending_before');
  if (startingAfter && endingBefore) {
    return invalid(
      'ending_before',
      'You may only specify one of these parameters: ending_before, starting_after.',
      'parameter_invalid_string',
    );
  }

  const tests: ((item: StripeObject) => boolean)[] = [];
  for (const name of spec.rangeFilters ?? []) {
    const test = rangeFilter(query, name);
    if (test && typeof test === 'object') return { ok: false, error: test };
    if (test) tests.push((item) => test(item[name] as number));
  }
  for (const [name, property] of Object.entries(spec.equalityFilters ?? {})) {
    const wanted = field(query, name);
    if (wanted !== undefined) tests.push((item) => item[property] === wanted);
  }
  const matches = (item: StripeObject) => tests.every((test) => test(item));

  let data: StripeObject[];
  let hasMore: boolean;
  const cursor = startingAfter ?? endingBefore;
  // Walk from the cursor's place (found through a per-list id index) instead of filtering everything.
  const at = cursor ? positionsOf(spec.items).get(cursor) : undefined;
  if (cursor && at === undefined) {
    const param = startingAfter ? 'starting_after' : 'ending_before';
    return {
      ok: false,
      error: { status: 400, code: 'resource_missing', message: `No such ${spec.noun}: '${cursor}'`, param },
    };
  }
  if (!cursor || startingAfter) {
    data = [];
    hasMore = false;
    for (let i = at === undefined ? 0 : at + 1; i < spec.items.length; i++) {
      const item = spec.items[i]!;
      if (!matches(item)) continue;
      if (data.length === limit) {
        hasMore = true;
        break;
      }
      data.push(item);
    }
  } else {
    const newer = spec.items.slice(0, at).filter(matches);
    data = newer.slice(Math.max(0, newer.length - limit));
    hasMore = newer.length > limit;
  }
  return { ok: true, body: { object: 'list', data, has_more: hasMore, url: spec.url } };
}

const positions = new WeakMap<StripeObject[], Map<string, number>>();
function positionsOf(items: StripeObject[]): Map<string, number> {
  let map = positions.get(items);
  if (!map) {
    map = new Map(items.map((item, index) => [item.id, index]));
    positions.set(items, map);
  }
  return map;
}
