import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../accounts/users.js';
import { hashPassword } from '../auth/passwords.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

const lines: string[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ logDestination: { write: (line: string) => void lines.push(line) } });
});
afterAll(() => server.close());

describe('what the logs keep', () => {
  it('logs request paths without their query strings (tokens, codes, states)', async () => {
    lines.length = 0;
    await server.get('/api/auth/recover?token=RESETSECRET1234&redirect_to=/x');
    await server.get('/api/auth/confirm-email-change?token=CHANGESECRET5678');
    await server.get('/stripe-redirect?code=ac_OAUTHCODE999&state=STATEVALUE000');
    const log = lines.join('');
    expect(log).toContain('"url":"/api/auth/recover"');
    expect(log).toContain('"url":"/stripe-redirect"');
    for (const secret of ['RESETSECRET1234', 'CHANGESECRET5678', 'OAUTHCODE999', 'STATEVALUE000']) {
      expect(log).not.toContain(secret);
    }
  });

  it('logs a failed query by its SQL and SQLSTATE, never its parameters or the database’s detail', async () => {
    const { db } = server.ctx.database;
    const passwordHash = await hashPassword('Balayage77');
    const email = 'leaky.owner@salon-test.co.uk';
    const first = await createUser(db, { email, fullName: 'Leaky Owner', passwordHash, confirmed: true });
    const err = await createUser(db, { id: first.id, email, fullName: 'Leaky Owner', passwordHash }).catch((e) => e);
    expect(String(err.message)).toContain(email);
    lines.length = 0;
    server.ctx.log.error({ err }, 'query failed');
    const log = lines.join('');
    expect(log).toContain('insert into \\"users\\"');
    expect(log).toContain('23505');
    expect(log).not.toContain(email);
    expect(log).not.toContain(passwordHash);
    expect(log).not.toContain('Leaky Owner');
  });
});
