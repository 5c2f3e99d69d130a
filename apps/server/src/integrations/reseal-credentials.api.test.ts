import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeCardProvider, fakeProviders, payments } from '../test/fake-providers.js';
import { signUpAndConfirm, startTestServer, type TestServer } from '../test/test-server.js';
import { connectFakeCard } from '../test/wait.js';
import { readCredentials } from './connection-store.js';
import { resealStaleCredentials } from './reseal-credentials.js';
import { connections } from './tables.js';
import { createTokenCipher, keyIdOf } from './token-cipher.js';

const oldKey = randomBytes(32).toString('hex');
const newKey = randomBytes(32).toString('hex');
const idOf = (hex: string) => keyIdOf(Buffer.from(hex, 'hex'));
const silent = pino({ level: 'silent' });
const stripe = new FakeCardProvider('stripe', payments('stripe', ['2026-11-02'], 1000));
const square = new FakeCardProvider('square', payments('square', ['2026-11-02'], 2000));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: { ENCRYPTION_KEY: oldKey },
    providers: fakeProviders({ stripe, square, sumup: new FakeCardProvider('sumup', []) }, null),
  });
});
afterAll(() => server.close());

const db = () => server.ctx.database.db;
const rowsOf = (userId: string) => db().select().from(connections).where(eq(connections.userId, userId));
const keyIdsOf = async (userId: string) => (await rowsOf(userId)).map((r) => r.credentials!.split('.')[1]);

describe('re-encrypting stored credentials after an ENCRYPTION_KEY rotation', () => {
  it('opens every token with the retired key, seals them under the new one, and then needs the old key no more', async () => {
    const owner = await signUpAndConfirm(server);
    await connectFakeCard(server, owner, stripe);
    await connectFakeCard(server, owner, square);
    const before = await rowsOf(owner.id);
    expect(await keyIdsOf(owner.id)).toEqual([idOf(oldKey), idOf(oldKey)]);
    const oldCipher = createTokenCipher(oldKey);
    const plain = before.map((row) => readCredentials(oldCipher, row));

    const rotated = createTokenCipher(newKey, [oldKey]);
    // Readable before the job: the retired key still opens them.
    expect(before.map((row) => readCredentials(rotated, row))).toEqual(plain);
    const first = await resealStaleCredentials(db(), rotated, silent);
    expect(first.unreadable).toBe(0);
    expect(first.resealed).toBeGreaterThanOrEqual(2);
    expect(await keyIdsOf(owner.id)).toEqual([idOf(newKey), idOf(newKey)]);

    // The old key can go: the new key alone opens every row, with the same contents.
    const newOnly = createTokenCipher(newKey);
    expect((await rowsOf(owner.id)).map((row) => readCredentials(newOnly, row))).toEqual(plain);
    // A second run (another instance, a restart) finds nothing left.
    expect(await resealStaleCredentials(db(), rotated, silent)).toEqual({ resealed: 0, unreadable: 0 });
  });

  it('leaves a row whose key is not configured as it is, and counts it', async () => {
    const owner = await signUpAndConfirm(server);
    await connectFakeCard(server, owner, stripe);
    const [row] = await rowsOf(owner.id);
    const strangers = createTokenCipher(randomBytes(32).toString('hex'));
    const foreign = strangers.encrypt('{"accessToken":"x"}', {
      table: 'connections',
      rowId: row!.id,
      userId: owner.id,
    });
    await db().update(connections).set({ credentials: foreign }).where(eq(connections.id, row!.id));

    const outcome = await resealStaleCredentials(db(), createTokenCipher(newKey, [oldKey]), silent);
    expect(outcome.unreadable).toBe(1);
    expect((await rowsOf(owner.id))[0]!.credentials).toBe(foreign);
    await db().delete(connections).where(eq(connections.id, row!.id));
  });
});
