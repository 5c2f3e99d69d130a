import { DEMO_ACCOUNT, ERROR_CODES } from '@brade/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../accounts/users.js';
import { markConnected } from '../integrations/connections.js';
import { importTransactions } from '../ledger/import.js';
import { ledgerTransactions } from '../ledger/tables.js';
import {
  callRoute,
  type Route,
  routesOf,
  rowsOfOwner,
  sample,
  wholeDatabase,
  withPathParams,
} from '../test/route-walk.js';
import { aprilLedger, TEST_IMPORT } from '../test/test-ledger.js';
import { signUpAndConfirm, startTestServer, type TestResponse, type TestServer } from '../test/test-server.js';

/**
 * The demo account reads everything and changes nothing (docs/sandbox.md, "The demo account"), whatever route it
 * calls: every route of the API description is called as the demo, with the body an ordinary owner's call of it
 * changes that owner's books with. Which routes write is found, not listed: a route whose call changed the ordinary
 * owner's rows is a write, and the demo's call of it must be refused with 403 'demo_read_only'.
 */
let server: TestServer;
let demo: { id: string; access_token: string };
let owner: Awaited<ReturnType<typeof signUpAndConfirm>>;
let routes: Route[] = [];

const bankLine = {
  provider: 'bank',
  externalId: 'flo_1',
  occurredAt: new Date('2026-04-09T10:00:00Z'),
  amountPence: -4500,
  description: 'CARD PAYMENT BRIGHTSIDE FLORIST',
  counterparty: 'BRIGHTSIDE FLORIST',
} as const;

async function booksFor(userId: string, token: string): Promise<Record<string, string>> {
  const { db } = server.ctx.database;
  await markConnected(db, userId, 'stripe');
  await importTransactions(db, userId, [...aprilLedger(), bankLine], TEST_IMPORT);
  const [line] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.userId, userId), eq(ledgerTransactions.provider, 'bank')));
  // A category the bank line can move to, as the correction dialog offers it.
  const options = await server.post(
    `/api/database/get-correction-options/${userId}`,
    { transaction_id: line!.id },
    token,
  );
  const category = (options.body.categories as string[]).find((name) => name !== options.body.category)!;
  return { transaction_id: line!.id, category };
}

/** Bodies that make an ordinary owner's write go through, by field name, beyond the route walk's own samples. */
const WRITES: Record<string, unknown> = {
  new_name: 'Cutting',
  legal_form: 'sole_trader',
  processor: 'stripe',
  institution_id: 'GB:Mock ASPSP',
};

beforeAll(async () => {
  server = await startTestServer({ clock: () => new Date('2026-04-15T12:00:00Z') });
  const signin = await server.post('/api/signin_user', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  const demoUser = await findUserByEmail(server.ctx.database.db, DEMO_ACCOUNT.email);
  demo = { id: demoUser!.id, access_token: signin.body.access_token };
  owner = await signUpAndConfirm(server);
  routes = await routesOf(server);
});
afterAll(() => server.close());

function bodyFor(route: Route, id: string, ids: Record<string, string>): unknown {
  if (!route.body) return undefined;
  const body = sample(server, route.body, '', id, ids) as Record<string, unknown>;
  for (const key of Object.keys(body)) if (key in WRITES && typeof body[key] === 'string') body[key] = WRITES[key];
  return body;
}

/** BradeBot's memory of a visitor's questions (keyed by the session) is not the account's data. */
const booksOf = ({ assistant_conversations: _memory, ...rows }: Record<string, unknown[]>) => rows;

/** Signing out ends the caller's own session, not the account's data: the walk keeps its session to the end. */
const walked = (route: Route) => route.listed && route.signedIn && route.path !== '/api/signout_user';

describe('the demo account through every write route', () => {
  it('is refused with 403 on every route that changes an ordinary owner’s rows, and changes nothing at all', async () => {
    const [demoIds, ownerIds] = [
      await booksFor(demo.id, demo.access_token),
      await booksFor(owner.id, owner.access_token),
    ];
    const writes: string[] = [];
    const demoAnswers = new Map<string, TestResponse>();
    const before = await wholeDatabase(server, ['sessions', 'refresh_tokens', 'assistant_conversations']);
    // The demo first, across every route, so nothing the ordinary owner does can mask a change.
    for (const route of routes.filter(walked)) {
      const res = await callRoute(
        server,
        route,
        withPathParams(route, demo.id),
        bodyFor(route, demo.id, demoIds),
        demo.access_token,
      );
      demoAnswers.set(`${route.method} ${route.path}`, res);
    }
    const after = await wholeDatabase(server, ['sessions', 'refresh_tokens', 'assistant_conversations']);
    expect(after).toEqual(before);
    // Then the ordinary owner, route by route: what changed their rows is a write.
    for (const route of routes.filter(walked)) {
      const mine = await rowsOfOwner(server, owner.id);
      const res = await callRoute(
        server,
        route,
        withPathParams(route, owner.id),
        bodyFor(route, owner.id, ownerIds),
        owner.access_token,
      );
      await server.ctx.afterReply.idle();
      const changed = JSON.stringify(booksOf(await rowsOfOwner(server, owner.id))) !== JSON.stringify(booksOf(mine));
      if (changed && res.status < 300) writes.push(`${route.method} ${route.path}`);
    }
    const notRefused = writes.filter((name) => {
      const res = demoAnswers.get(name)!;
      return res.status !== 403 || res.body?.code !== ERROR_CODES.demoReadOnly;
    });
    expect(notRefused.map((name) => `${name} → ${demoAnswers.get(name)!.status}`)).toEqual([]);
    // The walk's bodies reach these writes' handlers (else it would find nothing to refuse).
    expect(writes, JSON.stringify(writes)).toEqual(
      expect.arrayContaining([
        'POST /api/record_business_information',
        'POST /api/database/update-personal-info',
        'POST /api/database/correct-transaction/{id}',
        'POST /api/database/update-vat-settings/{id}',
        'POST /api/database/update-financial-goals/{id}',
        'POST /api/database/update-notification-settings/{id}',
        'POST /api/integrations/authorization-url',
        'POST /api/gocardless/build-a-link',
        'POST /api/hmrc/authorization-url',
        'POST /api/income-tax/update-settings/{id}',
      ]),
    );
    // Each 403 is one its description lists.
    const undocumented = routes
      .filter(walked)
      .filter((r) => demoAnswers.get(`${r.method} ${r.path}`)!.status === 403 && !r.errors.includes('403'));
    expect(undocumented.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});

describe("the demo account's address on the calls without a session", () => {
  it('changes nothing of the demo account: no attempt, no code, no e-mail, no reset link', async () => {
    const before = await wholeDatabase(server, ['sessions', 'refresh_tokens']);
    for (const route of routes.filter((r) => r.listed && !r.signedIn && r.body?.properties?.email)) {
      const body = { ...(sample(server, route.body!, '', demo.id) as object), email: DEMO_ACCOUNT.email };
      const res = await callRoute(server, route, route.path, body);
      expect(res.status, `${route.method} ${route.path}`).toBeLessThan(500);
    }
    expect(await wholeDatabase(server, ['sessions', 'refresh_tokens'])).toEqual(before);
  });
});
