import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripe } from '@brade/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_URL,
  CODE_SUBJECT,
  call,
  createDatabase,
  databaseUrl,
  deploymentSecrets,
  exited,
  type Instance,
  ProviderProxy,
  SmtpCatcher,
  sleep,
  startInstance,
  stopInstance,
  TcpProxy,
  waitFor,
} from './harness.js';
import {
  connectStripe,
  importFinished,
  type Owner,
  ownerEmail,
  PASSWORD,
  PUBLIC_URL,
  recordBusiness,
  syncStatus,
} from './owners.js';

/**
 * One built server through each fault a deployment meets: its DATA_DIR cannot be made, SMTP is down, the
 * provider is down or answers nonsense, PostgreSQL goes away (a TCP proxy the test cuts; the shared server keeps
 * running). Each time the app says so in words, loses nothing it acknowledged, and recovers on its own.
 */
const root = path.resolve(import.meta.dirname, '../..');

describe('a DATA_DIR that cannot be created', () => {
  it('stops start-up with a message naming DATA_DIR and a non-zero exit', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'brade-datadir-'));
    const file = path.join(dir, 'a-file');
    writeFileSync(file, 'not a directory');
    let output = '';
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
      env: { ...process.env, DATA_DIR: path.join(file, 'data'), PORT: '0', HOST: '127.0.0.1', DEMO_ACCOUNT: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const code = await exited(child);
    rmSync(dir, { recursive: true, force: true });
    console.log(`[faults] DATA_DIR under a file: exit ${code}, said "${output.trim().split('\n').join(' | ')}"`);
    expect(code).toBe(78);
    expect(output).toContain(`DATA_DIR: ${path.join(file, 'data')} cannot be created (ENOTDIR`);
    expect(output).not.toContain('    at ');
  });
});

