import { BANK_WORDS } from '@brade/contract';
import { findUserById } from '../accounts/users.js';
import type { Db } from '../db/client.js';
import { escapeHtml } from '../mail/escape-html.js';
import type { Mailer } from '../mail/mailer.js';
import { layout, type MailContent } from '../mail/templates.js';
import { readNotificationSettings } from '../settings/notification-settings.js';
import { PROVIDER_NAMES } from './provider-names.js';
import type { ConnectionProvider } from './tables.js';

export function actionRequiredMail(
  fullName: string,
  provider: ConnectionProvider,
  words: string,
  settingsUrl: string,
): MailContent {
  const first = fullName.split(' ')[0] ?? fullName;
  const what = provider === 'bank' ? `your ${BANK_WORDS.account}` : PROVIDER_NAMES[provider];
  return {
    subject: `Action required: ${provider === 'bank' ? `${BANK_WORDS.short} connection` : `your ${what} connection`}`,
    text: `Hello ${first},\n\nBrade needs your help with ${what}. ${words}\n\nOpen Settings to see the connection: ${settingsUrl}\n\nYour figures up to the last import are safe.\n`,
    html: layout(
      'Action required',
      `<p>Hello ${escapeHtml(first)},</p><p>Brade needs your help with ${escapeHtml(what)}. ${escapeHtml(words)}</p>
<p><a href="${escapeHtml(settingsUrl)}" style="display:inline-block;background:#ad1457;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">Open Settings</a></p>
<p>Your figures up to the last import are safe.</p>`,
    ),
  };
}

/**
 * The Action Required e-mail (docs/architecture.md, "E-mails"): once when a connection stops importing (a revoked
 * token, an ended bank consent, a provider refusal), if the owner has Action Required and e-mail notifications on.
 */
export function actionRequiredNotifier(db: Db, mailer: Mailer, publicUrl: string) {
  return async (userId: string, provider: ConnectionProvider, words: string): Promise<void> => {
    const settings = await readNotificationSettings(db, userId);
    if (!settings.action_required || !settings.email_notifications) return;
    const user = await findUserById(db, userId);
    if (!user) return;
    await mailer.send(
      user.email,
      actionRequiredMail(user.fullName, provider, words, `${publicUrl}/main-menu/settings`),
    );
  };
}
