import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom, startTestServer, type TestServer, uniqueEmail } from '../test/test-server.js';
import { CONTENT_REMOVED_NOTE } from './mailbox-routes.js';
import { outbox } from './tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('copies kept for the dev mailbox', () => {
  it('keep a code readable until it expires, then lose their body', async () => {
    const email = uniqueEmail('blank');
    await server.post('/api/signup_user', {
      email,
      password: 'Chignon2026',
      options: { data: { full_name: 'Nia Bell' } },
    });
    const [stored] = await server.mailsTo(email);
    expect(codeFrom(stored)).toMatch(/^\d{6}$/);
    const listed = async () =>
      ((await server.get('/dev/mailbox.json')).body as Array<{ to: string; text: string }>).find((m) => m.to === email);
    expect((await listed())?.text).toContain(codeFrom(stored));

    const { db } = server.ctx.database;
    await db
      .update(outbox)
      .set({ secretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.to, email));
    server.ctx.mailer.kick();
    await server.ctx.mailer.idle();
    const [blanked] = await db.select().from(outbox).where(eq(outbox.to, email));
    expect(blanked).toMatchObject({ text: '', html: '', attachments: null });
    expect(blanked?.contentRemovedAt).toBeInstanceOf(Date);
    expect((await listed())?.text).toBe(CONTENT_REMOVED_NOTE);
    expect(String((await server.get(`/dev/mailbox/${blanked?.id}`)).body)).toContain(CONTENT_REMOVED_NOTE);
  });

  it('keeps an e-mail with nothing secret in it', async () => {
    const email = uniqueEmail('notice');
    await server.ctx.mailer.send(email, { subject: 'Hello', text: 'Just a notice', html: '<p>Just a notice</p>' });
    await server.ctx.mailer.idle();
    server.ctx.mailer.kick();
    await server.ctx.mailer.idle();
    const [row] = await server.mailsTo(email);
    expect(row?.text).toBe('Just a notice');
  });
});
