import type { VatPeriod } from './periods';

/** The nine boxes as HMRC holds them (its SubmitVAT schema: the declaration without `finalised`). */
export interface NineBoxes {
  periodKey: string;
  vatDueSales: number;
  vatDueAcquisitions: number;
  totalVatDue: number;
  vatReclaimedCurrPeriod: number;
  netVatDue: number;
  totalValueSalesExVAT: number;
  totalValuePurchasesExVAT: number;
  totalValueGoodsSuppliedExVAT: number;
  totalAcquisitionsExVAT: number;
}

export interface StoredReturn {
  boxes: NineBoxes;
  period: VatPeriod;
  /** The Europe/London day HMRC received it. */
  receivedOn: string;
  /** A debit (more VAT due than reclaimed) raises a charge to pay by the period's due date. */
  debit: boolean;
}

/** Returns filed through the simulator, per VRN and period key: kept and served back, one per period. */
export class ReturnsStore {
  private byVrn = new Map<string, Map<string, StoredReturn>>();

  reset(): void {
    this.byVrn.clear();
  }

  get(vrn: string, periodKey: string): StoredReturn | undefined {
    return this.byVrn.get(vrn)?.get(periodKey);
  }

  all(vrn: string): StoredReturn[] {
    return [...(this.byVrn.get(vrn)?.values() ?? [])];
  }

  /** False when the period already has a return: HMRC accepts one per period. */
  add(vrn: string, stored: StoredReturn): boolean {
    const returns = this.byVrn.get(vrn) ?? new Map<string, StoredReturn>();
    if (returns.has(stored.boxes.periodKey)) return false;
    returns.set(stored.boxes.periodKey, stored);
    this.byVrn.set(vrn, returns);
    return true;
  }
}