describe.skipIf(!ADMIN_URL)('faults on PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let sim: Awaited<ReturnType<typeof stripe.startStripeSimulator>>;
  let provider: ProviderProxy;
  let postgres: TcpProxy;
  const smtp = new SmtpCatcher();
  let app: Instance;
  let owner: Owner;

  beforeAll(async () => {
    const frozen = new Date();
    sim = await stripe.startStripeSimulator({
      seed: 'faults',
      now: () => frozen,
      redirectUris: [`${PUBLIC_URL}/stripe-redirect`],
    });
    provider = new ProviderProxy(sim.url);
    await provider.start();
    await smtp.start();
    db = await createDatabase();
    const admin = new URL(ADMIN_URL!);
    postgres = new TcpProxy(admin.hostname, Number(admin.port || 5432));
    await postgres.start();
    app = await startInstance({
      ...deploymentSecrets(),
      DATABASE_URL: databaseUrl(db.name, postgres.port),
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      STRIPE_CLIENT_ID: sim.control.credentials.clientId,
      STRIPE_SECRET_KEY: sim.control.credentials.clientSecret,
      STRIPE_CONNECT_BASE_URL: sim.url,
      STRIPE_API_BASE_URL: provider.url,
      SYNC_HISTORY_DAYS: '30',
      SYNC_SWEEP_SECONDS: '0.5',
      SYNC_LEASE_SECONDS: '5',
      SYNC_RETRY_SECONDS: '1',
      // Retry timing scaled down: a failed send is tried again after 0.3 s, 0.6 s, 1.2 s…
      MAIL_RETRY_SECONDS: '0.3',
      MAIL_SWEEP_SECONDS: '0.3',
      MAIL_LEASE_SECONDS: '3',
    });
  });

  afterAll(async () => {
    if (app && app.child.exitCode === null) await stopInstance(app);
    await postgres?.restore().catch(() => {});
    await db?.drop();
    await smtp.stop();
    await provider?.close();
    await sim?.close();
  });

  it('keeps mail in the outbox while SMTP is down, then sends it once', async () => {
    await smtp.stop();
    const email = ownerEmail('smtp-down');
    const signup = await call(app.url, 'POST', '/api/signup_user', {
      body: { email, password: PASSWORD, options: { data: { full_name: 'Nia Bell' } } },
      ip: '198.51.100.20',
    });
    expect(signup.status).toBe(200);
    const waiting = await waitFor('two failed attempts', async () => {
      const [row] = await db.query('select status, attempts, last_error from outbox where to_address = $1', [email]);
      return row && row.attempts >= 2 ? row : null;
    });
    expect(waiting.status).toBe('pending');
    expect(smtp.to(email)).toEqual([]);
    await smtp.start();
    const token = await smtp.code(email);
    await sleep(2000);
    const [row] = await db.query('select status, attempts from outbox where to_address = $1', [email]);
    console.log(
      `[faults] SMTP down: the code e-mail waited (${waiting.attempts} failed attempts, "${waiting.last_error}"), then went: ${smtp.to(email, CODE_SUBJECT).length} received, outbox ${row.status} after ${row.attempts} attempts`,
    );
    expect(smtp.to(email, CODE_SUBJECT).length).toBe(1);
    expect(row.status).toBe('sent');
    const verified = await call(app.url, 'POST', '/api/verify_otp', { body: { email, token }, ip: '198.51.100.20' });
    expect(verified.status).toBe(200);
    owner = { email, ip: '198.51.100.20', ...verified.body };
    await recordBusiness(app.url, owner, 'Fault Lines');
  });

  it('stops an import when the provider is down or answers malformed JSON, says why, retries, and keeps the ledger', async () => {
    await connectStripe(app.url, app.url, owner);
    const lastSyncBefore = (await importFinished(app.url, owner)).last_sync;
    const ledgerSql =
      'select count(*)::int as n, coalesce(sum(amount_pence), 0)::text as total from ledger_transactions where user_id = $1';
    const before = await db.query(ledgerSql, [owner.id]);

    const expected = {
      malformed: 'Stripe sent an answer Brade could not read; Brade will try again shortly.',
      down: 'Stripe is not answering right now; Brade will try again shortly.',
    };
    const words: Record<string, string> = {};
    try {
      // Due now: the sweep hands the run to a worker, which meets the fault; its retries meet the next one.
      await db.query("update connections set next_sync_at = now() - interval '1 minute' where user_id = $1", [
        owner.id,
      ]);
      for (const mode of ['malformed', 'down'] as const) {
        provider.mode = mode;
        let seen: { sync: { last_error: string | null } } | undefined;
        await waitFor(`a failed run (${mode})`, async () => {
          seen = await syncStatus(app.url, owner);
          return seen?.sync.last_error === expected[mode];
        }).catch((error: Error) => {
          throw new Error(`${error.message}; last seen ${JSON.stringify(seen)}`);
        });
        words[mode] = expected[mode];
        expect(await db.query(ledgerSql, [owner.id])).toEqual(before);
      }
    } finally {
      provider.mode = 'up';
    }
    const recovered = await waitFor('the retry after the provider is back', async () => {
      const status = await syncStatus(app.url, owner);
      return status.last_sync !== lastSyncBefore && status.sync.state === 'idle' && !status.sync.last_error
        ? status
        : null;
    });
    const after = await db.query(ledgerSql, [owner.id]);
    console.log(
      `[faults] provider: malformed JSON said "${words.malformed}"; outage said "${words.down}"; recovered on retry (${recovered.status}); ledger ${before[0].n} rows summing ${before[0].total}p before, ${after[0].n} rows summing ${after[0].total}p after`,
    );
    expect(words).toEqual(expected);
    expect(after).toEqual(before);
  });

  it('answers 503 on /api/ready while PostgreSQL is away, recovers on its own, and loses nothing acknowledged', async () => {
    let acknowledged = 0;
    let lastAcknowledged = '';
    const refusals = new Map<number, number>();
    let writing = true;
    const writer = (async () => {
      for (let j = 1; writing; j++) {
        const name = `Outage v${j}`;
        const res = await call(app.url, 'POST', '/api/record_business_information', {
          token: owner.access_token,
          ip: owner.ip,
          body: {
            id: owner.id,
            full_name: 'Nia Bell',
            email: owner.email,
            salon_name: name,
            business_address: '3 Station Parade, Leeds',
            postcode: 'LS1 4DY',
            state: 'England',
            country: 'United Kingdom',
          },
        }).catch(() => ({ status: 0, body: null }));
        if (res.status === 200) {
          acknowledged += 1;
          lastAcknowledged = name;
        } else refusals.set(res.status, (refusals.get(res.status) ?? 0) + 1);
        await sleep(50);
      }
    })();
    await waitFor('some writes', () => acknowledged >= 5);
    await postgres.cut();
    const unready = await waitFor('/api/ready to say 503', async () => {
      const res = await call(app.url, 'GET', '/api/ready');
      return res.status === 503 ? res : null;
    });
    const alive = await call(app.url, 'GET', '/api/health');
    await sleep(3000);
    const duringOutage = acknowledged;
    await postgres.restore();
    await waitFor('/api/ready to say 200 again', async () => (await call(app.url, 'GET', '/api/ready')).status === 200);
    await waitFor('writes to succeed again', () => acknowledged >= duringOutage + 5);
    writing = false;
    await writer;
    const [stored] = await db.query('select salon_name from users where id = $1', [owner.id]);

    // The background machinery came back too: an import runs and an e-mail goes out.
    const lastSync = (await syncStatus(app.url, owner)).last_sync;
    await db.query("update connections set next_sync_at = now() - interval '1 minute' where user_id = $1", [owner.id]);
    await waitFor('an import after the outage', async () => {
      const status = await syncStatus(app.url, owner);
      return status.last_sync !== lastSync && status.sync.state === 'idle' && !status.sync.last_error;
    });
    await call(app.url, 'POST', '/api/request_password_reset', {
      body: { email: owner.email, redirect_to: `${PUBLIC_URL}/set-new-password` },
      ip: owner.ip,
    });
    await waitFor('the reset e-mail', () => smtp.to(owner.email, 'Reset your Brade password').length === 1);
    console.log(
      `[faults] PostgreSQL away: /api/ready ${unready.status} ${JSON.stringify(unready.body)}, /api/health ${alive.status}; ${acknowledged} writes acknowledged, refused while away: ${JSON.stringify(Object.fromEntries(refusals))}; stored "${stored.salon_name}", last acknowledged "${lastAcknowledged}"; import and e-mail work after it`,
    );
    expect(app.child.exitCode).toBeNull();
    expect(alive.status).toBe(200);
    expect(stored.salon_name).toBe(lastAcknowledged);
    expect([...refusals.keys()].every((status) => status === 503)).toBe(true);
  });

  it('answers /api/ready with 503 without waiting out the connect timeout when PostgreSQL stops answering', async () => {
    postgres.silence();
    try {
      // The pool waits 10 s for a connection; the readiness check gives up well before the client does.
      const res = await fetch(`${app.url}/api/ready`, { signal: AbortSignal.timeout(8000) });
      console.log(`[faults] PostgreSQL silent (partition): /api/ready ${res.status} ${await res.text()}`);
      expect(res.status).toBe(503);
    } finally {
      await postgres.restore();
    }
    await waitFor('/api/ready to say 200 again', async () => (await call(app.url, 'GET', '/api/ready')).status === 200);
    expect(app.child.exitCode).toBeNull();
  });
});
