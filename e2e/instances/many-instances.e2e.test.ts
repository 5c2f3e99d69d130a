import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stripe } from '@brade/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_URL,
  call,
  createDatabase,
  deploymentSecrets,
  exited,
  type Instance,
  ProviderProxy,
  SmtpCatcher,
  sleep,
  startInstance,
  stopInstance,
  waitFor,
} from './harness.js';
import {
  connectStripe,
  importFinished,
  type Owner,
  ownerEmail,
  PUBLIC_URL,
  recordBusiness,
  signUp,
  simulatorExternalIds,
} from './owners.js';

/**
 * Four built servers on one PostgreSQL database behind an imaginary load balancer (the test picks the instance
 * of every call): sessions, rate limits, import jobs, Monthly Summaries and e-mails are shared through the
 * database, so each happens once whichever instance does it, and an instance killed mid-traffic loses nothing it
 * had answered. The servers' clock is on the 2nd of next month (shifted-clock.mjs), when summaries go out.
 */
const HISTORY_DAYS = 40;
const journal = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../apps/server/drizzle/meta/_journal.json'), 'utf8'),
) as { entries: Array<{ tag: string }> };
const preload = path.join(import.meta.dirname, 'shifted-clock.mjs');

// 03:00 UTC on the 2nd of next month: a summary day, and a night-time edge for the import window (no sales).
const real = new Date();
const shiftedStart = Date.UTC(real.getUTCFullYear(), real.getUTCMonth() + 1, 2, 3, 0, 0);
const offsetMs = shiftedStart - real.getTime();

let db: Awaited<ReturnType<typeof createDatabase>>;
let sim: Awaited<ReturnType<typeof stripe.startStripeSimulator>>;
let proxy: ProviderProxy;
const smtp = new SmtpCatcher();
let env: Record<string, string>;
let instances: Instance[] = [];
const owners: Owner[] = [];

const urls = () => instances.map((i) => i.url);
const at = (k: number) => urls()[k % instances.length]!;
const startAll = (n: number) => Promise.all(Array.from({ length: n }, () => startInstance(env, preload)));

