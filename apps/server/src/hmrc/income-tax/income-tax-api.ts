import { z } from 'zod';
import { ProviderError } from '../../integrations/provider-error.js';
import type { RetryPolicy } from '../../integrations/provider-http.js';
import type { HmrcEndpoint } from '../hmrc-endpoint.js';
import { type HmrcCall, hmrcRequest } from '../hmrc-http.js';
import { INCOME_TAX_SENTENCES } from './income-tax-errors.js';
import type { SentSummary } from './tables.js';

/**
 * HMRC's Income Tax (MTD) APIs as Brade calls them (docs/hmrc.md, "Income Tax"): Business Details 2.0 (the owner's
 * businesses), Obligations 3.0 (their income and expenditure obligations) and Self Employment Business 5.0 (the
 * cumulative period summary, created or amended and read back). Each call carries the owner's access token and the
 * fraud-prevention headers of the request that caused it.
 */
const VERSIONS = { details: '2.0', obligations: '3.0', selfEmployment: '5.0' } as const;
const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const BusinessSchema = z.object({
  typeOfBusiness: z.string(),
  businessId: z.string(),
  tradingName: z.string().optional(),
});
export interface HmrcBusiness {
  businessId: string;
  typeOfBusiness: string;
  tradingName: string | null;
}

const ObligationSchema = z.object({
  periodStartDate: DAY,
  periodEndDate: DAY,
  dueDate: DAY,
  status: z.enum(['open', 'fulfilled']),
  receivedDate: DAY.optional(),
});
export type IncomeObligation = z.infer<typeof ObligationSchema>;
const ObligationsSchema = z.object({
  obligations: z.array(
    z.object({ typeOfBusiness: z.string(), businessId: z.string(), obligationDetails: z.array(ObligationSchema) }),
  ),
});

const amounts = z.record(z.string(), z.number());
const SummarySchema = z.object({
  periodDates: z.object({ periodStartDate: DAY, periodEndDate: DAY }),
  periodIncome: amounts.optional(),
  periodExpenses: amounts.optional(),
  periodDisallowableExpenses: amounts.optional(),
});

/** The headers of the request that caused the calls, and the token to make them with. */
export interface IncomeTaxCallContext {
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
const hasCode = (error: unknown, ...codes: string[]) =>
  error instanceof ProviderError && error.providerCode !== null && codes.includes(error.providerCode);

export function incomeTaxApi(endpoint: HmrcEndpoint, retry?: Partial<RetryPolicy>) {
  const call = <T>(
    context: IncomeTaxCallContext,
    version: string,
    request: Omit<HmrcCall, 'version' | 'fraudHeaders' | 'sentences'>,
  ) =>
    hmrcRequest<T>(
      endpoint,
      context.accessToken,
      {
        ...request,
        version,
        fraudHeaders: context.fraudHeaders,
        sentences: INCOME_TAX_SENTENCES,
        ...(context.testScenario ? { testScenario: context.testScenario } : {}),
      },
      retry,
    );
  const nino = (value: string) => encodeURIComponent(value);

  return {
    /** Every income source HMRC holds for the NINO (self-employments, property); none is an empty list. */
    async businesses(context: IncomeTaxCallContext, forNino: string): Promise<HmrcBusiness[]> {
      try {
        const { body } = await call<unknown>(context, VERSIONS.details, {
          method: 'GET',
          path: `/individuals/business/details/${nino(forNino)}/list`,
        });
        return parsed(z.object({ listOfBusinesses: z.array(BusinessSchema) }), body).listOfBusinesses.map((b) => ({
          businessId: b.businessId,
          typeOfBusiness: b.typeOfBusiness,
          tradingName: b.tradingName ?? null,
        }));
      } catch (error) {
        if (hasCode(error, 'MATCHING_RESOURCE_NOT_FOUND')) return [];
        throw error;
      }
    },

    /** A self-employment's income and expenditure obligations between two days (at most 366 apart); none is empty. */
    async obligations(
      context: IncomeTaxCallContext,
      forNino: string,
      businessId: string,
      range: { from: string; to: string },
    ): Promise<IncomeObligation[]> {
      try {
        const { body } = await call<unknown>(context, VERSIONS.obligations, {
          method: 'GET',
          path: `/obligations/details/${nino(forNino)}/income-and-expenditure`,
          query: { typeOfBusiness: 'self-employment', businessId, fromDate: range.from, toDate: range.to },
        });
        return parsed(ObligationsSchema, body)
          .obligations.filter((o) => o.businessId === businessId)
          .flatMap((o) => o.obligationDetails);
      } catch (error) {
        if (hasCode(error, 'NO_OBLIGATIONS_FOUND', 'MATCHING_RESOURCE_NOT_FOUND')) return [];
        throw error;
      }
    },

    /**
     * Creates or amends the tax year's cumulative summary: it replaces whatever HMRC held, so sending it again is
     * safe and a 5xx may be retried. Answers HMRC's correlation id.
     */
    async sendCumulative(
      context: IncomeTaxCallContext,
      forNino: string,
      businessId: string,
      taxYear: string,
      summary: SentSummary,
    ): Promise<{ correlationId: string | null }> {
      const { headers } = await call<unknown>(context, VERSIONS.selfEmployment, {
        method: 'PUT',
        path: `/individuals/business/self-employment/${nino(forNino)}/${encodeURIComponent(businessId)}/cumulative/${encodeURIComponent(taxYear)}`,
        body: summary as unknown as Record<string, unknown>,
      });
      return { correlationId: headers.get('x-correlationid') };
    },

    /** What HMRC holds for the tax year, or null when it holds nothing. */
    async readCumulative(
      context: IncomeTaxCallContext,
      forNino: string,
      businessId: string,
      taxYear: string,
    ): Promise<SentSummary | null> {
      try {
        const { body } = await call<unknown>(context, VERSIONS.selfEmployment, {
          method: 'GET',
          path: `/individuals/business/self-employment/${nino(forNino)}/${encodeURIComponent(businessId)}/cumulative/${encodeURIComponent(taxYear)}`,
        });
        const held = parsed(SummarySchema, body);
        return {
          periodDates: held.periodDates,
          periodIncome: held.periodIncome ?? {},
          periodExpenses: held.periodExpenses ?? {},
          ...(held.periodDisallowableExpenses ? { periodDisallowableExpenses: held.periodDisallowableExpenses } : {}),
        };
      } catch (error) {
        if (hasCode(error, 'MATCHING_RESOURCE_NOT_FOUND')) return null;
        throw error;
      }
    },
  };
}
export type IncomeTaxApi = ReturnType<typeof incomeTaxApi>;
