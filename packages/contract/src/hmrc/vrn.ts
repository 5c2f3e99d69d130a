/**
 * UK VAT registration numbers (docs/hmrc.md, "The VAT number"): nine digits, the last two a check on the first seven.
 * HMRC's modulus-97 check: weight the first seven digits 8, 7, 6, 5, 4, 3, 2, add the last two as a number; the total
 * is a multiple of 97 (numbers issued before 2010), or is one once 55 is added (the "9755" numbers issued since).
 */
export function isValidVrn(vrn: string): boolean {
  if (!/^\d{9}$/.test(vrn)) return false;
  const digits = [...vrn].map(Number);
  const weighted = [8, 7, 6, 5, 4, 3, 2].reduce((sum, weight, i) => sum + weight * digits[i]!, 0);
  const total = weighted + Number(vrn.slice(7));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}

/** What an owner types ('GB 980 7806 84', '980780684') as the nine digits HMRC's APIs take, or null. */
export function normaliseVrn(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '').toUpperCase();
  const digits = compact.startsWith('GB') ? compact.slice(2) : compact;
  return /^\d{9}$/.test(digits) ? digits : null;
}

/** '980 7806 84', as HMRC prints a VAT number. */
export function formatVrn(vrn: string): string {
  return `${vrn.slice(0, 3)} ${vrn.slice(3, 7)} ${vrn.slice(7)}`;
}
