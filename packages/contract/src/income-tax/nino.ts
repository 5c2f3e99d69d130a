/**
 * National Insurance numbers (docs/finance.md, "Income Tax"), as HMRC's National Insurance Manual (NIM39110) describes
 * them: two prefix letters, six digits and a suffix A, B, C or D ('QQ 12 34 56 C'). D, F, I, Q, U and V are never
 * either prefix letter, O is never the second, and the prefixes BG, GB, KN, NK, NT, TN and ZZ are not allocated.
 * There is no check digit: a number of the right shape may still not be the owner's, which only HMRC can say.
 */
const NEVER_IN_PREFIX = /[DFIQUV]/;
const UNALLOCATED_PREFIXES = new Set(['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ']);

/** What an owner types ('qq 12 34 56 c', 'QQ123456C') in HMRC's form without spaces, or null if not that shape. */
export function normaliseNino(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z]{2}\d{6}[A-D]$/.test(compact) ? compact : null;
}

/** Why a typed number is not a National Insurance number, or null when it is one. */
export function ninoProblem(typed: string): string | null {
  const nino = normaliseNino(typed);
  if (!nino) return NINO_MESSAGES.format;
  const prefix = nino.slice(0, 2);
  if (NEVER_IN_PREFIX.test(prefix) || prefix[1] === 'O' || UNALLOCATED_PREFIXES.has(prefix))
    return NINO_MESSAGES.prefix(prefix);
  return null;
}

export const isValidNino = (typed: string): boolean => ninoProblem(typed) === null;

/** 'QQ 12 34 56 C', as HMRC prints one. */
export function formatNino(nino: string): string {
  return `${nino.slice(0, 2)} ${nino.slice(2, 4)} ${nino.slice(4, 6)} ${nino.slice(6, 8)} ${nino.slice(8)}`;
}

export const NINO_MESSAGES = {
  label: 'National Insurance number',
  hint: 'Two letters, six numbers and A, B, C or D, as on your payslips or your HMRC account: QQ 12 34 56 C.',
  format: 'Enter a National Insurance number of two letters, six numbers and A, B, C or D, like QQ 12 34 56 C.',
  prefix: (prefix: string) =>
    `${prefix} is not a prefix HMRC gives National Insurance numbers: check the first two letters.`,
} as const;
