/**
 * The four password rules (docs/product.md, "Validation"), shared by the sign-up chips, the new-password chips and the
 * server.
 */
export const PASSWORD_MIN = 7;
export const PASSWORD_MAX = 16;

export interface PasswordRule {
  id: 'length' | 'upper' | 'lower' | 'digit';
  label: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `${PASSWORD_MIN}-${PASSWORD_MAX} characters`,
    test: (p) => [...p].length >= PASSWORD_MIN && [...p].length <= PASSWORD_MAX,
  },
  { id: 'upper', label: 'One uppercase letter', test: (p) => /\p{Lu}/u.test(p) },
  { id: 'lower', label: 'One lowercase letter', test: (p) => /\p{Ll}/u.test(p) },
  { id: 'digit', label: 'One number', test: (p) => /\d/.test(p) },
];

export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}
