import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripe } from '@brade/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyIdOf } from '../../apps/server/src/integrations/token-cipher.js';
import {
  ADMIN_URL,
  adminQuery,
  call,
  createDatabase,
  databaseUrl,
  deploymentSecrets,
  type Instance,
  SmtpCatcher,
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
  syncStatus,
} from './owners.js';

/**
 * Operations on a running deployment: rotating ENCRYPTION_KEY (the old key retired, stored tokens re-encrypted
 * at start, then the old key dropped) and APP_SECRET (access tokens signed with the old secret refused at once,
 * sessions carry on through their refresh tokens), and a pg_dump of the live database restored into a new one
 * that shows the same figures.
 */
const hexKey = () => randomBytes(32).toString('hex');
const keyId = (hex: string) => keyIdOf(Buffer.from(hex, 'hex'));

describe.skipIf(!ADMIN_URL)('keys and backups on PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let sim: Awaited<ReturnType<typeof stripe.startStripeSimulator>>;
  const smtp = new SmtpCatcher();
  let env: Record<string, string>;
  let app: Instance;
  let owner: Owner;

  const restart = async (changes: Record<string, string>) => {
    await stopInstance(app);
    env = { ...env, ...changes };
    app = await startInstance(env);
  };

  /** Makes the connection due now and waits for the run: it opens the stored tokens to call Stripe. */
  const importAgain = async () => {
    const before = (await syncStatus(app.url, owner)).last_sync;
    await db.query("update connections set next_sync_at = now() - interval '1 minute' where user_id = $1", [owner.id]);
    return waitFor('an import with the stored tokens', async () => {
      const status = await syncStatus(app.url, owner);
      return status.last_sync !== before && status.sync.state === 'idle' ? status : null;
    });
  };

  beforeAll(async () => {
    const frozen = new Date();
    sim = await stripe.startStripeSimulator({
      seed: 'keys-and-backups',
      now: () => frozen,
      redirectUris: [`${PUBLIC_URL}/stripe-redirect`],
    });
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
      STRIPE_API_BASE_URL: sim.url,
      SYNC_HISTORY_DAYS: '30',
      SYNC_SWEEP_SECONDS: '0.5',
      SYNC_RETRY_SECONDS: '1',
    };
    app = await startInstance(env);
    owner = await signUp(smtp, app.url, app.url, ownerEmail('keys'), '198.51.100.30');
    await recordBusiness(app.url, owner, 'Key Cutters');
    await connectStripe(app.url, app.url, owner);
    await importFinished(app.url, owner);
  });

  afterAll(async () => {
    if (app && app.child.exitCode === null) await stopInstance(app);
    await db?.drop();
    await smtp.stop();
    await sim?.close();
  });

  it('keeps every stored token readable under a new ENCRYPTION_KEY, re-encrypts them, then needs the old key no more', async () => {
    const oldKey = env.ENCRYPTION_KEY!;
    const newKey = hexKey();
    const sealedWith = async () =>
      (await db.query('select credentials from connections where credentials is not null')).map(
        (r) => r.credentials.split('.')[1] as string,
      );
    expect(await sealedWith()).toEqual([keyId(oldKey)]);

    await restart({ ENCRYPTION_KEY: newKey, ENCRYPTION_KEYS_RETIRED: oldKey });
    const resealed = await waitFor('the key-rotation job', async () => {
      const ids = await sealedWith();
      return ids.every((id) => id === keyId(newKey)) ? ids : null;
    });
    const withRetired = await importAgain();

    await restart({ ENCRYPTION_KEY: newKey, ENCRYPTION_KEYS_RETIRED: '' });
    const withoutRetired = await importAgain();
    console.log(
      `[keys] ENCRYPTION_KEY ${keyId(oldKey)} -> ${keyId(newKey)}: ${resealed.length} stored credentials re-encrypted at start; import with the old key retired: ${withRetired.sync.last_error ?? 'ok'}; after dropping it: ${withoutRetired.sync.last_error ?? 'ok'}`,
    );
    expect(withRetired.sync.last_error).toBeNull();
    expect(withoutRetired.sync.last_error).toBeNull();
    expect(withoutRetired.status).toBe('connected');
  });

  it('refuses access tokens signed with the old APP_SECRET at once, and lets sessions carry on by refreshing', async () => {
    const details = (token: string) => call(app.url, 'GET', `/api/database/get-user-details/${owner.id}`, { token });
    expect((await details(owner.access_token)).status).toBe(200);
    await restart({ APP_SECRET: randomBytes(32).toString('hex') });
    const old = await details(owner.access_token);
    const refreshed = await call(app.url, 'POST', '/api/refresh_token', {
      body: { refresh_token: owner.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    const renewed = await details(refreshed.body.access_token);
    console.log(
      `[keys] APP_SECRET rotated: old access token ${old.status}, refresh ${refreshed.status}, new access token ${renewed.status}`,
    );
    expect(old.status).toBe(401);
    expect(renewed.status).toBe(200);
    owner = { ...owner, access_token: refreshed.body.access_token, refresh_token: refreshed.body.refresh_token };
  });

  it('restores a pg_dump of the running database into a new one that shows the same figures', async () => {
    const figures = async (base: string) => {
      const out: Record<string, unknown> = {};
      for (const route of [
        'get-all-sales',
        'get-all-expenses',
        'get-monthly-sales',
        'get-monthly-expenses',
        'get-current-month-sales-total',
        'get-current-month-expenses-total',
        'get-current-month-revenue-per-client',
      ]) {
        const res = await call(base, 'GET', `/api/database/${route}/${owner.id}`, { token: owner.access_token });
        expect(res.status).toBe(200);
        out[route] = res.body;
      }
      return out;
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'brade-backup-'));
    const dump = path.join(dir, 'brade.dump');
    const restoredName = `${db.name}_restored`;
    let restored: Instance | null = null;
    try {
      // The live instance keeps running (and sweeping) while the dump is taken.
      execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, db.url]);
      await adminQuery(`create database ${restoredName}`);
      execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl(restoredName)}`, dump]);
      restored = await startInstance({ ...env, DATABASE_URL: databaseUrl(restoredName) });
      let [live, copy] = await Promise.all([figures(app.url), figures(restored.url)]);
      // The month-to-date comparisons run to the current minute ("until"): a minute turning between the two reads
      // is the clock, not the data, so the two are read again (a real difference stays a difference).
      for (let again = 0; again < 3 && JSON.stringify(live) !== JSON.stringify(copy); again += 1) {
        [live, copy] = await Promise.all([figures(app.url), figures(restored.url)]);
      }
      const rows = await db.query('select count(*)::int as n from ledger_transactions');
      console.log(
        `[backups] pg_dump of the running database (${rows[0].n} ledger rows) restored into a new one: ${Object.keys(live).length} figure calls compared, ${Object.keys(live).filter((k) => JSON.stringify(live[k]) !== JSON.stringify(copy[k])).length} differ`,
      );
      expect(copy).toEqual(live);
      expect(JSON.stringify(live['get-all-sales'])).toMatch(/\d/);
    } finally {
      if (restored) await stopInstance(restored);
      await adminQuery(`drop database if exists ${restoredName} with (force)`);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
