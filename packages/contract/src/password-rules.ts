/** The four password rules of the spec (section 5), shared by the sign-up chips, the new-password chips and the server. */
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

/**
 * Very common passwords that still pass the composition rules. The spec caps passwords at 16 characters,
 * so the breached-password refusal is the control that matters most (reference/security.md section 1).
 */
const COMMON = new Set(
  [
    'Password1',
    'Password12',
    'Password123',
    'Password1234',
    'Passw0rd',
    'P4ssw0rd',
    'Welcome1',
    'Welcome123',
    'Qwerty123',
    'Qwerty1',
    'Qwertyuiop1',
    'Abc12345',
    'Abcd1234',
    'Abc123456',
    'Aa123456',
    'Aa1234567',
    'Letmein1',
    'Iloveyou1',
    'Monkey123',
    'Dragon123',
    'Football1',
    'Liverpool1',
    'Arsenal1',
    'Chelsea1',
    'Summer2024',
    'Summer2025',
    'Summer2026',
    'Winter2025',
    'Winter2026',
    'Spring2026',
    'Autumn2026',
    'Changeme1',
    'Admin123',
    'Administrator1',
    'Test1234',
    'Test123',
    'Hello123',
    'Sunshine1',
    'Princess1',
    'Master123',
    'Trustno1',
    'Football123',
    'Baseball1',
    'London123',
    'Salon123',
    'Salon1234',
    'Hair1234',
    'Password2024',
    'Password2025',
    'Password2026',
    'Pa55word',
    'Passw0rd1',
    'Zaq12wsx',
    '1qaz2WSX',
    'Qwerty12',
    'Asdfgh123',
    'Computer1',
    'Michael1',
    'Jessica1',
    'Charlie1',
    'Superman1',
    'Batman123',
  ].map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
