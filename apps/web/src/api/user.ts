import { type BusinessInformationRequest, ACCOUNT_ENDPOINTS as E, type UserDetails } from '@brade/contract';
import { call } from './client';

export type { UserDetails };

/** The owner's details, as the contract reads them (either spelling of docs/product.md, "What the app keeps"; what is absent is null). */
export function getUserDetails(id: string): Promise<UserDetails> {
  return call(E.getUserDetails, { params: { id } });
}

export function recordBusinessInformation(details: BusinessInformationRequest): Promise<unknown> {
  return call(E.recordBusinessInformation, { body: details });
}
