import { z } from 'zod';
import { lazy } from '../lazy.js';

/**
 * The business's legal form (beyond the product's spec; docs/finance.md, "Income Tax"): who pays tax on its profit
 * decides which HMRC features apply. A sole trader pays Income Tax and sends quarterly updates under Making Tax
 * Digital; a partnership's partners do not yet; a limited company pays Corporation Tax, so its owner sees no Income
 * Tax pages.
 */
export const LEGAL_FORMS = ['sole_trader', 'partnership', 'limited_company'] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];

export const LEGAL_FORM_LABELS: Record<LegalForm, string> = {
  sole_trader: 'Sole trader',
  partnership: 'Partnership',
  limited_company: 'Limited company',
};

export const LEGAL_FORM_MESSAGES = {
  label: 'Legal form',
  question: 'How is the business set up?',
  invalid: 'Legal form must be sole_trader, partnership or limited_company.',
  required: 'Please choose how the business is set up.',
  notSet: 'Not set',
} as const;

export const LegalFormSchema = lazy(() => z.enum(LEGAL_FORMS, { error: LEGAL_FORM_MESSAGES.invalid }));

/** Only a sole trader's profit is taxed as the owner's own income through quarterly updates. */
export const hasIncomeTaxPages = (form: LegalForm | null | undefined): boolean => form === 'sole_trader';
