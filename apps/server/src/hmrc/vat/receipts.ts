import type { VatReceipt } from '@brade/contract';
import type { vatReturns } from './tables.js';

/** A filed return's receipt as the page shows it. */
export function receiptOf(row: typeof vatReturns.$inferSelect): VatReceipt | null {
  if (!row.receipt) return null;
  return {
    period_key: row.periodKey,
    processing_date: row.receipt.processingDate,
    form_bundle_number: row.receipt.formBundleNumber,
    charge_ref_number: row.receipt.chargeRefNumber,
    payment_indicator: row.receipt.paymentIndicator,
    receipt_id: row.receipt.receiptId,
    filed_at: (row.filedAt ?? row.createdAt).toISOString(),
  };
}
