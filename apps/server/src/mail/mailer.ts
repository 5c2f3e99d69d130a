import { and, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { afterCommit } from '../db/after-commit.js';
import { type Db, rowsOf } from '../db/client.js';
import { withoutEmails } from '../logging/personal-data.js';
import { outbox } from './tables.js';
import type { MailAttachment, MailContent } from './templates.js';

const MAX_ATTEMPTS = 6;

/** Config's MAIL_* timing (the sweep's cadence lives in jobs/recurring-work.ts); tests scale it down. */
export interface OutboxTiming {
  retrySeconds: number;
  leaseSeconds: number;
}
const DEFAULT_TIMING: OutboxTiming = { retrySeconds: 60, leaseSeconds: 300 };

/**
 * Mail is written to the outbox table in the caller's flow and delivered afterwards: a request never waits on
 * SMTP, the reset answer takes the same time for every address, and nothing is lost if SMTP is down.
 * Without SMTP_URL the outbox is the destination (embedded mode), readable at /dev/mailbox. Delivery starts as
 * soon as the row is committed; the mail sweep (jobs/recurring-work.ts) retries what failed.
 */
export class Mailer {
  private transport: Transporter | null = null;
  private running: Promise<void> | null = null;
  /** A kick came during a run: that run may have claimed before the new row committed, so another follows. */
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly options: {
      smtpUrl: string | undefined;
      from: string;
      mailboxUrl: string | null;
      timing?: OutboxTiming;
    },
  ) {}

  private get timing(): OutboxTiming {
    return this.options.timing ?? DEFAULT_TIMING;
  }

  /** Stores the e-mail and delivers it soon. */
  async send(to: string, content: MailContent): Promise<void> {
    await this.enqueue(this.db, to, content);
  }

  /**
   * Stores the e-mail inside the caller's transaction, so it exists only if that work commits, and delivers it
   * once the transaction has committed (db/after-commit.ts): the row is invisible to the sender before then.
   */
  async enqueue(tx: Db, to: string, content: MailContent): Promise<void> {
    await tx.insert(outbox).values({
      to,
      subject: content.subject,
      text: content.text,
      html: content.html,
      attachments: content.attachments?.length ? content.attachments : null,
      secretExpiresAt: content.secretMinutes ? new Date(Date.now() + content.secretMinutes * 60_000) : null,
    });
    afterCommit(tx, () => this.kick());
  }

  /** nodemailer is loaded only when SMTP is configured: embedded mode never needs it. */
  async start(): Promise<void> {
    this.stopped = false;
    if (this.options.smtpUrl && !this.transport) {
      const nodemailer = await import('nodemailer');
      this.transport = nodemailer.createTransport(this.options.smtpUrl);
    }
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
    this.transport?.close();
  }

  /** Delivers what is due soon, off the request path; overlapping kicks share one run. The mail sweep calls it. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.deliverDue())
      .catch((err) => this.log.error({ err }, 'mail delivery run failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** The mail sweep: delivers what is due (retries, and rows whose sender died) and waits for it. */
  async deliver(): Promise<void> {
    this.kick();
    await this.idle();
  }

  /** Waits until no delivery run is under way (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async deliverDue(): Promise<void> {
    await this.deliverClaimed();
    await blankExpiredSecrets(this.db);
  }

  private async deliverClaimed(): Promise<void> {
    // With SMTP configured, nothing is delivered (or marked stored) before the transport is loaded.
    if (this.options.smtpUrl && !this.transport) return;
    // Claim due rows atomically with a lease (5 minutes by default), so several app instances never send the same
    // e-mail; a sender that dies mid-send leaves the row to be retried when the lease runs out.
    const claimed = await this.db.execute(sql`
      update ${outbox} set next_attempt_at = now() + make_interval(secs => ${this.timing.leaseSeconds})
      where id in (
        select id from ${outbox} where status = 'pending' and next_attempt_at <= now()
        order by created_at limit 20 for update skip locked)
      returning id, to_address as "to", subject, body_text as "text", body_html as "html", attachments, attempts,
        next_attempt_at::text as "leaseUntil"`);
    const due = rowsOf<{
      id: string;
      leaseUntil: string;
      to: string;
      subject: string;
      text: string;
      html: string;
      attachments: MailAttachment[] | null;
      attempts: number;
    }>(claimed);
    for (const mail of due) {
      if (!this.transport) {
        await this.db.update(outbox).set({ status: 'stored', sentAt: new Date() }).where(eq(outbox.id, mail.id));
        // The body holds codes and links, the address is personal: log the outbox row and what it is, and where to
        // read it (docs/security-decisions.md, "Logs and stored e-mail").
        this.log.info(
          { mailId: mail.id, subject: mail.subject.replace(/\d{6}/, '******'), mailbox: this.options.mailboxUrl },
          'e-mail stored in outbox',
        );
        continue;
      }
      // The batch's lease may have run out while earlier ones were sent (a slow SMTP server): then another instance
      // may have claimed this one. Renew it only if it is still this run's claim, and skip it otherwise.
      if (!(await this.renewLease(mail.id, mail.leaseUntil))) {
        this.log.warn({ mailId: mail.id }, 'e-mail lease taken over by another sender; not sent here');
        continue;
      }
      try {
        await this.transport.sendMail({
          from: this.options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: (mail.attachments ?? []).map((file) => ({
            filename: file.filename,
            content: Buffer.from(file.base64, 'base64'),
            contentType: file.contentType,
          })),
        });
        // Delivered: the outbox keeps who and what, never the codes, links or files.
        await this.db
          .update(outbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: mail.attempts + 1, ...BLANK_CONTENT() })
          .where(eq(outbox.id, mail.id));
        this.log.info({ mailId: mail.id }, 'e-mail sent');
      } catch (err) {
        const attempts = mail.attempts + 1;
        const backoffSeconds = Math.min(3600, this.timing.retrySeconds * 2 ** (attempts - 1));
        await this.db
          .update(outbox)
          .set({
            attempts,
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            ...(attempts >= MAX_ATTEMPTS ? BLANK_CONTENT() : {}),
            lastError: String((err as Error).message).slice(0, 500),
            nextAttemptAt: new Date(Date.now() + backoffSeconds * 1000),
          })
          .where(eq(outbox.id, mail.id));
        this.log.warn(
          { mailId: mail.id, attempts, err: withoutEmails(String((err as Error).message)) },
          'e-mail delivery failed; will retry',
        );
      }
    }
  }

  /** Extends this run's claim on one e-mail by a whole lease, if the claim (its exact lease time) is still there. */
  private async renewLease(id: string, leaseUntil: string): Promise<boolean> {
    const renewed = await this.db.execute(sql`
      update ${outbox} set next_attempt_at = now() + make_interval(secs => ${this.timing.leaseSeconds})
      where id = ${id} and status = 'pending' and next_attempt_at = ${leaseUntil}::timestamptz
      returning id`);
    return rowsOf(renewed).length === 1;
  }
}

const BLANK_CONTENT = () => ({ text: '', html: '', attachments: null, contentRemovedAt: new Date() });

/** Stored copies (the dev mailbox) lose their body once the code or link in it has expired. */
export async function blankExpiredSecrets(db: Db): Promise<void> {
  await db
    .update(outbox)
    .set(BLANK_CONTENT())
    .where(and(isNull(outbox.contentRemovedAt), ne(outbox.status, 'pending'), lte(outbox.secretExpiresAt, sql`now()`)));
}

export async function listOutbox(db: Db, limit = 50) {
  return db.select().from(outbox).orderBy(sql`${outbox.createdAt} desc`).limit(limit);
}

export async function findOutboxMail(db: Db, id: string) {
  const [mail] = await db.select().from(outbox).where(eq(outbox.id, id));
  return mail;
}
