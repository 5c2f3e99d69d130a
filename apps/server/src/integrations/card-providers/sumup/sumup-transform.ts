import type { CardProcessor } from '@brade/contract';
import type { SourceItem, SourceTransaction } from '../../../ledger/classify.js';
import { decimalToPence } from './sumup-amounts.js';
import type { HistoryItem, Product } from './sumup-schemas.js';

type CardRow = Extract<SourceTransaction, { provider: CardProcessor }>;

/**
 * Statuses of a PAYMENT row whose money was taken. A refund or chargeback changes the payment's status but not the
 * fact of the sale: those arrive as rows of their own. CANCELLED, FAILED and PENDING never count (a PENDING one
 * that later succeeds comes back through `changes_since`).
 */
const TAKEN = new Set(['SUCCESSFUL', 'PAID_OUT', 'REFUNDED', 'CHARGE_BACK']);

const typeOf = (item: HistoryItem) => (item.type ?? 'PAYMENT').toUpperCase();
const pence = (value: number | string) => Math.abs(decimalToPence(value));

/**
 * The id SumUp prints on receipts and in its dashboard; unique per merchant and stable. SumUp's own example row
 * carries no `id`, so the transaction id comes next.
 */
export const externalIdOf = (item: HistoryItem): string =>
  (item.transaction_code ?? item.transaction_id ?? item.id) as string;

/** A row in another currency than the pound cannot be added to the ledger (DESIGN: pence, GBP). */
const inPounds = (item: HistoryItem) => !item.currency || item.currency.toUpperCase() === 'GBP';

/** Whether a history row is a sale Brade counts, and so whether its fee is worth fetching. */
export function isTakenPayment(item: HistoryItem): boolean {
  return typeOf(item) === 'PAYMENT' && TAKEN.has(item.status.toUpperCase());
}

function summary(item: HistoryItem): string | null {
  const text = item.product_summary?.trim();
  return text ? text : null;
}

function paymentDescription(item: HistoryItem): string {
  return summary(item) ?? (item.payment_type?.toUpperCase() === 'CASH' ? 'Cash payment' : 'Card payment');
}

/** "Refund: Gel manicure": SumUp's own summary of a refund often says so already. */
function prefixed(label: string, item: HistoryItem): string {
  const text = summary(item);
  if (!text) return label;
  return text.toLowerCase().startsWith(label.toLowerCase()) ? text : `${label}: ${text}`;
}

/**
 * A product's amount for its quantity, VAT included, as a till charged it: SumUp's total with VAT, else its unit
 * price with VAT times the quantity, else (a merchant without VAT) its net total or unit price.
 */
function productPence(product: Product, quantity: number): number {
  if (product.total_with_vat != null) return pence(product.total_with_vat);
  if (product.price_with_vat != null) return pence(product.price_with_vat) * quantity;
  if (product.total_price != null) return pence(product.total_price);
  return product.price != null ? pence(product.price) * quantity : 0;
}

/**
 * What a sale paid for (docs/finance.md, "What was sold"): the catalogue products the detail lists. None when the
 * amount was keyed without products; undefined when the detail was not read.
 */
export function sumupItemsOf(products: readonly Product[] | null | undefined): SourceItem[] | undefined {
  if (products === undefined) return undefined;
  return (products ?? []).map((product) => {
    const quantity = product.quantity != null && product.quantity > 0 ? product.quantity : 1;
    return { name: product.name?.trim() || null, quantity, amountPence: productPence(product, quantity) };
  });
}

/**
 * One history row as ledger rows: a taken payment (plus its fee as `<code>:fee` when the detail endpoint gave
 * one, and what it paid for when given the detail's products), a successful refund or chargeback on its own date, or
 * nothing (failed, cancelled, pending).
 */
export function historyItemRows(
  item: HistoryItem,
  feeAmount: number | string | null | undefined,
  products?: readonly Product[] | null,
): CardRow[] {
  const externalId = externalIdOf(item);
  const occurredAt = new Date(item.timestamp);
  const type = typeOf(item);
  if (!inPounds(item)) return [];
  if (type === 'PAYMENT') {
    if (!isTakenPayment(item)) return [];
    const description = paymentDescription(item);
    const items = sumupItemsOf(products);
    const rows: CardRow[] = [
      {
        provider: 'sumup',
        type: 'payment',
        externalId,
        occurredAt,
        amountPence: pence(item.amount),
        description,
        ...(items ? { items } : {}),
      },
    ];
    const fee = feeAmount === null || feeAmount === undefined ? 0 : pence(feeAmount);
    if (fee > 0) {
      rows.push({
        provider: 'sumup',
        type: 'fee',
        externalId: `${externalId}:fee`,
        occurredAt,
        amountPence: fee,
        description: 'SumUp processing fee',
      });
    }
    return rows;
  }
  if ((type === 'REFUND' || type === 'CHARGE_BACK') && item.status.toUpperCase() === 'SUCCESSFUL') {
    return [
      {
        provider: 'sumup',
        type: 'refund',
        externalId,
        occurredAt,
        amountPence: pence(item.amount),
        description: prefixed(type === 'REFUND' ? 'Refund' : 'Chargeback', item),
      },
    ];
  }
  return [];
}
