import type { EndpointWithFallback, RequestOf, ResponseOf } from '@brade/contract';
import { callEndpoint } from './client';

/** An answer as a screen shows it: what the server said, or the contract's fallback when the call failed. */
export interface Loaded<T> {
  data: T;
  failed: boolean;
}

/**
 * docs/product.md, "Failures": "Dashboard and data load failures are only logged", and the screen shows the endpoint's
 * fallback instead (0 for a headline, defaults for goals, an empty list). Never throws.
 */
export async function loadOrFallback<E extends EndpointWithFallback & { fallback: ResponseOf<E> }>(
  endpoint: E,
  request: RequestOf<E>,
  /** What the log line names ("Could not load financial goals"). */
  what: string,
): Promise<Loaded<ResponseOf<E>>> {
  try {
    return { data: await callEndpoint(endpoint, request), failed: false };
  } catch (error) {
    console.error(`Could not load ${what}`, error);
    return { data: endpoint.fallback, failed: true };
  }
}

/** The same rule for a card that shows its own failure: the failure is logged, then the caller's query fails. */
export async function loadOrLog<T>(load: () => Promise<T>, what: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.error(`Could not load ${what}`, error);
    throw error;
  }
}
