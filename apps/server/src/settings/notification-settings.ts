import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@brade/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { notificationSettings } from './tables.js';

/** The owner's choices, or the defaults (everything on) when they never saved any. */
export async function readNotificationSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  return {
    monthly_summary: row.monthlySummary,
    action_required: row.actionRequired,
    email_notifications: row.emailNotifications,
  };
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
