import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@brade/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { notificationSettings } from './tables.js';

type Row = typeof notificationSettings.$inferSelect;

/** The owner's choices, or the defaults (everything on) when they never saved any. */
const settingsOf = (row: Row | undefined): NotificationSettings =>
  row
    ? {
        monthly_summary: row.monthlySummary,
        action_required: row.actionRequired,
        email_notifications: row.emailNotifications,
        vat_return_due: row.vatReturnDue,
        quarterly_update_due: row.quarterlyUpdateDue,
      }
    : { ...DEFAULT_NOTIFICATION_SETTINGS };

export async function readNotificationSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return settingsOf(row);
}

/** Of these owners, those who want this e-mail with e-mail notifications on. */
export async function ownersWhoWant(
  db: Db,
  userIds: string[],
  mail: 'monthly_summary' | 'action_required' | 'vat_return_due' | 'quarterly_update_due',
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds));
  const saved = new Map(rows.map((row) => [row.userId, row]));
  return new Set(
    userIds.filter((id) => {
      const settings = settingsOf(saved.get(id));
      return settings[mail] && settings.email_notifications;
    }),
  );
}

/** Saves the visible choices; the hidden e-mail switch and the tax reminders keep their values unless given. */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  settings: Omit<NotificationSettings, 'email_notifications' | 'vat_return_due' | 'quarterly_update_due'> & {
    email_notifications?: boolean | undefined;
    vat_return_due?: boolean | undefined;
    quarterly_update_due?: boolean | undefined;
  },
): Promise<void> {
  const current = await readNotificationSettings(db, userId);
  const values = {
    monthlySummary: settings.monthly_summary,
    actionRequired: settings.action_required,
    emailNotifications: settings.email_notifications ?? current.email_notifications,
    vatReturnDue: settings.vat_return_due ?? current.vat_return_due,
    quarterlyUpdateDue: settings.quarterly_update_due ?? current.quarterly_update_due,
    updatedAt: new Date(),
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}
