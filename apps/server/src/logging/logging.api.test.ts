import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_LIMITS } from '../../../../test-limits.js';
import { createUser } from '../accounts/users.js';
import { hashPassword } from '../auth/passwords.js';
import { GOOD_PASSWORD, signUpAndConfirm, startTestServer, type TestServer, uniqueEmail } from '../test/test-server.js';
import { withoutEmails } from './personal-data.js';

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

  it('names no e-mail address at info level, whatever the owner does: sign-up, sign-in, reset, a change of address', async () => {
    lines.length = 0;
    const owner = await signUpAndConfirm(server);
    const next = uniqueEmail('moved');
    await server.post('/api/signin_user', { email: owner.email, password: 'Wrong-password-1' });
    await server.post('/api/signin_user', { email: owner.email, password: GOOD_PASSWORD });
    await server.post('/api/request_password_reset', { email: owner.email, redirect_to: '/set-new-password' });
    await server.post('/api/request_password_reset', { email: 'nobody.here@salon-test.co.uk' });
    const asked = await server.post(
      '/api/database/update-email',
      { id: owner.id, email: next, refresh_token: owner.refresh_token },
      owner.access_token,
    );
    expect(asked.status).toBe(200);
    const [confirm] = await server.mailsTo(next);
    const link = confirm!.text.match(/https?:\/\/\S+confirm-email-change\?token=\S+/)![0];
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
    await server.mailsTo(owner.email);
    // The reset and change-of-address mails are stored in the background: wait for their log lines, not one mail.
    const outboxLines = () => lines.filter((line) => line.includes('"e-mail stored in outbox"')).length;
    await expect.poll(outboxLines, { timeout: TEST_LIMITS.api.wait }).toBeGreaterThanOrEqual(4);
    const info = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((l) => l.level <= 30);
    expect(info.filter((l) => l.msg === 'e-mail stored in outbox').length).toBeGreaterThanOrEqual(4);
    expect(info.some((l) => l.msg === 'e-mail change confirmed')).toBe(true);
    const withAddress = info.filter((l) => withoutEmails(JSON.stringify(l)) !== JSON.stringify(l));
    expect(withAddress).toEqual([]);
    for (const address of [owner.email, next, 'nobody.here@salon-test.co.uk']) {
      expect(lines.join('')).not.toContain(address);
    }
  });

  it('masks the addresses in a text it must log, such as an SMTP refusal', () => {
    expect(withoutEmails('550 5.1.1 <priya.shah+salon@example.co.uk>: Recipient address rejected')).toBe(
      '550 5.1.1 <[e-mail]>: Recipient address rejected',
    );
    expect(withoutEmails('no address here, just @mentions and a.b')).toBe('no address here, just @mentions and a.b');
  });
});
