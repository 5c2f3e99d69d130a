import { SALES_CATEGORIES, type SalesCategoryKey } from '@brade/contract';

/**
 * The service catalogue (docs/finance.md, "What was sold"): which category a sold item's name belongs to, read from
 * the name alone, as the bank's rule table reads a statement line. The first rule that matches wins, so the order
 * matters: "Olaplex treatment" is a treatment before "Olaplex No.3" is a product, "Gel manicure" is nails before
 * any product. A name no rule knows is "Other services" until the owner moves it (a salon sells more services than
 * products, and a product's name usually says what it is).
 */
const RULES: ReadonlyArray<[SalesCategoryKey, RegExp]> = [
  ['gift_vouchers', /\bGIFT ?(VOUCHER|CARD|CERTIFICATE)S?\b|\bVOUCHERS?\b/],
  ['deposits', /\bDEPOSITS?\b|\bBALANCE\b|\bBOOKING FEE\b/],
  [
    'highlights',
    /\bHIGH ?LIGHTS?\b|\bLOW ?LIGHTS?\b|\bBALAYAGE\b|\bFOILS?\b|\bBABY ?LIGHTS\b|\bOMBR[EÉ]\b|\bT-?SECTION\b/,
  ],
  ['colour', /\bCOLOU?RS?\b|\bTINTS?\b|\bROOTS?\b|\bTONERS?\b|\bGLOSS\b|\bBLEACH\b|\bGREY BLEND|\bDYE\b|\bHENNA\b/],
  ['nails', /\bMANI(CURE)?S?\b|\bPEDI(CURE)?S?\b|\bNAILS?\b|\bBIAB\b|\bACRYLICS?\b|\bSHELLAC\b|\bGELS?\b|\bINFILLS?\b/],
  [
    'treatments',
    /\bTREATMENTS?\b|\bKERATIN\b|\bSMOOTHING\b|\bSCALP\b|\bCONDITIONING\b|\bBOND\b|\bK18\b|\bHAIR MASK TREATMENT\b/,
  ],
  [
    'beauty',
    /\bBROWS?\b|\bLASH(ES)?\b|\bWAX(ING)?\b|\bFACIALS?\b|\bSPRAY TAN\b|\bTANNING\b|\bMAKE ?-?UP\b|\bTHREADING\b|\bMASSAGE\b|\bPEEL\b|\bDERMAPLAN/,
  ],
  [
    'cuts_styling',
    /\bCUTS?\b|\bTRIMS?\b|\bBLOW ?-?DRY\b|\bBLOW ?-?WAVE\b|\bSTYL(E|ING)\b|\bFINISH\b|\bUP ?-?DO\b|\bWEDDING\b|\bBRID(AL|E)\b|\bFRINGE\b|\bCURLS?\b|\bBRAIDS?\b|\bPLAITS?\b|\bWASH\b|\bEXTENSIONS?\b|\bPERM\b|\bBARBER\b|\bBEARD\b|\bSHAVE\b/,
  ],
  [
    'retail',
    /\bSHAMPOO\b|\bCONDITIONER\b|\bSPRAY\b|\bSERUM\b|\bOILS?\b|\bMASK\b|\bMASQUE\b|\bMOUSSE\b|\bCREAM\b|\bPROTECT(OR|ANT)\b|\bBRUSH\b|\bCOMB\b|\bPOMADE\b|\bPASTE\b|\bNO\.? ?\d|\b\d+ ?ML\b|\bPRODUCTS?\b|\bRETAIL\b/,
  ],
];

/** The longest item name kept (a provider's name is free text). */
export const MAX_ITEM_NAME = 200;

/** The name an item is matched and grouped by: upper case, accents and inner spaces squeezed, ends trimmed. */
export function itemKeyOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase()
    .slice(0, MAX_ITEM_NAME);
}

/** The catalogue's category of an item (its variation helps: a "Deposit" variation of a service is a deposit). */
export function catalogueCategoryOf(name: string, variation?: string | null): SalesCategoryKey {
  const text = itemKeyOf(`${name} ${variation ?? ''}`);
  return RULES.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other_services';
}

/** Default names of the categories, by key (an owner may rename each: ledger/sales-catalogue-owner.ts). */
export const DEFAULT_CATEGORY_NAMES: Readonly<Record<SalesCategoryKey, string>> = Object.fromEntries(
  SALES_CATEGORIES.map((c) => [c.key, c.name]),
) as Record<SalesCategoryKey, string>;
