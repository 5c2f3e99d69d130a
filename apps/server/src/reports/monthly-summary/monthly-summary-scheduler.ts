import {
  addMonths,
  DEFAULT_NOTIFICATION_SETTINGS,
  lastDayOf,
  londonDateOf,
  monthOf,
  reportFileName,
} from '@brade/contract';
// A static import: a dynamic one made esbuild wrap the shared contract modules lazily, and the bundled server then
// met an undefined schema at start-up.
import { renderReportPdf } from '@brade/contract/report-pdf';
import { type AnyColumn, and, eq, exists, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { users } from '../../accounts/tables.js';
import type { Db } from '../../db/client.js';
import { ledgerTransactions } from '../../ledger/tables.js';
import type { Mailer } from '../../mail/mailer.js';
import type { MailAttachment } from '../../mail/templates.js';
import { notificationSettings } from '../../settings/tables.js';
import { buildReport } from '../build-report.js';
import { monthlySummaries } from '../tables.js';
import { summaryFigures } from './summary-figures.js';
import { monthlySummaryMail } from './summary-mail.js';

/**
 * Summaries go out on the 1st; a server that was down then catches up during the first week, but an owner who
 * joins (or turns the summary on) later in the month does not get last month's summary out of the blue.
 */
export const SUMMARY_DAYS = 7;

export interface MonthlySummaryDeps {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  log: Logger;
  publicUrl: string;
}

interface Recipient {
  id: string;
  email: string;
  fullName: string;
  salonName: string;
}

/**
 * DESIGN.md section 10's Monthly Summary e-mail: a sweep (at start, then hourly) that, in the first days of a
 * Europe/London month, sends each owner who wants it last month's figures and income statement PDF. Inserting
 * the (owner, month) row is the claim, in the same transaction as the outbox row: several app instances never
 * send a summary twice, and a crash before the commit leaves it to the next sweep.
 */
export class MonthlySummaryScheduler {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;

  constructor(
    private readonly deps: MonthlySummaryDeps,
    private readonly sweepIntervalMs = 60 * 60_000,
  ) {}

  start(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.sweepIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
  }

  /** Sends what is due; resolves to how many summaries this sweep claimed. Overlapping calls share one run. */
  sweep(): Promise<number> {
    this.sweeping ??= this.sendDue()
      .catch((error) => {
        this.deps.log.error({ err: error }, 'monthly summary sweep failed');
        return 0;
      })
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  private async sendDue(): Promise<number> {
    const today = londonDateOf(this.deps.clock());
    if (Number(today.slice(8, 10)) > SUMMARY_DAYS) return 0;
    const month = addMonths(monthOf(today), -1);
    let sent = 0;
    for (const owner of await this.recipients(month)) {
      try {
        if (await this.sendOne(owner, month, today)) sent += 1;
      } catch (error) {
        // Nothing was claimed: the next sweep tries this owner again.
        this.deps.log.error({ err: error, userId: owner.id, month }, 'monthly summary not sent');
      }
    }
    if (sent > 0) this.deps.mailer.kick();
    return sent;
  }

  /**
   * Confirmed owners with business details who want the summary, have not had this month's yet, and have ledger
   * rows up to the month's end (an owner with no figures at all gets no summary). The demo account only reads.
   */
  private recipients(month: string): Promise<Recipient[]> {
    const { db } = this.deps;
    // No settings row means the defaults (everything on).
    const wants = (column: AnyColumn, fallback: boolean) => sql`coalesce(${column}, ${sql.raw(String(fallback))})`;
    return db
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        salonName: sql<string>`${users.salonName}`,
      })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(
        and(
          isNotNull(users.emailConfirmedAt),
          eq(users.isDemo, false),
          sql`trim(coalesce(${users.salonName}, '')) <> ''`,
          wants(notificationSettings.monthlySummary, DEFAULT_NOTIFICATION_SETTINGS.monthly_summary),
          wants(notificationSettings.emailNotifications, DEFAULT_NOTIFICATION_SETTINGS.email_notifications),
          notExists(
            db
              .select({ one: sql`1` })
              .from(monthlySummaries)
              .where(and(eq(monthlySummaries.userId, users.id), eq(monthlySummaries.month, month))),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(ledgerTransactions)
              .where(and(eq(ledgerTransactions.userId, users.id), lte(ledgerTransactions.localDate, lastDayOf(month)))),
          ),
        ),
      );
  }

  /** Builds the e-mail first (no transaction held open meanwhile), then claims and stores it in one transaction. */
  private async sendOne(owner: Recipient, month: string, today: string): Promise<boolean> {
    const { db, mailer, publicUrl } = this.deps;
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const [report, figures] = await Promise.all([
      buildReport(db, owner.id, { type: 'income_statement', month: monthNumber, year }, today),
      summaryFigures(db, owner.id, month),
    ]);
    const pdf: MailAttachment = {
      filename: reportFileName(report, 'pdf'),
      contentType: 'application/pdf',
      base64: Buffer.from(renderReportPdf(report)).toString('base64'),
    };
    const mail = monthlySummaryMail(
      { fullName: owner.fullName, salonName: owner.salonName, figures, settingsUrl: `${publicUrl}/main-menu/settings` },
      pdf,
    );
    return db.transaction(async (tx) => {
      const claimed = await tx
        .insert(monthlySummaries)
        .values({ userId: owner.id, month })
        .onConflictDoNothing()
        .returning({ userId: monthlySummaries.userId });
      if (claimed.length === 0) return false;
      await mailer.enqueue(tx, owner.email, mail);
      return true;
    });
  }
}
