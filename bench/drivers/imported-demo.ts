import { DEMO_ACCOUNT } from '@brade/contract';
import { eq } from 'drizzle-orm';
import { findUserByEmail } from '../../apps/server/src/accounts/users.js';
import { connections } from '../../apps/server/src/integrations/tables.js';
import { startTestServer, type TestServer } from '../../apps/server/src/test/test-server.js';

/**
 * A test server (PGlite in memory unless TEST_DB says otherwise) whose demo account has imported its whole history
 * from its simulators through the real adapters, as of `now`: the server and the demo owner's id.
 */
export async function startImportedDemo(now: Date): Promise<{ server: TestServer; demoId: string }> {
  process.env.TEST_DB ??= 'pglite';
  const server = await startTestServer({ demo: true, clock: () => now });
  const db = server.ctx.database.db;
  const demoId = (await findUserByEmail(db, DEMO_ACCOUNT.email))!.id;
  const until = Date.now() + 600_000;
  for (;;) {
    const rows = await db.select().from(connections).where(eq(connections.userId, demoId));
    if (rows.length === 4 && rows.every((r) => r.syncState === 'idle' && r.lastSyncedAt && !r.backfillUntil)) break;
    if (Date.now() > until) {
      await server.close();
      throw new Error('the demo import did not finish in 10 minutes');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { server, demoId };
}
