import { z } from 'zod';
import { lazy } from '../lazy.js';

/**
 * Booleans when read; the Settings screen saves each as 'enable' or 'disable' (docs/product.md, "What the app keeps"
 * and "The calls").
 */
export interface NotificationSettings {
  monthly_summary: boolean;
  action_required: boolean;
  email_notifications: boolean;
  /** Beyond the spec: an e-mail a week before a VAT return HMRC shows open is due (docs/hmrc.md, "Reminders"). */
  vat_return_due: boolean;
  /** Beyond the spec: an e-mail a week before a sole trader's quarterly update is due (docs/finance.md, "Income Tax"). */
  quarterly_update_due: boolean;
}

/** An owner who never saved gets every notification: they are about their own money and their connections. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  monthly_summary: true,
  action_required: true,
  email_notifications: true,
  vat_return_due: true,
  quarterly_update_due: true,
};

export type NotificationToggle = 'enable' | 'disable';

export const toToggle = (on: boolean): NotificationToggle => (on ? 'enable' : 'disable');

export const NOTIFICATION_LABELS: Record<keyof NotificationSettings, string> = {
  monthly_summary: 'Monthly Summary',
  action_required: 'Action Required',
  email_notifications: 'Email Notifications',
  vat_return_due: 'VAT return due in 7 days',
  quarterly_update_due: 'Quarterly update due',
};

/** 'enable'/'disable' as the screen sends them; true/false accepted too. Anything else is refused. */
function toggle(key: keyof NotificationSettings) {
  const message = `${NOTIFICATION_LABELS[key]} must be 'enable' or 'disable'.`;
  return z
    .union([z.boolean(), z.enum(['enable', 'disable'])], { error: message })
    .transform((value) => value === true || value === 'enable');
}

export const NotificationSettingsSchema = lazy(() =>
  z.object({
    monthly_summary: z.boolean(),
    action_required: z.boolean(),
    email_notifications: z.boolean(),
    vat_return_due: z.boolean(),
    quarterly_update_due: z.boolean(),
  }),
);

export const UpdateNotificationSettingsRequestSchema = lazy(() =>
  z.object({
    monthly_summary: toggle('monthly_summary'),
    action_required: toggle('action_required'),
    // The hidden card's value: the screen sends what it read; an older caller may leave it out.
    email_notifications: toggle('email_notifications').optional(),
    // Beyond the spec's two choices; left out, it keeps its value.
    vat_return_due: toggle('vat_return_due').optional(),
    quarterly_update_due: toggle('quarterly_update_due').optional(),
  }),
);
export type UpdateNotificationSettingsRequest = z.input<typeof UpdateNotificationSettingsRequestSchema>;
