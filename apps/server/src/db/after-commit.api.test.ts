import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_LIMITS } from '../../../../test-limits.js';
import { outbox } from '../mail/tables.js';
import { startTestServer, type TestServer, uniqueEmail } from '../test/test-server.js';
import { afterCommit } from './after-commit.js';

let server: TestServer;
const db = () => server.ctx.database.db;
const HOUR = 60 * 60_000;

beforeAll(async () => {
  // The mail sweep waits an hour: only the commit itself can start a delivery in these tests.
  server = await startTestServer({ every: { mail: HOUR } });
});
afterAll(() => server.close());

async function outboxRow(to: string, timeoutMs: number = TEST_LIMITS.api.wait) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db().select().from(outbox).where(eq(outbox.to, to));
    if (row?.status !== 'pending' && row) return row;
    if (Date.now() > until) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('work after a commit', () => {
  it('runs once the transaction commits, never inside it', async () => {
    const seen: string[] = [];
    await db().transaction(async (tx) => {
      afterCommit(tx, () => seen.push('after commit'));
      await tx.execute('select 1');
      seen.push('inside');
    });
    expect(seen).toEqual(['inside', 'after commit']);
  });

  it('is dropped with a rolled-back transaction, and with a rolled-back savepoint only its own', async () => {
    const seen: string[] = [];
    await expect(
      db().transaction(async (tx) => {
        afterCommit(tx, () => seen.push('rolled back'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await db().transaction(async (tx) => {
      afterCommit(tx, () => seen.push('outer'));
      await tx
        .transaction(async (savepoint) => {
          afterCommit(savepoint, () => seen.push('savepoint rolled back'));
          throw new Error('inner');
        })
        .catch(() => {});
      await tx.transaction(async (savepoint) => {
        afterCommit(savepoint, () => seen.push('savepoint released'));
      });
    });
    expect(seen).toEqual(['outer', 'savepoint released']);
  });

  it('runs at once outside a transaction', () => {
    let ran = false;
    afterCommit(db(), () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});

describe('mail written inside a transaction', () => {
  it('is delivered after the commit without anyone asking (the sign-up code)', async () => {
    const email = uniqueEmail('commit');
    const res = await server.post('/api/signup_user', {
      email,
      password: 'Chignon2026',
      options: { data: { full_name: 'Nia Bell' } },
    });
    expect(res.status).toBe(200);
    await server.ctx.afterReply.idle();
    const row = await outboxRow(email);
    expect(row).toMatchObject({ status: 'stored', subject: 'Your Brade confirmation code' });
  });

  it('is delivered after a transaction of the caller commits', async () => {
    const email = uniqueEmail('commit');
    await db().transaction(async (tx) => {
      await server.ctx.mailer.enqueue(tx, email, { subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    });
    expect(await outboxRow(email)).toMatchObject({ status: 'stored' });
  });

  it('never exists when the transaction rolls back', async () => {
    const email = uniqueEmail('rollback');
    await expect(
      db().transaction(async (tx) => {
        await server.ctx.mailer.enqueue(tx, email, { subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    await server.ctx.mailer.idle();
    expect(await db().select().from(outbox).where(eq(outbox.to, email))).toEqual([]);
  });
});
