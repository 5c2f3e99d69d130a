import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/tables.js';
import { markConnected } from '../integrations/connections.js';
import { importTransactions } from '../ledger/import.js';
import { ledgerTransactions } from '../ledger/tables.js';
import {
  callRoute,
  type Route,
  replaceLeaves,
  routesOf,
  rowsOfOwner,
  sample,
  wholeDatabase,
  withPathParams,
} from '../test/route-walk.js';
import { aprilLedger, TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestResponse, type TestServer } from '../test/test-server.js';
import { BAD_ADDRESS_MESSAGE, MALFORMED_MESSAGE, TOO_LARGE_HEAD_MESSAGE } from './client-errors.js';
import { ESCAPE_MESSAGE, NUL_MESSAGE, SURROGATE_MESSAGE, TOO_DEEP_MESSAGE, TOO_LONG_MESSAGE } from './request-text.js';

/**
 * Every route the API description (GET /api/docs) lists, and every route served outside it (the simulators and the dev
 * mailbox, `server.unlisted`), found there rather than listed here, so a new route is covered the day it is added:
 * another owner's ids are "not found" and change none of that owner's rows; a NUL byte, a lone surrogate, a broken
 * %-escape, text of 100,000 characters, a body nested 100,000 deep or an array of 100,000 items is a 400 in the API's
 * error shape that changes nothing; nothing answers 5xx; and every error status a route gave is one its description
 * lists.
 */
let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndConfirm>>;
let other: Awaited<ReturnType<typeof signUpAndConfirm>>;
let routes: Route[] = [];
/** The other owner's things, by the body field that names one. */
const othersIds: Record<string, string> = {};
const answered: Array<{ route: Route; path: string; status: number }> = [];

beforeAll(async () => {
  const wide = (name: string) => ({ name, max: 100_000, windowSeconds: 300 });
  server = await startTestServer({
    clock: () => new Date('2026-04-15T12:00:00Z'),
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
  routes = await routesOf(server);
  // A sole trader, so the Income Tax calls reach the lookup of the transaction they name.
  await server.ctx.database.db.update(users).set({ legalForm: 'sole_trader' }).where(eq(users.id, owner.id));
  // The other owner has books, a rule made by a correction, a bank connect attempt: ids worth stealing.
  const { db } = server.ctx.database;
  await markConnected(db, other.id, 'stripe');
  const florist = {
    provider: 'bank',
    externalId: 'flo_1',
    occurredAt: new Date('2026-04-09T10:00:00Z'),
    amountPence: -4500,
    description: 'CARD PAYMENT BRIGHTSIDE FLORIST',
    counterparty: 'BRIGHTSIDE FLORIST',
  } as const;
  await importTransactions(db, other.id, [...aprilLedger(), florist], TEST_IMPORT);
  const [transaction] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.userId, other.id), eq(ledgerTransactions.provider, 'bank')));
  othersIds.transaction_id = transaction!.id;
  const options = await server.post(
    `/api/database/get-correction-options/${other.id}`,
    { transaction_id: transaction!.id },
    other.access_token,
  );
  const category = (options.body.categories as string[]).find((name) => name !== options.body.category);
  const corrected = await server.post(
    `/api/database/correct-transaction/${other.id}`,
    { transaction_id: transaction!.id, category, apply_to_similar: true },
    other.access_token,
  );
  if (corrected.status !== 200) throw new Error(`correction failed: ${JSON.stringify(corrected.body)}`);
  const rules = await server.get(`/api/database/get-category-rules/${other.id}`, other.access_token);
  if (!rules.body.rules[0]) throw new Error('the correction made no rule');
  othersIds.rule_id = rules.body.rules[0].id;
  const banks = await server.get('/api/gocardless/choose-a-bank', other.access_token);
  const link = await server.post(
    '/api/gocardless/build-a-link',
    { user_id: other.id, institution_id: banks.body.banks[0].id, redirect: `${server.url}/gocardless-redirect` },
    other.access_token,
  );
  if (link.status !== 200) throw new Error(`bank link failed: ${JSON.stringify(link.body)}`);
  othersIds.requisition_id = link.body.requisition.id;
});
afterAll(() => server.close());

async function call(route: Route, path: string, body: unknown, token?: string): Promise<TestResponse> {
  const res = await callRoute(server, route, path, body, token);
  answered.push({ route, path, status: res.status });
  return res;
}

async function rawCall(route: Route, path: string, raw: string, token?: string): Promise<TestResponse> {
  const res = await server.request(route.method, path, {
    raw,
    headers: { 'content-type': route.bytes ? 'application/octet-stream' : 'application/json' },
    ...(token ? { token } : {}),
  });
  answered.push({ route, path, status: res.status });
  return res;
}

/** A request written byte for byte: no client would send these headers. */
function rawRequest(text: string): Promise<{ status: number; body: { error?: string; code?: string } | undefined }> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(text, 'latin1'));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      let parsed: { error?: string; code?: string } | undefined;
      try {
        parsed = JSON.parse(body);
      } catch {}
      resolve({ status: Number(answer.slice(9, 12)), body: parsed });
    });
  });
}

