import type { BankCode } from './bank-codes.js';

/**
 * What a bank line is, read from the statement alone: the one rule table (docs/finance.md, "Classification of bank
 * lines").
 *
 * Each rule names the direction of money it applies to, optionally the bank transaction codes it needs, and a
 * pattern over the line's text (counterparty and description, upper case). The first rule that matches wins, so
 * the narrow rules (HMRC by its references, a loan's interest) sit above the broad ones (HMRC, a loan). A debit no
 * rule knows is "Uncategorised"; a credit no rule knows is "Other income".
 */
export type BankKind =
  | 'expense'
  | 'other_income'
  | 'owner_money'
  | 'loan'
  | 'transfer'
  | 'vat_settlement'
  | 'corporation_tax'
  | 'processor_payout';

export interface BankRule {
  category: string;
  kind: BankKind;
  sign: 'credit' | 'debit' | 'either';
  codes?: readonly BankCode[];
  pattern: RegExp;
}

export const UNCATEGORISED = 'Uncategorised';
export const OTHER_INCOME = 'Other income';

const rule = (
  category: string,
  kind: BankKind,
  sign: BankRule['sign'],
  pattern: RegExp,
  codes?: readonly BankCode[],
): BankRule => (codes ? { category, kind, sign, pattern, codes } : { category, kind, sign, pattern });

/** Anything: for rules decided by the transaction code alone. */
const ANY = /[\s\S]*/;

/** HMRC's Accounts Office reference for PAYE: 3 digits, P, a letter, 8 digits (then, on payments, year and month). */
const PAYE_REFERENCE = /\b\d{3}P[A-Z]\d{8}/;

