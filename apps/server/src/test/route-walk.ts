import { eq, getTableColumns, getTableName, isTable } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as schema from './all-tables.js';
import { TEST_CLIENT } from './hmrc-test-kit.js';
import { GOOD_PASSWORD, type TestResponse, type TestServer } from './test-server.js';

/**
 * The routes of a running server, read from its API description (GET /api/docs) and its list of routes served
 * outside it (the simulators and the dev mailbox), so a test that walks them covers a route the day it is added.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
}

export interface Route {
  method: string;
  path: string;
  signedIn: boolean;
  /** Listed in /api/docs (the product's API) rather than a simulator's or the dev mailbox's. */
  listed: boolean;
  body: JsonSchema | null;
  /** A raw upload (the profile photo) rather than JSON. */
  bytes: boolean;
  pathParams: string[];
  queryParams: string[];
  /** The error statuses its description lists. */
  errors: string[];
}

interface Operation {
  security?: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
}

export async function routesOf(server: TestServer): Promise<Route[]> {
  const docs = (await server.get('/api/docs')).body as { paths: Record<string, Record<string, Operation>> };
  const routes: Route[] = Object.entries(docs.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      signedIn: Boolean(operation.security?.length),
      listed: true,
      body: operation.requestBody?.content['application/json']?.schema ?? null,
      bytes: Boolean(operation.requestBody && !operation.requestBody.content['application/json']),
      pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
      queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      errors: Object.keys(operation.responses).filter((status) => status >= '400'),
    })),
  );
  for (const { method, url } of server.unlisted) {
    const path = url.replace(/:(\w+)/g, '{$1}');
    const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    routes.push({
      method,
      path,
      signedIn: false,
      listed: false,
      body: null,
      bytes: false,
      pathParams,
      queryParams: [],
      errors: [],
    });
  }
  return routes;
}

/** Values the contract's refinements accept, by field name; everything else follows its JSON schema. */
const KNOWN: Record<string, (server: TestServer) => unknown> = {
  email: () => 'probe.other@salon-test.co.uk',
  postcode: () => 'EH1 2DP',
  month: () => 1,
  year: () => new Date().getFullYear(),
  token: () => '123456',
  password: () => 'Balayage77',
  new_password: () => 'Balayage77',
  current_password: () => GOOD_PASSWORD,
  redirect: (server) => `${server.url}/gocardless-redirect`,
  redirect_to: (server) => `${server.url}/set-new-password`,
  revenue_target: () => 6000,
  registered_from: () => '2024-04-01',
  vrn: () => '980780684',
  start: () => '2026-01-01',
  end: () => '2026-03-31',
  period_key: () => '26A1',
  client: () => TEST_CLIENT,
  nino: () => 'AB123456C',
  business_id: () => 'XAIS12345678910',
  tax_year: () => '2026-27',
};

/**
 * A body that follows the schema, with `targetId` wherever it names an owner (`id`, `user_id`) and `ids` for the
 * other ids it names (`transaction_id`, `rule_id`, …), by field name.
 */
export function sample(
  server: TestServer,
  schema: JsonSchema,
  name: string,
  targetId: string,
  ids: Record<string, string> = {},
): unknown {
  if (name === 'id' || name === 'user_id') return targetId;
  if (ids[name] !== undefined) return ids[name];
  if (KNOWN[name]) return KNOWN[name](server);
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return sample(server, choice, name, targetId, ids);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, sample(server, inner, key, targetId, ids)]),
    );
  }
  if (type === 'array') return [];
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (schema.format === 'uuid') return targetId;
  return 'probe';
}

/** The body's string leaves (and, with `arrays`, its array fields), each replaced by what `replace` makes. */
export function replaceLeaves(
  value: unknown,
  replace: (leaf: unknown) => unknown,
  which: 'strings' | 'arrays' | 'first-string',
): { body: unknown; placed: number } {
  let placed = 0;
  const walk = (inner: unknown): unknown => {
    if (which === 'first-string' && placed > 0) return inner;
    if (typeof inner === 'string' && which !== 'arrays') {
      placed += 1;
      return replace(inner);
    }
    if (Array.isArray(inner)) {
      if (which === 'arrays') {
        placed += 1;
        return replace(inner);
      }
      return inner.map(walk);
    }
    if (inner && typeof inner === 'object') {
      return Object.fromEntries(Object.entries(inner).map(([key, leaf]) => [key, walk(leaf)]));
    }
    return inner;
  };
  return { body: walk(value), placed };
}

export function withPathParams(route: Route, value: string, encode = true): string {
  return route.path.replace(/\{(\w+)\}/g, () => (encode ? encodeURIComponent(value) : value));
}

/** One call of a route as a client would make it: JSON when it has a body, else a bare request. */
export async function callRoute(
  server: TestServer,
  route: Route,
  path: string,
  body: unknown,
  token?: string,
): Promise<TestResponse> {
  const auth = token ? { token } : {};
  if (body !== undefined && route.method !== 'GET') return server.request(route.method, path, { body, ...auth });
  if (route.method === 'POST') {
    return server.request(route.method, path, {
      raw: 'x',
      headers: { 'content-type': 'application/octet-stream' },
      ...auth,
    });
  }
  return server.request(route.method, path, auth);
}

/** Every row that belongs to the owner, in every table that has an owner column. */
export async function rowsOfOwner(server: TestServer, id: string): Promise<Record<string, unknown[]>> {
  const { db } = server.ctx.database;
  const snapshot: Record<string, unknown[]> = {};
  for (const table of Object.values(schema).filter((value) => isTable(value)) as PgTable[]) {
    const columns = getTableColumns(table);
    const ownerColumn = getTableName(table) === 'users' ? columns.id : columns.userId;
    if (!ownerColumn) continue;
    snapshot[getTableName(table)] = await db.select().from(table).where(eq(ownerColumn, id));
  }
  return snapshot;
}

/**
 * Every row of every table but the allowances' counters (each call spends some) and the sessions (a refresh or a
 * sign-in adds one): what a refused call must leave as it was, once the work after its reply is done.
 */
export async function wholeDatabase(server: TestServer, except: string[] = []): Promise<Record<string, unknown[]>> {
  await server.ctx.afterReply.idle();
  const { db } = server.ctx.database;
  const skip = new Set(['rate_limits', ...except]);
  const snapshot: Record<string, unknown[]> = {};
  for (const table of Object.values(schema).filter((value) => isTable(value)) as PgTable[]) {
    if (skip.has(getTableName(table))) continue;
    snapshot[getTableName(table)] = await db.select().from(table);
  }
  return snapshot;
}
