/** Anything shaped like an e-mail address (docs/security-decisions.md, "Logs and stored e-mail"). */
const EMAIL = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+\.[^\s<>()[\]"',;:@]+/g;

/** Text for the logs with every e-mail address replaced: an SMTP refusal often names its recipient. */
export function withoutEmails(text: string): string {
  return text.replace(EMAIL, '[e-mail]');
}
