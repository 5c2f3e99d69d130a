import { escapeHtml } from '../mail/escape-html.js';
import { layout, type MailContent } from '../mail/templates.js';

const firstName = (fullName: string) => fullName.split(' ')[0] ?? fullName;

/** To the new address: the change happens only when this link is followed. */
export function confirmEmailChangeMail(fullName: string, link: string, hours: number): MailContent {
  const first = firstName(fullName);
  return {
    secretMinutes: hours * 60,
    subject: 'Confirm your new Brade e-mail address',
    text: `Hello ${first},\n\nYou asked to use this address for your Brade account. Open this link to confirm it (it works once and expires in ${hours} hours):\n\n${link}\n\nUntil then your account keeps its current address. If you did not ask for this, ignore this e-mail.\n`,
    html: layout(
      'Confirm your new Brade e-mail address',
      `<p>Hello ${escapeHtml(first)},</p><p>You asked to use this address for your Brade account.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#ad1457;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">Confirm my new e-mail address</a></p>
<p>The link works once and expires in ${hours} hours. Until then your account keeps its current address. If you did not ask for this, ignore this e-mail.</p>`,
    ),
  };
}

/** To the current address when a change is asked for: changing or resetting the password cancels it. */
export function emailChangeRequestedMail(fullName: string, newEmail: string): MailContent {
  const first = firstName(fullName);
  return {
    subject: 'A change of your Brade e-mail address was requested',
    text: `Hello ${first},\n\nSomeone signed in to your Brade account asked to change its e-mail address to ${newEmail}. The change happens only when the link sent to that address is followed.\n\nIf this was not you, change your password straight away from your profile, or reset it from the sign-in page: either cancels this change and signs out every other device.\n`,
    html: layout(
      'A change of your Brade e-mail address was requested',
      `<p>Hello ${escapeHtml(first)},</p><p>Someone signed in to your Brade account asked to change its e-mail address to <strong>${escapeHtml(newEmail)}</strong>. The change happens only when the link sent to that address is followed.</p>
<p>If this was not you, change your password straight away from your profile, or reset it from the sign-in page: either cancels this change and signs out every other device.</p>`,
    ),
  };
}

/** To the old address once the change is done. */
export function emailChangedMail(fullName: string, newEmail: string): MailContent {
  const first = firstName(fullName);
  return {
    subject: 'Your Brade e-mail address was changed',
    text: `Hello ${first},\n\nThe e-mail address of your Brade account is now ${newEmail}. This address will no longer receive e-mails about the account.\n\nIf this was not you, contact Brade support straight away.\n`,
    html: layout(
      'Your Brade e-mail address was changed',
      `<p>Hello ${escapeHtml(first)},</p><p>The e-mail address of your Brade account is now <strong>${escapeHtml(newEmail)}</strong>. This address will no longer receive e-mails about the account.</p>
<p>If this was not you, contact Brade support straight away.</p>`,
    ),
  };
}
