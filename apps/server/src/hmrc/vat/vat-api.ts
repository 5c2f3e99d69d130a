import { z } from 'zod';
import { ProviderError } from '../../integrations/provider-error.js';
import type { RetryPolicy } from '../../integrations/provider-http.js';
import type { HmrcEndpoint } from '../hmrc-endpoint.js';
import { type HmrcCall, hmrcRequest } from '../hmrc-http.js';
import { VAT_SENTENCES } from './vat-errors.js';

/**
 * HMRC's VAT (MTD) API 1.0 (docs/hmrc.md, "VAT"): obligations, submit and view a return, liabilities and payments.
 * Every call carries the owner's access token and the fraud-prevention headers of the request that caused it.
 */
const VERSION = '1.0';
const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const money = z.number();

const ObligationSchema = z.object({
  start: DAY,
  end: DAY,
  due: DAY,
  status: z.enum(['O', 'F']),
  periodKey: z.string().min(1),
  received: DAY.optional(),
});
export type VatObligation = z.infer<typeof ObligationSchema>;

/** The nine boxes in HMRC's names, with the period key. */
export const NineBoxesSchema = z.object({
  periodKey: z.string(),
  vatDueSales: money,
  vatDueAcquisitions: money,
  totalVatDue: money,
  vatReclaimedCurrPeriod: money,
  netVatDue: money,
  totalValueSalesExVAT: money,
  totalValuePurchasesExVAT: money,
  totalValueGoodsSuppliedExVAT: money,
  totalAcquisitionsExVAT: money,
});
export type NineBoxes = z.infer<typeof NineBoxesSchema>;

const ReceiptSchema = z.object({
  processingDate: z.string(),
  formBundleNumber: z.string(),
  paymentIndicator: z.enum(['DD', 'BANK']).optional(),
  chargeRefNumber: z.string().optional(),
});

/** What HMRC hands back for a return it took: its body and the receipt headers. */
export interface VatReceipt {
  processingDate: string;
  formBundleNumber: string;
  paymentIndicator: 'DD' | 'BANK' | null;
  chargeRefNumber: string | null;
  receiptId: string | null;
  receiptTimestamp: string | null;
  correlationId: string | null;
}

const LiabilitySchema = z.object({
  taxPeriod: z.object({ from: DAY, to: DAY }).optional(),
  type: z.string(),
  originalAmount: money,
  outstandingAmount: money.optional(),
  due: DAY.optional(),
});
export type VatLiability = z.infer<typeof LiabilitySchema>;
const PaymentSchema = z.object({ amount: money, received: DAY.optional() });
export type VatPayment = z.infer<typeof PaymentSchema>;

/** The headers of the request that caused the calls, and the token to make them with. */
export interface VatCallContext {
  accessToken: string;
  fraudHeaders: Record<string, string>;
  /** HMRC's sandbox scenario (tests only). */
  testScenario?: string;
}

const malformed = () => new ProviderError('HMRC', 'retryable', 'HMRC sent an answer Brade cannot read.');

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw malformed();
  return result.data;
}

/** HMRC's 404 NOT_FOUND means it holds none: an empty list, not an error (a 404 of the platform's is one). */
const isNone = (error: unknown) => error instanceof ProviderError && error.providerCode === 'NOT_FOUND';

export function vatApi(endpoint: HmrcEndpoint, retry?: Partial<RetryPolicy>) {
  const call = <T>(context: VatCallContext, request: Omit<HmrcCall, 'version' | 'fraudHeaders' | 'sentences'>) =>
    hmrcRequest<T>(
      endpoint,
      context.accessToken,
      {
        ...request,
        version: VERSION,
        fraudHeaders: context.fraudHeaders,
        sentences: VAT_SENTENCES,
        ...(context.testScenario ? { testScenario: context.testScenario } : {}),
      },
      retry,
    );
  const base = (vrn: string) => `/organisations/vat/${encodeURIComponent(vrn)}`;

  return {
    async obligations(context: VatCallContext, vrn: string, range: { from: string; to: string; status?: 'O' | 'F' }) {
      try {
        const { body } = await call<unknown>(context, {
          method: 'GET',
          path: `${base(vrn)}/obligations`,
          query: range,
        });
        return parsed(z.object({ obligations: z.array(ObligationSchema) }), body).obligations;
      } catch (error) {
        if (isNone(error)) return [];
        throw error;
      }
    },

    /** Files a return; never retried except on 429 (docs/hmrc.md, "Filing safely"). */
    async submitReturn(context: VatCallContext, vrn: string, boxes: NineBoxes): Promise<VatReceipt> {
      const { body, headers } = await call<unknown>(context, {
        method: 'POST',
        path: `${base(vrn)}/returns`,
        body: { ...boxes, finalised: true },
        idempotent: false,
      });
      const receipt = parsed(ReceiptSchema, body);
      return {
        processingDate: receipt.processingDate,
        formBundleNumber: receipt.formBundleNumber,
        paymentIndicator: receipt.paymentIndicator ?? null,
        chargeRefNumber: receipt.chargeRefNumber ?? null,
        receiptId: headers.get('receipt-id'),
        receiptTimestamp: headers.get('receipt-timestamp'),
        correlationId: headers.get('x-correlationid'),
      };
    },

    /** The return HMRC holds for a period, or null when it holds none. */
    async viewReturn(context: VatCallContext, vrn: string, periodKey: string): Promise<NineBoxes | null> {
      try {
        const { body } = await call<unknown>(context, {
          method: 'GET',
          path: `${base(vrn)}/returns/${encodeURIComponent(periodKey)}`,
        });
        return parsed(NineBoxesSchema, body);
      } catch (error) {
        if (isNone(error)) return null;
        throw error;
      }
    },

    async liabilities(context: VatCallContext, vrn: string, range: { from: string; to: string }) {
      try {
        const { body } = await call<unknown>(context, {
          method: 'GET',
          path: `${base(vrn)}/liabilities`,
          query: range,
        });
        return parsed(z.object({ liabilities: z.array(LiabilitySchema) }), body).liabilities;
      } catch (error) {
        if (isNone(error)) return [];
        throw error;
      }
    },

    async payments(context: VatCallContext, vrn: string, range: { from: string; to: string }) {
      try {
        const { body } = await call<unknown>(context, { method: 'GET', path: `${base(vrn)}/payments`, query: range });
        return parsed(z.object({ payments: z.array(PaymentSchema) }), body).payments;
      } catch (error) {
        if (isNone(error)) return [];
        throw error;
      }
    },
  };
}
export type VatApi = ReturnType<typeof vatApi>;