describe.skipIf(!ADMIN_URL)('four instances on one PostgreSQL', () => {
  beforeAll(async () => {
    const frozen = new Date();
    sim = await stripe.startStripeSimulator({
      seed: 'many-instances',
      now: () => frozen,
      redirectUris: [`${PUBLIC_URL}/stripe-redirect`],
    });
    proxy = new ProviderProxy(sim.url);
    await proxy.start();
    await smtp.start();
    db = await createDatabase();
    env = {
      ...deploymentSecrets(),
      DATABASE_URL: db.url,
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      STRIPE_CLIENT_ID: sim.control.credentials.clientId,
      STRIPE_SECRET_KEY: sim.control.credentials.clientSecret,
      STRIPE_CONNECT_BASE_URL: sim.url,
      STRIPE_API_BASE_URL: proxy.url,
      SYNC_HISTORY_DAYS: String(HISTORY_DAYS),
      SYNC_SWEEP_SECONDS: '1',
      // A run renews its lease with every page it saves; four instances on a loaded two-core machine can take
      // more than a few seconds over one page, and a lapsed lease rightly hands the run to another instance,
      // which fetches that page again (docs/deployment.md). This test is about each job running once.
      SYNC_LEASE_SECONDS: '30',
      MAIL_SWEEP_SECONDS: '0.5',
      // Longer than a send with a PDF takes on a loaded machine: a lease that lapses mid-send lets a second
      // instance send the same e-mail (docs/deployment.md).
      MAIL_LEASE_SECONDS: '30',
      BRADE_TEST_CLOCK_OFFSET_MS: String(offsetMs),
    };
  });

  afterAll(async () => {
    await Promise.all(instances.map((i) => (i.child.exitCode === null ? stopInstance(i) : null)));
    await db?.drop();
    await smtp.stop();
    await proxy?.close();
    await sim?.close();
  });

  it('starts four at once on an empty database and migrates it once', async () => {
    instances = await startAll(4);
    const applied = await db.query('select hash from drizzle.__drizzle_migrations');
    const distinct = new Set(applied.map((r) => r.hash)).size;
    console.log(
      `[instances] simultaneous start: ${instances.length} ready, ${applied.length} migrations applied (${distinct} distinct) of ${journal.entries.length}`,
    );
    expect(applied.length).toBe(journal.entries.length);
    expect(distinct).toBe(journal.entries.length);
  });

  it('accepts a session made on one instance on every other, and a sign-out on one ends it on all', async () => {
    const owner = await signUp(smtp, at(0), at(1), ownerEmail('session'), '198.51.100.1');
    const asked = await Promise.all(
      urls().map((u) => call(u, 'GET', `/api/database/get-user-details/${owner.id}`, { token: owner.access_token })),
    );
    const refreshed = await call(at(2), 'POST', '/api/refresh_token', { body: { refresh_token: owner.refresh_token } });
    expect(refreshed.status).toBe(200);
    // The used refresh token is spent everywhere.
    const replay = await call(at(3), 'POST', '/api/refresh_token', { body: { refresh_token: owner.refresh_token } });
    const out = await call(at(3), 'POST', '/api/signout_user', {
      body: { refresh_token: refreshed.body.refresh_token, access_token: refreshed.body.access_token },
    });
    expect(out.status).toBe(200);
    const after = await Promise.all(
      urls().map((u) =>
        call(u, 'GET', `/api/database/get-user-details/${owner.id}`, { token: refreshed.body.access_token }),
      ),
    );
    console.log(
      `[instances] session: made on #0, read on ${asked.filter((a) => a.status === 200).length}/4, refresh replay on #3 ${replay.status}, after sign-out on #3 refused on ${after.filter((a) => a.status === 401).length}/4`,
    );
    expect(asked.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(replay.status).toBe(401);
    expect(after.map((a) => a.status)).toEqual([401, 401, 401, 401]);
  });

  it('holds a rate limit across instances: 30 reset requests per address in five minutes, wherever they land', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, k) =>
        call(at(k), 'POST', '/api/request_password_reset', {
          body: { email: `nobody.${k}@salon-test.co.uk`, redirect_to: `${PUBLIC_URL}/set-new-password` },
          ip: '198.51.100.99',
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200).length;
    const limited = answers.filter((a) => a.status === 429).length;
    console.log(
      `[instances] rate limit: 40 reset requests over 4 instances from one address: ${ok} answered, ${limited} refused (429)`,
    );
    expect(ok).toBe(30);
    expect(limited).toBe(10);
  });

  it('runs every import job once, whichever instance connected or picked it up', async () => {
    for (let k = 0; k < 3; k++) {
      const owner = await signUp(smtp, at(k), at(k + 1), ownerEmail(`salon${k}`), `198.51.100.${10 + k}`);
      await recordBusiness(at(k + 2), owner, `Salon ${k}`);
      await connectStripe(at(k + 3), at(k + 1), owner);
      owners.push(owner);
    }
    await Promise.all(owners.map((o, k) => importFinished(at(k), o)));
    const jobs = await db.query("select state, retry_count from pgboss.job where name = 'connection-sync'");
    const repeatedPages = proxy.repeated();
    const ledger = await db.query(
      'select user_id, count(*)::int as n, count(distinct external_id)::int as distinct_ids from ledger_transactions group by user_id',
    );
    const historyFrom = new Date(shiftedStart - HISTORY_DAYS * 86_400_000);
    const expected = await Promise.all(
      owners.map((o) => simulatorExternalIds(sim, o.email, historyFrom, new Date(shiftedStart))),
    );
    const pages = [...proxy.requests.keys()].filter((k) => k.includes('/v1/balance_transactions')).length;
    console.log(
      `[instances] imports: 3 owners over 4 instances, ${jobs.length} sync jobs (${jobs.filter((j) => j.state === 'completed').length} completed, ${jobs.filter((j) => j.retry_count > 0).length} retried), ${pages} pages fetched, ${proxy.retried().length} asked again, ${repeatedPages.length} fetched again after an answer, ledger rows ${ledger.map((l) => l.n).join('/')} against the simulator's ${expected.map((e) => e.size).join('/')}`,
    );
    expect(repeatedPages).toEqual([]);
    expect(jobs.every((j) => j.state === 'completed' && j.retry_count === 0)).toBe(true);
    for (const [k, owner] of owners.entries()) {
      const row = ledger.find((l) => l.user_id === owner.id);
      expect(row?.n).toBe(expected[k]!.size);
      expect(row?.distinct_ids).toBe(expected[k]!.size);
    }
  });

  it('sends each Monthly Summary once when four instances start together on the 2nd', async () => {
    await Promise.all(instances.map((i) => stopInstance(i)));
    instances = await startAll(4);
    const month = new Date(shiftedStart - 86_400_000).toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
    const summaries = () => smtp.received.filter((m) => m.subject.startsWith('Your Brade summary'));
    await waitFor('three summaries', () => summaries().length >= 3);
    // Four start-up sweeps ran; give any late duplicate the time to show.
    await sleep(3000);
    const claimed = await db.query('select user_id from monthly_summaries');
    console.log(
      `[instances] monthly summary (${month}): 4 instances started together, ${claimed.length} claimed, ${summaries().length} e-mails received for ${owners.length} owners`,
    );
    expect(claimed.length).toBe(owners.length);
    expect(
      summaries()
        .map((m) => m.to)
        .sort(),
    ).toEqual(owners.map((o) => o.email).sort());
  });

  it('loses nothing an instance answered before it was killed mid-traffic', async () => {
    const ledgerSql =
      'select count(*)::int as n, coalesce(sum(amount_pence), 0)::text as total from ledger_transactions';
    const ledgerBefore = await db.query(ledgerSql);
    const victim = instances[3]!;
    let killed = false;
    // The load balancer stops sending to an instance once a request to it has failed.
    let victimDown = false;
    const live = () => instances.filter((i) => !(victimDown && i === victim));
    const lastAcknowledged = new Map<string, string>();
    let acknowledged = 0;
    let failedOnVictim = 0;
    const UPDATES = 12;
    // Each owner renames the salon again and again, one request at a time, as fast as the answers come.
    const stream = async (owner: Owner, k: number) => {
      for (let j = 1; j <= UPDATES; j++) {
        const name = `Salon ${k} v${j}`;
        for (let attempt = 0; ; attempt++) {
          const pool = live();
          const target = pool[(j + k + attempt) % pool.length]!;
          if (target === victim && acknowledged >= 8 && !killed) {
            killed = true;
            // Killed while this request is on its way or being handled.
            setTimeout(() => victim.child.kill('SIGKILL'), 5);
          }
          try {
            await recordBusiness(target.url, owner, name);
            acknowledged += 1;
            lastAcknowledged.set(owner.id, name);
            break;
          } catch (error) {
            if (target !== victim) throw error;
            failedOnVictim += 1;
            victimDown = true;
          }
        }
      }
    };
    await Promise.all(owners.map(stream));
    instances = live();
    const stored = await db.query('select id, salon_name from users where id = any($1)', [owners.map((o) => o.id)]);
    const lost = owners.filter((o) => stored.find((r) => r.id === o.id)?.salon_name !== lastAcknowledged.get(o.id));
    const ledgerAfter = await db.query(ledgerSql);
    const stillServing = await Promise.all(instances.map((i) => call(i.url, 'GET', '/api/ready')));
    console.log(
      `[instances] kill mid-traffic: ${owners.length * UPDATES} writes, ${acknowledged} acknowledged, ${failedOnVictim} failed on the killed instance and went elsewhere, ${lost.length} acknowledged writes lost; ${stillServing.filter((r) => r.status === 200).length} instances still ready; ledger ${ledgerBefore[0].n} rows before, ${ledgerAfter[0].n} after`,
    );
    expect(killed).toBe(true);
    await exited(victim.child);
    expect(victim.child.signalCode).toBe('SIGKILL');
    expect(acknowledged).toBe(owners.length * UPDATES);
    expect(lost).toEqual([]);
    expect(stillServing.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(ledgerAfter).toEqual(ledgerBefore);
  });

  it('delivered each e-mail exactly once, whichever instance sent it', async () => {
    await waitFor(
      'an empty outbox',
      async () => (await db.query("select 1 from outbox where status = 'pending'")).length === 0,
    );
    const rows = await db.query("select to_address, subject from outbox where status = 'sent'");
    const key = (m: { to: string; subject: string }) => `${m.to} ${m.subject}`;
    const queued = new Map<string, number>();
    for (const r of rows)
      queued.set(
        key({ to: r.to_address, subject: r.subject }),
        (queued.get(key({ to: r.to_address, subject: r.subject })) ?? 0) + 1,
      );
    const received = new Map<string, number>();
    for (const m of smtp.received) received.set(key(m), (received.get(key(m)) ?? 0) + 1);
    console.log(
      `[instances] e-mail: ${rows.length} outbox rows sent, ${smtp.received.length} messages received by SMTP, ${[...received].filter(([k, n]) => n !== queued.get(k)).length} differing ${JSON.stringify([...received].filter(([k, n]) => n !== queued.get(k)))}`,
    );
    expect(smtp.received.length).toBe(rows.length);
    expect(received).toEqual(queued);
  });
});
