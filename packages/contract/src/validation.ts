import { MESSAGES } from './messages.js';
import { meetsPasswordRules } from './password-rules.js';

/** The spec's {email} form: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

export interface SignupForm {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Sign-up checks in the spec's order; the first failure is the one shown. */
export function validateSignup(form: SignupForm): string | null {
  if (!form.fullName.trim()) return MESSAGES.signup.fullNameRequired;
  if (!form.email.trim()) return MESSAGES.signup.emailRequired;
  if (!isValidEmail(form.email.trim())) return MESSAGES.signup.emailInvalid;
  if (!meetsPasswordRules(form.password)) return MESSAGES.signup.passwordRules;
  if (form.password !== form.confirmPassword) return MESSAGES.signup.passwordsDontMatch;
  return null;
}

/** Set-new-password checks: the rules first, then the match (the spec lists both messages). */
export function validateNewPassword(password: string, confirmPassword: string): string | null {
  if (!meetsPasswordRules(password)) return MESSAGES.signup.passwordRules;
  if (password !== confirmPassword) return MESSAGES.signup.passwordsDontMatch;
  return null;
}

export const OTP_LENGTH = 6;
export const OTP_PATTERN = /^\d{6}$/;

/** UK postcode (outward + inward code), case and space insensitive; includes GIR 0AA. */
export const UK_POSTCODE_PATTERN =
  /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]{1,2}|[0-9][A-HJKPS-UW]|[A-HK-Y][0-9][ABEHMNPRV-Y]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/i;

export function isUkPostcode(value: string): boolean {
  return UK_POSTCODE_PATTERN.test(value.trim());
}

/** Canonical form: upper case with one space before the inward code ("sw1a1aa" → "SW1A 1AA"). */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

export const UK_STATES = ['England', 'Scotland', 'Wales', 'Northern Ireland'] as const;
export const COUNTRIES = ['United Kingdom'] as const;
