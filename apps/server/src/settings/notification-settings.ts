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
  mail: 'monthly_summary' | 'action_required',
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

/** Saves the two visible choices; the hidden e-mail switch keeps its value unless it is given. */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  settings: Omit<NotificationSettings, 'email_notifications'> & { email_notifications?: boolean | undefined },
): Promise<void> {
  const current = await readNotificationSettings(db, userId);
  const values = {
    monthlySummary: settings.monthly_summary,
    actionRequired: settings.action_required,
    emailNotifications: settings.email_notifications ?? current.email_notifications,
    updatedAt: new Date(),
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}
