import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_LIMITS } from '../../../../test-limits.js';
import { startTestServer, type TestServer, uniqueEmail } from '../test/test-server.js';
import { Mailer } from './mailer.js';
import { outbox } from './tables.js';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback: Brade must speak SMTP to it when SMTP_URL is set. */
let smtp: SMTPServer;
let port = 0;
const received: Received[] = [];
/** How long the SMTP server takes to accept each message (0: at once). */
let acceptDelayMs = 0;
let server: TestServer;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        setTimeout(() => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        }, acceptDelayMs);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
  server = await startTestServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Brade <hello@brade.test>' },
    logDestination: { write: (line: string) => void logLines.push(line) },
  });
});

afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number = TEST_LIMITS.api.wait,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe('e-mail over SMTP', () => {
  it('delivers the sign-up code as HTML and text to the SMTP server, and marks the outbox row sent', async () => {
    const email = uniqueEmail();
    const res = await server.post('/api/signup_user', {
      email,
      password: 'Chignon2026',
      options: { data: { full_name: 'Ava Jones' } },
    });
    expect(res.status).toBe(200);
    const mail = await waitFor(() => received.find((m) => m.to.includes(email)));
    expect(mail.raw).toMatch(/From: Brade <hello@brade\.test>/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toMatch(/Your Brade confirmation code is \d{6}/);
    const sent = await waitFor(async () => {
      const [row] = await server.mailsTo(email);
      return row?.status === 'sent' ? row : undefined;
    });
    // Once handed to SMTP, the outbox keeps who and what, never the code.
    expect(sent).toMatchObject({ text: '', html: '', attachments: null });
    expect(sent.subject).toBe('Your Brade confirmation code');
    // The log says an e-mail went, by its outbox row, never to whom (docs/security-decisions.md, "Logs and stored
    // e-mail").
    expect(logLines.some((line) => line.includes('"msg":"e-mail sent"'))).toBe(true);
    expect(logLines.join('')).not.toContain(email);
  });

  it('sends each e-mail once even when two app instances deliver from the same outbox', async () => {
    const other = new Mailer(server.ctx.database.db, pino({ level: 'silent' }), {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Brade <hello@brade.test>',
      mailboxUrl: null,
    });
    await other.start();
    try {
      const recipients = Array.from({ length: 10 }, () => uniqueEmail('twice'));
      const { db } = server.ctx.database;
      for (const to of recipients) {
        await db.insert(outbox).values({ to, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
      }
      server.ctx.mailer.kick();
      other.kick();
      await waitFor(() => (recipients.every((to) => received.some((m) => m.to.includes(to))) ? true : undefined));
      await Promise.all([server.ctx.mailer.idle(), other.idle()]);
      for (const to of recipients) expect(received.filter((m) => m.to.includes(to))).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });

  it('sends an attachment as its own MIME part with its name and content type', async () => {
    const email = uniqueEmail('attached');
    const pdf = Buffer.from('%PDF-1.4 a tiny stand-in');
    await server.ctx.mailer.send(email, {
      subject: 'With a file',
      text: 'See the file.',
      html: '<p>See the file.</p>',
      attachments: [
        {
          filename: 'income_statement_report_november.pdf',
          contentType: 'application/pdf',
          base64: pdf.toString('base64'),
        },
      ],
    });
    const mail = await waitFor(() => received.find((m) => m.to.includes(email)));
    const row = await waitFor(async () => (await server.mailsTo(email)).find((m) => m.status === 'sent'));
    expect(row).toMatchObject({ attachments: null, text: '' });
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=income_statement_report_november\.pdf/);
    expect(mail.raw).toMatch(/Content-Disposition: attachment;\s+filename=income_statement_report_november\.pdf/);
    expect(mail.raw).toContain(pdf.toString('base64'));
  });

  it('never sends an e-mail twice when a slow SMTP server outlasts the lease of a claimed batch', async () => {
    // Each message takes 1 s to accept; a batch of 6 claimed together outlasts its 3 s lease, so a second sender
    // claims the rest meanwhile. The first must skip what it no longer holds.
    const timing = { retrySeconds: 60, sweepSeconds: 3600, leaseSeconds: 3 };
    const sender = () =>
      new Mailer(server.ctx.database.db, pino({ level: 'silent' }), {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Brade <hello@brade.test>',
        mailboxUrl: null,
        timing,
      });
    // The app's own sender would claim the batch first with its 5-minute lease: it stays out (last test).
    await server.ctx.mailer.stop();
    const first = sender();
    const second = sender();
    const recipients = Array.from({ length: 6 }, () => uniqueEmail('slow'));
    acceptDelayMs = 1000;
    try {
      const { db } = server.ctx.database;
      for (const to of recipients)
        await db.insert(outbox).values({ to, subject: 'Slow', text: 'Hi', html: '<p>Hi</p>' });
      await first.start();
      await waitFor(() => (received.some((m) => m.to.includes(recipients[2]!)) ? true : undefined));
      await new Promise((r) => setTimeout(r, 700));
      await second.start();
      await waitFor(() => (recipients.every((to) => received.some((m) => m.to.includes(to))) ? true : undefined));
      await Promise.all([first.idle(), second.idle()]);
      expect(recipients.map((to) => received.filter((m) => m.to.includes(to)).length)).toEqual([1, 1, 1, 1, 1, 1]);
    } finally {
      acceptDelayMs = 0;
      await first.stop();
      await second.stop();
    }
  });
});
