import { eq, getTableColumns, getTableName, isTable } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../test/all-tables.js';
import { TEST_CLIENT } from '../test/hmrc-test-kit.js';
import { GOOD_PASSWORD, signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { NUL_MESSAGE } from './reject-nul-bytes.js';

/**
 * Every route the API description (GET /api/docs) lists, and every route served outside it (the simulators and the dev
 * mailbox, `server.unlisted`), found there rather than listed here, so a new route is covered the day it is added: another owner's id is "not found" and changes none of that owner's rows, a NUL
 * byte anywhere is a 400, and nothing answers 5xx.
 */
interface JsonSchema {
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
interface Route {
  method: string;
  path: string;
  signedIn: boolean;
  body: JsonSchema | null;
  pathParams: string[];
  /** The error statuses its description lists. */
  errors: string[];
}

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndConfirm>>;
let other: Awaited<ReturnType<typeof signUpAndConfirm>>;
let routes: Route[] = [];
const statuses: Array<{ route: string; status: number }> = [];

beforeAll(async () => {
  const wide = (name: string) => ({ name, max: 100_000, windowSeconds: 300 });
  server = await startTestServer({
    limits: {
      signinPerIp: wide('signin:ip'),
      signupPerIp: wide('signup:ip'),
      verifyPerIp: wide('verify:ip'),
      resendPerIp: wide('resend:ip'),
      resetPerIp: wide('reset:ip'),
      refreshPerIp: wide('refresh:ip'),
      recoveryPerIp: wide('recovery:ip'),
    },
  });
  owner = await signUpAndConfirm(server);
  other = await signUpAndConfirm(server);
  const docs = (await server.get('/api/docs')).body as {
    paths: Record<
      string,
      Record<
        string,
        {
          security?: unknown[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
          responses: Record<string, unknown>;
        }
      >
    >;
  };
  routes = Object.entries(docs.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      signedIn: Boolean(operation.security?.length),
      body: operation.requestBody?.content['application/json']?.schema ?? null,
      pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
      errors: Object.keys(operation.responses).filter((status) => status >= '400'),
    })),
  );
  // The simulators and the dev mailbox are outside the description; they are probed all the same.
  for (const { method, url } of server.unlisted) {
    const path = url.replace(/:(\w+)/g, '{$1}');
    const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    routes.push({ method, path, signedIn: false, body: null, pathParams, errors: [] });
  }
});
afterAll(() => server.close());

/** Values the contract's refinements accept, by field name; everything else follows its JSON schema. */
const KNOWN: Record<string, () => unknown> = {
  email: () => 'probe.other@salon-test.co.uk',
  postcode: () => 'EH1 2DP',
  month: () => 1,
  year: () => new Date().getFullYear(),
  token: () => '123456',
  password: () => 'Balayage77',
  new_password: () => 'Balayage77',
  current_password: () => GOOD_PASSWORD,
  redirect: () => `${server.url}/gocardless-redirect`,
  redirect_to: () => `${server.url}/set-new-password`,
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

function sample(schema: JsonSchema, name: string, targetId: string): unknown {
  if (name === 'id' || name === 'user_id') return targetId;
  if (KNOWN[name]) return KNOWN[name]();
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return sample(choice, name, targetId);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, sample(inner, key, targetId)]),
    );
  }
  if (type === 'array') return [];
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (schema.format === 'uuid') return targetId;
  return 'probe';
}

function withPathParams(route: Route, value: string): string {
  return route.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(value));
}

/** The first string leaf of a sample body, replaced with a NUL-bearing value. */
function withNul(value: unknown): { body: unknown; placed: boolean } {
  if (typeof value === 'string') return { body: `a\u0000b`, placed: true };
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    for (const [i, [key, inner]] of entries.entries()) {
      const nested = withNul(inner);
      if (nested.placed) {
        const copy = Object.fromEntries(entries);
        copy[key] = nested.body;
        return { body: copy, placed: i >= 0 };
      }
    }
  }
  return { body: value, placed: false };
}

async function call(route: Route, path: string, body: unknown, token?: string) {
  const res =
    body !== undefined
      ? await server.request(route.method, path, { body, ...(token ? { token } : {}) })
      : route.method === 'POST'
        ? await server.request(route.method, path, {
            raw: 'x',
            headers: { 'content-type': 'application/octet-stream' },
            ...(token ? { token } : {}),
          })
        : await server.request(route.method, path, token ? { token } : {});
  statuses.push({ route: `${route.method} ${path}`, status: res.status });
  return res;
}

/** Every row that belongs to the owner, in every table that has an owner column. */
async function rowsOfOwner(id: string): Promise<Record<string, unknown[]>> {
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

describe('every route of the API description', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => route.signedIn).length).toBeGreaterThan(25);
  });

  it("answers 404 to another owner's id and leaves that owner's rows as they were", async () => {
    const before = await rowsOfOwner(other.id);
    const probed: string[] = [];
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.signedIn)) {
      const bodyNamesOwner = Boolean(route.body?.properties?.id || route.body?.properties?.user_id);
      if (!route.pathParams.includes('id') && !bodyNamesOwner) continue;
      const body = route.body ? sample(route.body, '', other.id) : undefined;
      const res = await call(route, withPathParams(route, other.id), body, owner.access_token);
      probed.push(`${route.method} ${route.path}`);
      if (res.status !== 404) wrong.push(`${route.method} ${route.path} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(wrong).toEqual([]);
    expect(probed.length).toBeGreaterThan(25);
    // The description says 404 of exactly these signed-in calls (http/api-description.ts).
    const documented = routes.filter((r) => r.signedIn && r.errors.includes('404'));
    expect(documented.map((r) => `${r.method} ${r.path}`)).toEqual(probed);
    expect(await rowsOfOwner(other.id)).toEqual(before);
  });

  it('refuses a NUL byte in any body, query or path: a 400 that says so (simulated providers: a 4xx)', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const token = route.signedIn ? owner.access_token : undefined;
      const tries: Array<{ path: string; body: unknown }> = [];
      const base = route.body ? sample(route.body, '', owner.id) : undefined;
      const nul = withNul(base);
      if (nul.placed) tries.push({ path: withPathParams(route, owner.id), body: nul.body });
      tries.push({ path: `${withPathParams(route, owner.id)}?probe=a%00b`, body: base });
      if (route.pathParams.length) tries.push({ path: withPathParams(route, 'a\u0000b'), body: base });
      for (const attempt of tries) {
        const res = await call(route, attempt.path, attempt.body, token);
        // The simulators under /sandbox answer in their provider's own shape; the app's own routes in Brade's.
        const ok = route.path.startsWith('/api/')
          ? res.status === 400 && res.body?.error === NUL_MESSAGE
          : res.status >= 400 && res.status < 500;
        if (!ok) {
          wrong.push(`${route.method} ${attempt.path} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never answered 5xx', () => {
    expect(statuses.length).toBeGreaterThan(100);
    expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
  });
});
