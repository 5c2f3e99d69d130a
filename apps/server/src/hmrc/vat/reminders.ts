import { addDays, DUE_SOON_DAYS, londonDateOf, monthName } from '@brade/contract';
import { and, between, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { findUserById } from '../../accounts/users.js';
import type { Db } from '../../db/client.js';
import { escapeHtml } from '../../mail/escape-html.js';
import type { Mailer } from '../../mail/mailer.js';
import { layout, type MailContent } from '../../mail/templates.js';
import { ownersWhoWant } from '../../settings/notification-settings.js';
import { readVatSettings } from '../../settings/vat-settings.js';
import { vatObligations, vatReturnReminders, vatReturns } from './tables.js';

export interface DueReturn {
  userId: string;
  periodKey: string;
  start: string;
  end: string;
  due: string;
}

const longDay = (day: string) => `${Number(day.slice(8, 10))} ${monthName(Number(day.slice(5, 7)))} ${day.slice(0, 4)}`;

/**
 * Returns HMRC last showed open, due from today to `DUE_SOON_DAYS` ahead, for the VAT number in each owner's settings
 * and not filed from Brade since (docs/hmrc.md, "Reminders"). Read from what HMRC last answered: no HMRC call is made
 * without the owner at the screen.
 */
export async function returnsDueSoon(db: Db, today: string, userIds?: string[]): Promise<DueReturn[]> {
  const open = await db
    .select()
    .from(vatObligations)
    .where(
      and(
        eq(vatObligations.status, 'O'),
        between(vatObligations.due, today, addDays(today, DUE_SOON_DAYS)),
        userIds ? inArray(vatObligations.userId, userIds) : undefined,
      ),
    );
  if (open.length === 0) return [];
  const filed = await db
    .select({ userId: vatReturns.userId, periodKey: vatReturns.periodKey })
    .from(vatReturns)
    .where(and(eq(vatReturns.state, 'filed'), inArray(vatReturns.userId, [...new Set(open.map((o) => o.userId))])));
  const done = new Set(filed.map((f) => `${f.userId}|${f.periodKey}`));
  const due: DueReturn[] = [];
  for (const o of open) {
    if (done.has(`${o.userId}|${o.periodKey}`)) continue;
    // The VAT number may have changed since HMRC was last asked: only the current one's obligations count.
    if ((await readVatSettings(db, o.userId)).vrn !== o.vrn) continue;
    due.push({ userId: o.userId, periodKey: o.periodKey, start: o.start, end: o.end, due: o.due });
  }
  return due.sort((a, b) => (a.due < b.due ? -1 : 1));
}

export function vatReturnDueMail(
  fullName: string,
  due: DueReturn,
  returnUrl: string,
  settingsUrl: string,
): MailContent {
  const first = fullName.split(' ')[0] ?? fullName;
  const period = `${longDay(due.start)} to ${longDay(due.end)}`;
  const line = `The VAT return for ${period} is due by ${longDay(due.due)}, and HMRC shows it still to file.`;
  return {
    subject: `Your VAT return is due by ${longDay(due.due)}`,
    text: `Hello ${first},\n\n${line}\n\nReview and file it from Brade: ${returnUrl}\n\nYou can turn this reminder off in Settings: ${settingsUrl}\n`,
    html: layout(
      'VAT return due',
      `<p>Hello ${escapeHtml(first)},</p><p>${escapeHtml(line)}</p>
<p><a href="${escapeHtml(returnUrl)}" style="display:inline-block;background:#ad1457;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">Open the VAT return</a></p>
<p style="font-size:13px;color:#6b5560">You can turn this reminder off in Settings (<a href="${escapeHtml(settingsUrl)}">open Settings</a>).</p>`,
    ),
  };
}

/** The page of one period's return, for links in e-mails. */
export const vatReturnUrl = (publicUrl: string, due: Pick<DueReturn, 'start' | 'end' | 'periodKey'>) =>
  `${publicUrl}/main-menu/reports/vat-return?${new URLSearchParams({ start: due.start, end: due.end, period_key: due.periodKey })}`;

export interface VatReminderDeps {
  db: Db;
  mailer: Mailer;
  clock: () => Date;
  log: Logger;
  publicUrl: string;
}

/**
 * "VAT return due in 7 days" (a sweep, jobs/recurring-work.ts): one e-mail per owner and period, to owners who want it
 * with e-mail notifications on. Inserting the (owner, period) row is the claim, in the same transaction as the outbox
 * row, so several instances never send it twice. The demo account gets none.
 */
export async function sendVatReturnReminders(deps: VatReminderDeps): Promise<number> {
  const { db, mailer } = deps;
  const today = londonDateOf(deps.clock());
  const due = await returnsDueSoon(db, today);
  if (due.length === 0) return 0;
  const wanting = await ownersWhoWant(db, [...new Set(due.map((d) => d.userId))], 'vat_return_due');
  let sent = 0;
  for (const item of due) {
    if (!wanting.has(item.userId)) continue;
    const owner = await findUserById(db, item.userId);
    if (!owner || owner.isDemo) continue;
    try {
      const mail = vatReturnDueMail(
        owner.fullName,
        item,
        vatReturnUrl(deps.publicUrl, item),
        `${deps.publicUrl}/main-menu/settings`,
      );
      const claimed = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(vatReturnReminders)
          .values({ userId: item.userId, periodEnd: item.end })
          .onConflictDoNothing()
          .returning({ userId: vatReturnReminders.userId });
        if (row) await mailer.enqueue(tx, owner.email, mail);
        return Boolean(row);
      });
      if (claimed) sent += 1;
    } catch (error) {
      deps.log.error({ err: error, userId: item.userId }, 'VAT return reminder not sent');
    }
  }
  return sent;
}
