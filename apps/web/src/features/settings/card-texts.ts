import { VAT_LABELS } from '@brade/contract';

/**
 * The headings of the cards below the fold, shared by the cards and by the frames that stand for them while their
 * code loads (LaterCardsLoading.tsx).
 */
export const VAT_CARD = {
  title: VAT_LABELS.card,
  subtitle: 'Registered businesses see every figure net of VAT; VAT is counted on the dates money moved.',
  anchor: 'vat',
};

export const CATEGORY_RULES_CARD = {
  title: 'Category rules',
  subtitle:
    'Made when you move a transaction and choose “Also apply to similar transactions”. Future imports follow them.',
  anchor: 'category-rules',
};

export const INTEGRATIONS_CARD = {
  title: 'Integrations',
  subtitle:
    'Connect your card-payment providers and business bank account. Brade imports their transactions every hour (the bank up to four times a day); disconnecting keeps what was already imported.',
  anchor: 'integrations',
};
