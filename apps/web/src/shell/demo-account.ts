import { DEMO_ACCOUNT } from '@brade/contract';

/**
 * The demo account (docs/product.md, "Who may do what") is recognised by its e-mail, from the user details or local
 * storage.
 */
export function isDemoAccount(...emails: Array<string | null | undefined>): boolean {
  return emails.some((email) => email?.trim().toLowerCase() === DEMO_ACCOUNT.email);
}
