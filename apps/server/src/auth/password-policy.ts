import { DEMO_ACCOUNT, ERROR_CODES, MESSAGES } from '@brade/contract';
import { HttpError } from '../http/http-error.js';

/**
 * The spec caps passwords at 16 characters, so refusing the common ones is the control that matters most
 * (docs/security-decisions.md). The list is zxcvbn-ts's common passwords (MIT), about 49,000 entries, loaded on
 * the first check and kept on the server only.
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;

function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase())),
  );
  return commonPasswords;
}

/** "Summer2026!" and "summer" are one guess to an attacker: case and trailing digits and symbols go. */
export function passwordStem(password: string): string {
  return password.toLowerCase().replace(/[^\p{L}]+$/u, '');
}

const DEMO_STEM = passwordStem(DEMO_ACCOUNT.password);

export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await loadCommonPasswords();
  const stem = passwordStem(password);
  return list.has(password.toLowerCase()) || list.has(stem) || stem === DEMO_STEM;
}

/**
 * Refuses a common new password with the spec's own sentence, on the field that carried it, and the reason as the
 * answer's `reason`: the password passes every rule the screen shows, so the sentence alone leaves nothing to fix.
 */
export async function assertPasswordAllowed(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new HttpError(
      400,
      ERROR_CODES.validation,
      MESSAGES.signup.passwordRules,
      { [field]: MESSAGES.signup.passwordRules },
      undefined,
      MESSAGES.signup.commonPassword,
    );
  }
}