const tokenFor = (route: Route) => (route.signedIn ? owner.access_token : undefined);
const sampleFor = (route: Route, id = owner.id, ids: Record<string, string> = {}) =>
  route.body ? sample(server, route.body, '', id, ids) : undefined;
const describeAnswer = (route: Route, path: string, res: TestResponse) =>
  `${route.method} ${path.slice(0, 120)} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 160)}`;

/** A 400 in the API's error shape with this sentence; the simulators answer in their provider's own shape, any 4xx. */
function refusedWith(route: Route, res: TestResponse, message: string): boolean {
  if (!route.listed) return res.status >= 400 && res.status < 500;
  return res.status === 400 && res.body?.error === message && typeof res.body?.code === 'string';
}

describe('every route of the API description', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => route.signedIn).length).toBeGreaterThan(25);
    expect(Object.keys(othersIds)).toEqual(['transaction_id', 'rule_id', 'requisition_id']);
  });

  it("answers 404 to another owner's id and leaves that owner's rows as they were", async () => {
    const before = await rowsOfOwner(server, other.id);
    const probed: string[] = [];
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.signedIn)) {
      const bodyNamesOwner = Boolean(route.body?.properties?.id || route.body?.properties?.user_id);
      if (!route.pathParams.includes('id') && !bodyNamesOwner) continue;
      const path = withPathParams(route, other.id);
      const res = await call(route, path, sampleFor(route, other.id), owner.access_token);
      probed.push(`${route.method} ${route.path}`);
      if (res.status !== 404) wrong.push(describeAnswer(route, path, res));
    }
    expect(wrong).toEqual([]);
    expect(probed.length).toBeGreaterThan(25);
    // The description says 404 of exactly these signed-in calls (http/api-description.ts).
    const documented = routes.filter((r) => r.signedIn && r.errors.includes('404'));
    expect(documented.map((r) => `${r.method} ${r.path}`)).toEqual(probed);
    expect(await rowsOfOwner(server, other.id)).toEqual(before);
  });

  it("answers another owner's transaction, rule or bank link exactly as one that does not exist, changing nothing", async () => {
    const before = await wholeDatabase(server);
    const probed: string[] = [];
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.signedIn && r.body?.properties)) {
      const names = Object.keys(route.body!.properties!).filter((name) => othersIds[name]);
      if (names.length === 0) continue;
      const path = withPathParams(route, owner.id);
      const theirs = await call(route, path, sampleFor(route, owner.id, othersIds), owner.access_token);
      const unknown = Object.fromEntries(names.map((name) => [name, randomUUID()]));
      const nobodys = await call(route, path, sampleFor(route, owner.id, unknown), owner.access_token);
      probed.push(`${route.method} ${route.path} (${names.join(', ')})`);
      if (theirs.status < 400 || theirs.status >= 500 || JSON.stringify(theirs.body) !== JSON.stringify(nobodys.body)) {
        wrong.push(`${describeAnswer(route, path, theirs)} but unknown → ${nobodys.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(probed.length).toBeGreaterThanOrEqual(5);
    expect(await wholeDatabase(server)).toEqual(before);
  });

  it('refuses a NUL byte in any body, query or path: a 400 that says so, changing nothing', async () => {
    const before = await wholeDatabase(server);
    const wrong: string[] = [];
    for (const route of routes) {
      const base = sampleFor(route);
      const nul = replaceLeaves(base, () => 'a\u0000b', 'first-string');
      const tries: Array<{ path: string; body: unknown }> = [];
      if (nul.placed) tries.push({ path: withPathParams(route, owner.id), body: nul.body });
      tries.push({ path: `${withPathParams(route, owner.id)}?probe=a%00b`, body: base });
      if (route.pathParams.length) tries.push({ path: withPathParams(route, 'a\u0000b'), body: base });
      for (const attempt of tries) {
        const res = await call(route, attempt.path, attempt.body, tokenFor(route));
        if (!refusedWith(route, res, NUL_MESSAGE)) wrong.push(describeAnswer(route, attempt.path, res));
      }
    }
    expect(wrong).toEqual([]);
    expect(await wholeDatabase(server)).toEqual(before);
  });

  it('refuses a lone surrogate in any body value or key, query or path: a 400 that says so, changing nothing', async () => {
    const before = await wholeDatabase(server);
    const wrong: string[] = [];
    for (const route of routes) {
      const base = sampleFor(route);
      const path = withPathParams(route, owner.id);
      const tries: Array<{ path: string; body?: unknown; raw?: string; message: string }> = [];
      const lone = replaceLeaves(base, () => 'Salon \ud83d', 'first-string');
      if (lone.placed) tries.push({ path, body: lone.body, message: SURROGATE_MESSAGE });
      if (base && typeof base === 'object' && route.method !== 'GET') {
        tries.push({ path, body: { ...base, 'key\udc00': 1 }, message: SURROGATE_MESSAGE });
        // As the JSON text itself escapes it, whatever a client's serialiser does.
        const text = JSON.stringify(base).replace(/^\{/, '{"probe":"\\ud83d",');
        tries.push({ path, raw: text, message: SURROGATE_MESSAGE });
      }
      // A lone surrogate's bytes as a %-escape (not UTF-8), in the query and in the path.
      tries.push({ path: `${path}?probe=%ED%A0%BD`, body: base, message: ESCAPE_MESSAGE });
      if (route.pathParams.length) {
        tries.push({ path: withPathParams(route, '%ED%A0%BD', false), body: base, message: BAD_ADDRESS_MESSAGE });
      }
      for (const attempt of tries) {
        const token = tokenFor(route);
        const res =
          attempt.raw !== undefined
            ? await rawCall(route, attempt.path, attempt.raw, token)
            : await call(route, attempt.path, attempt.body, token);
        if (!refusedWith(route, res, attempt.message)) wrong.push(describeAnswer(route, attempt.path, res));
      }
    }
    expect(wrong).toEqual([]);
    expect(await wholeDatabase(server)).toEqual(before);
  });

  it('refuses huge inputs on every route: 100,000-character text, 100,000 items, 100,000 levels; a 400 that changes nothing', async () => {
    const before = await wholeDatabase(server);
    const wrong: string[] = [];
    const huge = 'a'.repeat(100_000);
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    for (const route of routes) {
      const base = sampleFor(route);
      const path = withPathParams(route, owner.id);
      const tries: Array<{ path: string; body?: unknown; raw?: string; message: string | null }> = [];
      const long = replaceLeaves(base, () => huge, 'strings');
      if (long.placed) tries.push({ path, body: long.body, message: null });
      const many = replaceLeaves(base, () => Array.from({ length: 100_000 }, () => 'x'), 'arrays');
      if (many.placed) tries.push({ path, body: many.body, message: null });
      if (base && typeof base === 'object' && route.method !== 'GET') {
        // Refused after validation (http/request-text.ts): a sample the schema refuses gets the schema's sentence.
        tries.push({ path, body: { ...base, probe: huge }, message: null });
        tries.push({ path, raw: JSON.stringify(base).replace(/^\{/, `{"probe":${deep},`), message: TOO_DEEP_MESSAGE });
        tries.push({ path, raw: JSON.stringify(Array.from({ length: 100_000 }, () => 1)), message: null });
      }
      if (route.bytes) tries.push({ path, raw: huge, message: null });
      tries.push({
        path: `${path}?probe=${'a'.repeat(10_000)}`,
        body: base,
        message: route.body ? null : TOO_LONG_MESSAGE,
      });
      tries.push({ path: `${path}?probe=${huge}`, body: base, message: TOO_LARGE_HEAD_MESSAGE });
      if (route.pathParams.length) {
        tries.push({ path: withPathParams(route, 'a'.repeat(1000)), body: base, message: BAD_ADDRESS_MESSAGE });
        tries.push({ path: withPathParams(route, huge), body: base, message: TOO_LARGE_HEAD_MESSAGE });
      }
      for (const attempt of tries) {
        const token = tokenFor(route);
        const res =
          attempt.raw !== undefined
            ? await rawCall(route, attempt.path, attempt.raw, token)
            : await call(route, attempt.path, attempt.body, token);
        const ok =
          attempt.message === null
            ? route.listed
              ? res.status === 400 && typeof res.body?.error === 'string' && typeof res.body?.code === 'string'
              : res.status >= 400 && res.status < 500
            : refusedWith(route, res, attempt.message);
        if (!ok) wrong.push(describeAnswer(route, attempt.path, res));
      }
    }
    expect(wrong).toEqual([]);
    expect(await wholeDatabase(server)).toEqual(before);
  });

  it("refuses a NUL or a line break in a header in the API's error shape, before any route runs", async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const target = withPathParams(route, owner.id);
      for (const header of [
        'X-Probe: a\u0000b',
        'X-Probe: a\rb',
        `Authorization: Bearer ${owner.access_token}\u0000`,
      ]) {
        const res = await rawRequest(
          `${route.method} ${target} HTTP/1.1\r\nHost: x\r\n${header}\r\nConnection: close\r\n\r\n`,
        );
        answered.push({ route, path: target, status: res.status });
        if (res.status !== 400 || res.body?.error !== MALFORMED_MESSAGE || res.body?.code !== 'bad_request') {
          wrong.push(`${route.method} ${target} ${JSON.stringify(header)} → ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never answered 5xx', () => {
    expect(answered.length).toBeGreaterThan(300);
    expect(answered.filter((a) => a.status >= 500).map((a) => `${a.route.method} ${a.path.slice(0, 120)}`)).toEqual([]);
  });

  it('gave no error status its description does not list', () => {
    const undocumented = answered
      .filter((a) => a.route.listed && a.status >= 400 && !a.route.errors.includes(String(a.status)))
      .map((a) => `${a.route.method} ${a.route.path} → ${a.status}`);
    expect([...new Set(undocumented)]).toEqual([]);
  });
});
