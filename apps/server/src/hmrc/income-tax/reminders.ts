import { addDays, londonDateOf } from '@brade/contract';
import { findUserById } from '../../accounts/users.js';
import type { Db } from '../../db/client.js';
import { escapeHtml } from '../../mail/escape-html.js';
import type { Mailer } from '../../mail/mailer.js';
import { layout, type MailContent } from '../../mail/templates.js';
import { ownersWhoWant } from '../../settings/notification-settings.js';
import { dueWords, ownersWithNino, periodWords, type UpdateDue, updatesDue } from './deadlines.js';
import { quarterlyUpdateReminders } from './tables.js';

/** A week before a deadline, and on any day after it while the update is not sent (once per period). */
const NOTICE_DAYS = 7;

export interface QuarterlyReminderDeps {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  publicUrl: string;
}

export function quarterlyUpdateMail(fullName: string, update: UpdateDue, pageUrl: string): MailContent {
  const first = fullName.split(' ')[0] ?? fullName;
  const title = dueWords(update);
  const words = `${title}, ${periodWords(update)}. Brade has the figures from your books ready: check them and send the update to HMRC from the Quarterly update page.`;
  return {
    subject: title,
    text: `Hello ${first},\n\n${words}\n\n${pageUrl}\n\nYou can turn these reminders off in Settings → Notifications.\n`,
    html: layout(
      title,
      `<p>Hello ${escapeHtml(first)},</p><p>${escapeHtml(words)}</p>
<p><a href="${escapeHtml(pageUrl)}" style="display:inline-block;background:#ad1457;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">Open the quarterly update</a></p>
<p style="font-size:13px;color:#6b5560">You can turn these reminders off in Settings → Notifications.</p>`,
    ),
  };
}

/**
 * "Quarterly update due by 7 August" (docs/architecture.md, "E-mails"): once per owner and period, from a week before
 * its deadline while the update is not sent, to an owner with that reminder and e-mail notifications on. Inserting
 * the (owner, period) row is the claim, in the same transaction as the outbox row: several instances send it once.
 */
export async function remindQuarterlyUpdates(deps: QuarterlyReminderDeps): Promise<void> {
  const today = londonDateOf(deps.clock());
  const owners = await ownersWithNino(deps.db);
  const wanting = await ownersWhoWant(deps.db, owners, 'quarterly_update_due');
  for (const userId of wanting) {
    const due = (await updatesDue(deps.db, userId, today)).filter((u) => u.due <= addDays(today, NOTICE_DAYS));
    if (due.length === 0) continue;
    const user = await findUserById(deps.db, userId);
    if (!user || user.isDemo) continue;
    for (const update of due) {
      await deps.db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(quarterlyUpdateReminders)
          .values({ userId, periodEnd: update.end })
          .onConflictDoNothing()
          .returning();
        if (!claimed) return;
        await deps.mailer.enqueue(
          tx,
          user.email,
          quarterlyUpdateMail(user.fullName, update, `${deps.publicUrl}/main-menu/reports/quarterly-update`),
        );
      });
    }
  }
}
