/**
 * The bank's transaction code, reduced to what it says about a line (docs/finance.md, "Bank transaction codes").
 * UK banks print their own codes (Lloyds/Bank of Scotland FPI, FPO, DD, SO, BGC, DEB, CHG, TFR, INT, CHQ;
 * RBS/NatWest BAC, D/D, S/O, POS, DPC, CHP); open-banking feeds give either that code or the ISO 20022
 * domain-family-subfamily (PMNT-IDDT-PMDD), and some banks print the code at the start of the description.
 */
export type BankCode = 'direct_debit' | 'standing_order' | 'card' | 'charge' | 'transfer' | 'interest' | 'payment';

const UK_CODES: Record<string, BankCode> = {
  DD: 'direct_debit',
  'D/D': 'direct_debit',
  DDR: 'direct_debit',
  SO: 'standing_order',
  'S/O': 'standing_order',
  STO: 'standing_order',
  DEB: 'card',
  POS: 'card',
  CHG: 'charge',
  CHARGE: 'charge',
  TFR: 'transfer',
  INT: 'interest',
  FPI: 'payment',
  FPO: 'payment',
  BGC: 'payment',
  BAC: 'payment',
  DPC: 'payment',
  CHP: 'payment',
  CHQ: 'payment',
};

/** ISO 20022 sub-families (the last part of PMNT-IDDT-PMDD, or Enable Banking's `sub_code`). */
const ISO_SUB_FAMILIES: Record<string, BankCode> = {
  PMDD: 'direct_debit',
  STDO: 'standing_order',
  POSD: 'card',
  CWDL: 'card',
  CHRG: 'charge',
  BOOK: 'transfer',
  INTR: 'interest',
  DMCT: 'payment',
  ESCT: 'payment',
  SDVA: 'payment',
  CCHQ: 'payment',
};

/** A code given apart from the text, as a feed gives it: the UK code, or ISO parts joined by '-'. */
export function bankCodeOf(raw: string | null | undefined): BankCode | null {
  const code = raw?.trim().toUpperCase();
  if (!code) return null;
  if (UK_CODES[code]) return UK_CODES[code];
  const last = code.split('-').at(-1) ?? '';
  return ISO_SUB_FAMILIES[last] ?? null;
}

/** The code some banks print before the payee ("DD HMRC VAT"), and the description without it. */
export function leadingCode(description: string): { code: BankCode | null; rest: string } {
  const match = /^\s*(D\/D|S\/O|[A-Z]{2,6})\s+(.*)$/i.exec(description);
  const code = match ? (UK_CODES[match[1]!.toUpperCase()] ?? null) : null;
  return code ? { code, rest: match![2]! } : { code: null, rest: description };
}
