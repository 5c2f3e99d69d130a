import { escapeHtml } from './escape-html.js';

/** Each e-mail as readable HTML and plain text; values are escaped, links are absolute. */
export interface MailContent {
  /** How long the code or link inside stays usable: a copy kept for the dev mailbox is blanked after that. */
  secretMinutes?: number;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes in base64. */
  base64: string;
}

export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#fdf2f7;font-family:Arial,Helvetica,sans-serif;color:#2d1b25">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:24px;font-weight:bold;color:#ad1457;padding-bottom:16px">Brade</td></tr>
<tr><td style="font-size:16px;line-height:1.5">${body}</td></tr>
<tr><td style="font-size:12px;color:#6b5560;padding-top:24px">You are receiving this e-mail because of activity on your Brade account.</td></tr>
</table></td></tr></table></body></html>`;
}

/**
 * No name in it (the name is whatever the sign-up form said, and anyone can sign up with any address) and no
 * code in the subject (subjects show on lock screens and in mail previews).
 */
export function signupCodeMail(code: string): MailContent {
  return {
    secretMinutes: 10,
    subject: 'Your Brade confirmation code',
    text: `Hello,\n\nYour Brade confirmation code is ${code}\n\nIt expires in 10 minutes. If you did not sign up for Brade, you can ignore this e-mail: no account is created without this code.\n`,
    html: layout(
      'Your Brade confirmation code',
      `<p>Hello,</p><p>Your Brade confirmation code is</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;color:#ad1457">${code}</p>
<p>It expires in 10 minutes. If you did not sign up for Brade, you can ignore this e-mail: no account is created without this code.</p>`,
    ),
  };
}

export function passwordResetMail(fullName: string, link: string): MailContent {
  const first = fullName.split(' ')[0] ?? fullName;
  return {
    secretMinutes: 30,
    subject: 'Reset your Brade password',
    text: `Hello ${first},\n\nWe received a request to reset your Brade password. Open this link to choose a new one (it works once and expires in 30 minutes):\n\n${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
    html: layout(
      'Reset your Brade password',
      `<p>Hello ${escapeHtml(first)},</p><p>We received a request to reset your Brade password.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#ad1457;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">Choose a new password</a></p>
<p>The link works once and expires in 30 minutes. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
    ),
  };
}

export function passwordChangedMail(fullName: string): MailContent {
  const first = fullName.split(' ')[0] ?? fullName;
  return {
    subject: 'Your Brade password was changed',
    text: `Hello ${first},\n\nThe password of your Brade account was just changed, and every other signed-in device has been signed out.\n\nIf this was not you, reset your password straight away from the sign-in page.\n`,
    html: layout(
      'Your Brade password was changed',
      `<p>Hello ${escapeHtml(first)},</p><p>The password of your Brade account was just changed, and every other signed-in device has been signed out.</p>
<p>If this was not you, reset your password straight away from the sign-in page.</p>`,
    ),
  };
}

export function signupAttemptMail(fullName: string, loginUrl: string): MailContent {
  const first = fullName.split(' ')[0] ?? fullName;
  return {
    subject: 'Someone tried to sign up with your e-mail',
    text: `Hello ${first},\n\nSomeone tried to create a new Brade account with this e-mail address, which already has one. If it was you, sign in instead: ${loginUrl}\nIf you forgot your password, use "Forgot password?" on that page.\n`,
    html: layout(
      'Someone tried to sign up with your e-mail',
      `<p>Hello ${escapeHtml(first)},</p><p>Someone tried to create a new Brade account with this e-mail address, which already has one.</p>
<p>If it was you, <a href="${escapeHtml(loginUrl)}">sign in instead</a>. If you forgot your password, use "Forgot password?" on that page.</p>`,
    ),
  };
}

/** A notice to the owner: a greeting, what happened, and what to do, as text and HTML alike. */
function ownerNotice(fullName: string, subject: string, paragraphs: string[]): MailContent {
  const first = fullName.split(' ')[0] ?? fullName;
  return {
    subject,
    text: `Hello ${first},\n\n${paragraphs.join('\n\n')}\n`,
    html: layout(
      subject,
      `<p>Hello ${escapeHtml(first)},</p>${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}`,
    ),
  };
}

/** Many wrong passwords for the account this hour: the owner can still sign in; sign-ins are slowed meanwhile. */
export function manyFailedSigninsMail(fullName: string): MailContent {
  return ownerNotice(fullName, 'Many failed sign-ins to your Brade account', [
    'In the last hour someone has tried many wrong passwords for your Brade account.',
    'Your password still works and you can sign in as usual; while this goes on, signing in takes a moment longer. If you use the same password anywhere else, change it from your Brade profile.',
  ]);
}

/** Too many wrong current passwords in the profile: every session was ended. */
export function signedOutEverywhereMail(fullName: string): MailContent {
  return ownerNotice(fullName, 'Your Brade account was signed out everywhere', [
    'Someone signed in to your Brade account entered a wrong current password several times while trying to change it.',
    'To be safe we signed your account out on every device, and any e-mail address change waiting for confirmation was cancelled. Sign in again with your password; if you did not do this, reset your password from the sign-in page.',
  ]);
}
