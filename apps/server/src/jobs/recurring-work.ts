import type { Sweeps } from './sweeps.js';

/**
 * Every piece of recurring work the server does, in one place (docs/architecture.md, "Recurring and after-commit
 * work"). The domains provide the functions; app.ts passes them in. Each function claims what is due, so it may
 * run in every instance at once. Work that must survive a restart and retry with backoff (an import run) goes
 * on the pg-boss queue (job-queue.ts); these sweeps only decide what is due.
 */
export interface RecurringWork {
  /** Queues the imports that are due (hourly per card connection, 6-hourly per bank, the demo's top-ups too) and
   * runs whose process died (integrations/sync/sync-scheduler.ts). */
  importSweep: () => Promise<unknown>;
  /** One Action Required e-mail per bank consent in its last week (integrations/consent-reminders.ts). */
  consentReminders: () => Promise<unknown>;
  /** Connect attempts are worthless after 10 minutes (integrations/connect-attempts.ts). */
  connectAttemptCleanUp: () => Promise<unknown>;
  /** Last month's summary to each owner who wants it, in a month's first week (reports/monthly-summary/). */
  monthlySummaries: () => Promise<unknown>;
  /** "VAT return due in 7 days": one e-mail per owner and period HMRC shows open (hmrc/vat/reminders.ts). */
  vatReturnReminders: () => Promise<unknown>;
  /** Mail whose delivery failed or whose sender died; new mail goes out at commit (mail/mailer.ts). */
  mailDelivery: () => Promise<unknown>;
  /** Expired rate-limit windows are dead rows (rate-limits/rate-limit.ts). */
  rateLimitCleanUp: () => Promise<unknown>;
  /** Expired sign-up attempts are dead rows (auth/signup-attempts.ts). */
  signupAttemptCleanUp: () => Promise<unknown>;
  /** "Quarterly update due by …", once per period from a week before its deadline (hmrc/income-tax/reminders.ts). */
  quarterlyUpdateReminders: () => Promise<unknown>;
}

export interface Cadences {
  /** Imports, consent reminders, connect attempts: SYNC_SWEEP_SECONDS (a minute by default). */
  connections: number;
  mail: number;
  summaries: number;
  cleanUp: number;
}

export const DEFAULT_CADENCES: Cadences = {
  connections: 60_000,
  // Retries back off from 60 s (mail/mailer.ts); half that is soon enough.
  mail: 30_000,
  // The 1st's summaries go out within the hour.
  summaries: 60 * 60_000,
  cleanUp: 60 * 60_000,
};

export function scheduleRecurringWork(sweeps: Sweeps, work: RecurringWork, cadences: Cadences): void {
  sweeps.add('import-sweep', cadences.connections, work.importSweep);
  sweeps.add('consent-reminders', cadences.connections, work.consentReminders);
  sweeps.add('connect-attempt-clean-up', cadences.connections, work.connectAttemptCleanUp);
  sweeps.add('monthly-summaries', cadences.summaries, work.monthlySummaries);
  sweeps.add('vat-return-reminders', cadences.summaries, work.vatReturnReminders);
  sweeps.add('mail-delivery', cadences.mail, work.mailDelivery);
  sweeps.add('rate-limit-clean-up', cadences.cleanUp, work.rateLimitCleanUp);
  sweeps.add('signup-attempt-clean-up', cadences.cleanUp, work.signupAttemptCleanUp);
  sweeps.add('quarterly-update-reminders', cadences.summaries, work.quarterlyUpdateReminders);
}