export const BANK_RULES: readonly BankRule[] = [
  // Card processors paying out the owner's takings (salon-economics wording: STRIPE PAYMENTS UK, SumUp Payments
  // Limited, Squareup Europe Ltd). Whether one counts as sales or a transfer depends on the ledger (payouts.ts).
  rule('Card payouts', 'processor_payout', 'credit', /\bSTRIPE\b|\bSUM ?UP\b|\bSQUARE ?UP\b|\bSQUARE\b|\bSQ \*/),

  // HMRC by kind, from the reference and the payee.
  rule('VAT paid to HMRC', 'vat_settlement', 'either', /\bHMRC\b.*\bVAT\b|\bVAT\b.*\bHMRC\b|\bHMRC VAT\b/),
  rule('Corporation Tax', 'corporation_tax', 'either', /\bCOTAX\b|CORPORATION TAX|\b\d{10}A\d{3}/),
  rule('Self Assessment', 'owner_money', 'either', /SELF ASSESSMENT|\bHMRC\b.*\b\d{10}K\b|\b\d{10}K\b.*\bHMRC\b/),
  rule('PAYE and National Insurance', 'expense', 'either', /\bPAYE\b|\bHMRC\b.*\bNIC?S?\b/),
  rule('PAYE and National Insurance', 'expense', 'either', PAYE_REFERENCE),

  // Staff.
  rule(
    'Pension contributions',
    'expense',
    'debit',
    /\bNEST\b|PENSION|\bSMART PENSION|\bROYAL LONDON\b|\bAVIVA PENSION|\bSCOTTISH WIDOWS\b/,
  ),
  rule('Wages', 'expense', 'debit', /\bWAGES?\b|\bSALARY\b|\bSALARIES\b|\bPAYROLL\b|\bNET PAY\b|\bCOMMISSION\b/),

  // Borrowing: the owner's own loan to the company is the owner's money, not a lender's.
  rule('Capital introduced', 'owner_money', 'credit', /CAPITAL INTRODUCED|CAPITAL INJECTION|DIRECTORS? LOAN/),
  rule('Owner drawings', 'owner_money', 'debit', /DRAWINGS|\bDIVIDENDS?\b|DIRECTORS? LOAN/),
  rule('Loan interest', 'expense', 'debit', ANY, ['interest']),
  rule('Loan interest', 'expense', 'debit', /\bLOAN\b.*\bINTEREST\b|\bINTEREST\b.*\bLOAN\b|OVERDRAFT INTEREST/),
  rule('Interest received', 'other_income', 'credit', /\bINTEREST\b|\bGROSS INT\b|\bINT\b/),
  rule('Interest received', 'other_income', 'credit', ANY, ['interest']),
  rule(
    'Loan received',
    'loan',
    'credit',
    /\bLOAN\b|FUNDING CIRCLE|\bIWOCA\b|BOUNCE ?BACK|\bBBL\b|\bCBILS\b|\bALLICA\b|\bCAPITAL ON TAP\b|\bYOULEND\b|\bLIBERIS\b/,
  ),
  rule(
    'Loan repayments',
    'loan',
    'debit',
    /\bLOAN\b|FUNDING CIRCLE|\bIWOCA\b|BOUNCE ?BACK|\bBBL\b|\bCBILS\b|\bALLICA\b|\bCAPITAL ON TAP\b|\bYOULEND\b|\bLIBERIS\b/,
  ),

  // Between the business's own accounts, then the owner's savings.
  rule(
    'Transfers between own accounts',
    'transfer',
    'either',
    /\bBUSINESS SAVINGS\b|\bBUSINESS RESERVE\b|\bRESERVE ACCOUNT\b|\bTAX RESERVE\b|\bOWN ACCOUNT\b|\bINTERNAL TRANSFER\b/,
  ),
  rule("To the owner's savings", 'owner_money', 'debit', /\bSAVINGS?\b|\bISA\b/),
  rule("From the owner's savings", 'owner_money', 'credit', /\bSAVINGS?\b|\bISA\b/),

  // Other income.
  rule('Room rent', 'other_income', 'credit', /\b(ROOM|CHAIR|SPACE|STATION|DESK)\s+(RENT|RENTAL|HIRE)\b/),

  // Premises.
  rule('Business rates', 'expense', 'debit', /\bNNDR\b|\bBUSINESS RATES\b|\bRATES\b/),
  rule(
    'Premises costs',
    'expense',
    'debit',
    /\bWASTE\b|\bBIFFA\b|\bVEOLIA\b|\bSUEZ\b|\bCLEANING\b|\bCLEANERS?\b|\bSCREWFIX\b|\bTOOLSTATION\b|\bB ?& ?Q\b|\bWICKES\b|\bHOMEBASE\b|\bREPAIRS?\b|\bMAINTENANCE\b|\bLOCKSMITH|\bPLUMB|\bELECTRICIAN\b|\bPEST CONTROL\b|\bRENTOKIL\b|\bPHS\b/,
  ),
  rule(
    'Business rates',
    'expense',
    'debit',
    /\bCOUNCIL\b|\bBOROUGH\b|\bMBC\b|\bDC\b|\bCC\b|\bLB OF\b|\bRBK\b|\bCITY OF\b/,
    ['direct_debit', 'standing_order', 'payment'],
  ),

  // Card terminals: readers bought and terminal rental (a processor's credit was a payout, above).
  rule(
    'Card terminals',
    'expense',
    'debit',
    /\bDOJO\b|TAKE ?PAYMENTS|PAYMENTSENSE|\bWORLDPAY\b|\bZETTLE\b|\bTERMINAL\b|CARD MACHINE|\bREADER\b|\bSUM ?UP\b|\bSQUARE ?UP\b|\bSQUARE\b/,
  ),
  rule('Rent', 'expense', 'debit', /\bRENT\b|\bLANDLORD\b|\bLEASE\b|\bESTATES?\b|\bPROPERT(Y|IES)\b/),

  rule(
    'Insurance',
    'expense',
    'debit',
    /INSURANCE|\bINS\b|\bINSURE|\bPOLICY\b|\bHISCOX\b|\bAXA\b|\bAVIVA\b|\bZURICH\b|SIMPLY BUSINESS|PROTECTIVITY|\bRIPE\b|SALON GOLD|PROFESSIONAL BEAUTY DIRECT|\bTORUS\b|\bHOWDEN\b|\bMARKEL\b/,
  ),
  rule(
    'Stock & supplies',
    'expense',
    'debit',
    /SALON SERVICES|SALONS DIRECT|\bSALLY\b|CAPITAL HAIR|LOOKFANTASTIC|LOOK FANTASTIC|\bWELLA\b|L'?OREAL|SCHWARZKOPF|\bGOLDWELL\b|\bOLAPLEX\b|\bCOSMOPROF\b|\bMAYFAIR\b|HAIR ?& ?BEAUTY SUPPL|SALON SUPPL|BEAUTY SUPPL|HAIR SUPPL|\bAMAZON\b|\bAMZN\b|\bCOSTCO\b|\bBOOKER\b|\bGUINOT\b|\bCND\b|\bOPI\b|\bJESSICA\b|\bGELISH\b|\bBIO SCULPTURE\b|\bREFECTOCIL\b|\bNOUVEAU LASHES\b|\bHENKEL\b|\bKAO\b|\bREDKEN\b|\bMATRIX\b|\bAVEDA\b|\bDAVINES\b|\bKERASTASE\b|\bGHD\b|\bDENMAN\b/,
  ),
  rule(
    'Utilities',
    'expense',
    'debit',
    /BRITISH GAS|\bOCTOPUS\b|\bEDF\b|\bE\.?ON\b|SCOTTISH ?POWER|\bOVO\b|\bSSE\b|\bNPOWER\b|TOTAL ?ENERGIES|\bENERGY\b|\bWATER\b|\bELECTRICITY\b|\bGAS\b|\bBT\b|BT GROUP|VIRGIN MEDIA|\bSKY\b|TALK ?TALK|\bVODAFONE\b|\bEE\b|\bO2\b|\bPLUSNET\b|BROADBAND|TELECOM|\bUTILIT(Y|IES)\b/,
  ),
  rule(
    'Software and subscriptions',
    'expense',
    'debit',
    /\bFRESHA\b|\bPHOREST\b|\bTIMELY\b|\bSHEDUL\b|\bBOOKSY\b|\bTREATWELL\b|SALON ?IQ|\bLUMINATE\b|\bXERO\b|QUICKBOOKS|\bINTUIT\b|\bSAGE\b|FREEAGENT|MICROSOFT|\bGOOGLE\b|\bADOBE\b|\bCANVA\b|APPLE\.COM|\bDROPBOX\b|\bWIX\b|SQUARESPACE|GODADDY|MAILCHIMP|\bSUBSCRIPTION\b|\bSOFTWARE\b|\bZOOM\b|\bSLACK\b|\bSHOPIFY\b/,
  ),
  rule(
    'Professional fees',
    'expense',
    'debit',
    /ACCOUNTANT|ACCOUNTANCY|BOOKKEEP|SOLICITOR|\bLEGAL\b|\bCHARTERED\b|\bAUDIT\b|\bTAX ADVIS/,
  ),
  rule(
    'Bank charges',
    'expense',
    'debit',
    /ACCOUNT FEE|SERVICE CHARGES?|BANK CHARGES?|PLAN FEE|\bCHARGES\b|MONTHLY FEE|TRANSACTION FEE/,
  ),
  rule('Bank charges', 'expense', 'debit', ANY, ['charge']),
  rule(
    'Licences and memberships',
    'expense',
    'debit',
    /\bPPL\b|\bPRS\b|MUSIC ?LICEN[CS]E|THEMUSICLICENCE|TV LICEN[CS]|\bNHBF\b|\bNHF\b|\bHABIA\b|\bBABTAC\b|MEMBERSHIP|\bLICEN[CS]E\b|\bGUILD\b/,
  ),
  rule(
    'Refreshments and sundries',
    'expense',
    'debit',
    /\bTESCO\b|SAINSBURY|\bASDA\b|MORRISONS|\bALDI\b|\bLIDL\b|WAITROSE|\bCO-?OP\b|\bM ?& ?S\b|MARKS ?& ?SPENCER|\bCOSTA\b|STARBUCKS|\bPRET\b|\bGREGGS\b|CAFFE NERO|POST OFFICE|ROYAL MAIL|\bWHSMITH\b|\bRYMAN\b|\bICELAND\b|\bBOOTS\b|\bSUPERDRUG\b|\bWILKO\b|\bB ?& ?M\b|POUNDLAND|\bARGOS\b/,
  ),
];

export interface BankLineFacts {
  /** Counterparty and description, upper case. */
  text: string;
  code: BankCode | null;
  amountPence: number;
}

/** The first rule of the table that the line meets; null when none does. */
export function matchBankRule(line: BankLineFacts): BankRule | null {
  const sign = line.amountPence < 0 ? 'debit' : 'credit';
  for (const candidate of BANK_RULES) {
    if (candidate.sign !== 'either' && candidate.sign !== sign) continue;
    if (candidate.codes && (line.code === null || !candidate.codes.includes(line.code))) continue;
    if (candidate.pattern.test(line.text)) return candidate;
  }
  return null;
}
