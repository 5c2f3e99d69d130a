import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { HmrcContext } from '../hmrc-context';
import { enterItsaCall, ITSA_ERRORS, refuse } from './itsa-guard';
import { businessIdOf } from './itsa-taxpayers';

/** The Business Details (MTD) API 2.0's "List All Businesses" (docs/sandbox.md, "HMRC"). */
const API = 'business-details';
const VERSION = '2.0';
const SCENARIOS = ['PROPERTY', 'FOREIGN_PROPERTY', 'BUSINESS_AND_PROPERTY', 'UNSPECIFIED', 'NOT_FOUND'] as const;

type Listed = { typeOfBusiness: string; businessId: string; tradingType?: string; tradingName?: string };

export function registerBusinessDetailsRoutes(app: FastifyInstance, context: HmrcContext): void {
  app.get('/individuals/business/details/:nino/list', async (request, reply) => {
    const call = enterItsaCall(context, request, reply, {
      scope: 'read:self-assessment',
      api: API,
      version: VERSION,
      path: '/individuals/business/details/{nino}/list',
      scenarios: SCENARIOS,
    });
    if (!call) return reply;
    const { taxpayer, scenario } = call;
    if (scenario === 'NOT_FOUND') return refuse(reply, ITSA_ERRORS.notFound);
    const selfEmployments: Listed[] = taxpayer.businesses.map((business) => ({
      typeOfBusiness: 'self-employment',
      businessId: business.businessId,
      tradingType: 'Hairdressing',
      ...(business.tradingName ? { tradingName: business.tradingName } : {}),
    }));
    const property = (type: string, kind: string): Listed => ({
      typeOfBusiness: type,
      businessId: businessIdOf(taxpayer.nino, 0, kind),
    });
    // HMRC's sandbox scenarios: the taxpayer's other income sources, with the self-employment where HMRC lists one.
    const listOfBusinesses: Listed[] =
      scenario === 'PROPERTY'
        ? [property('uk-property', 'P')]
        : scenario === 'FOREIGN_PROPERTY'
          ? [property('foreign-property', 'F')]
          : scenario === 'UNSPECIFIED'
            ? [property('property-unspecified', 'U')]
            : scenario === 'BUSINESS_AND_PROPERTY'
              ? [property('uk-property', 'P'), ...selfEmployments, property('foreign-property', 'F')]
              : selfEmployments;
    return reply.code(200).header('x-correlationid', randomUUID()).send({ listOfBusinesses });
  });
}
