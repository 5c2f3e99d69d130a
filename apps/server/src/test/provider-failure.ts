import { expect } from 'vitest';
import { ProviderError } from '../integrations/provider-error.js';

/** The ProviderError a provider call fails with (the test fails if it succeeds or throws something else). */
export async function providerFailure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}
