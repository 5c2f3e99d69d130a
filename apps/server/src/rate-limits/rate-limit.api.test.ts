import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { consume, sweepRateLimits } from './rate-limit.js';
import { rateLimits } from './tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('rate-limit windows', () => {
  it('counts within a window and refuses past the allowance', async () => {
    const db = server.ctx.database.db;
    const limit = { name: 'test:window', max: 2, windowSeconds: 60 };
    await consume(db, limit, 'a');
    await consume(db, limit, 'a');
    await expect(consume(db, limit, 'a')).rejects.toMatchObject({ statusCode: 429 });
    await consume(db, limit, 'b');
  });

  it('sweeps windows older than a day and keeps current ones', async () => {
    const db = server.ctx.database.db;
    await db
      .insert(rateLimits)
      .values({ key: 'old:window', windowStart: new Date(Date.now() - 2 * 86_400_000), count: 3 });
    await db.insert(rateLimits).values({ key: 'fresh:window', windowStart: new Date(), count: 1 });
    await sweepRateLimits(db);
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain('old:window');
    expect(keys).toContain('fresh:window');
  });
});
