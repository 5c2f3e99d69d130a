import { addMonths, lastDayOf, londonDateOf, monthOf, reportFileName } from '@brade/contract';
// A static import: a dynamic one made esbuild wrap the shared contract modules lazily, and the bundled server then
// met an undefined schema at start-up.
import { renderReportPdf } from '@brade/contract/report-pdf';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { listOwnersWithBusiness, type OwnerWithBusiness } from '../../accounts/users.js';
import type { Db } from '../../db/client.js';
import { ownersWithBooksUntil } from '../../ledger/books-until.js';
import type { Mailer } from '../../mail/mailer.js';
import type { MailAttachment } from '../../mail/templates.js';
import { ownersWhoWant } from '../../settings/notification-settings.js';
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

/**
 * The Monthly Summary e-mail (docs/architecture.md, "E-mails"): a sweep (at start, then hourly: jobs/recurring-work.ts)
 * that, in the first days of a Europe/London month, sends each owner who wants it last month's figures and income
 * statement PDF. Inserting the (owner, month) row is the claim, in the same transaction as the outbox row: several app
 * instances never send a summary twice, and a crash before the commit leaves it to the next sweep.
 */
export class MonthlySummaryScheduler {
  constructor(private readonly deps: MonthlySummaryDeps) {}

  /** Sends what is due; resolves to how many summaries this sweep claimed. */
  async sweep(): Promise<number> {
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
    return sent;
  }

  /**
   * Confirmed owners with business details who want the summary, have not had this month's yet, and have ledger
   * rows up to the month's end (an owner with no figures at all gets no summary). Each domain answers for its own
   * data: accounts for the owners, settings for their choices, ledger for their books.
   */
  private async recipients(month: string): Promise<OwnerWithBusiness[]> {
    const { db } = this.deps;
    const owners = await listOwnersWithBusiness(db);
    if (owners.length === 0) return [];
    const done = await db
      .select({ userId: monthlySummaries.userId })
      .from(monthlySummaries)
      .where(eq(monthlySummaries.month, month));
    const sent = new Set(done.map((row) => row.userId));
    const waiting = owners.filter((o) => !sent.has(o.id)).map((o) => o.id);
    const [wanting, withBooks] = await Promise.all([
      ownersWhoWant(db, waiting, 'monthly_summary'),
      ownersWithBooksUntil(db, waiting, lastDayOf(month)),
    ]);
    return owners.filter((o) => wanting.has(o.id) && withBooks.has(o.id));
  }

  /** Builds the e-mail first (no transaction held open meanwhile), then claims and stores it in one transaction. */
  private async sendOne(owner: OwnerWithBusiness, month: string, today: string): Promise<boolean> {
    const { db, mailer, publicUrl } = this.deps;
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const [report, figures] = await Promise.all([
      buildReport(db, owner.id, { type: 'income_statement', month: monthNumber, year }, today),
      summaryFigures(db, owner.id, month, today),
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
