import { ACCOUNT_ENDPOINTS, type ResponseOf, type UserDetails, UserDetailsSchema } from '@brade/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { on } from '../test/api-mock';
import { USER_DETAILS } from '../test/fixtures';
import { call } from './client';
import { getUserDetails } from './user';

/**
 * The web is typed from the contract: these checks run in `tsc -p apps/web/tsconfig.json`. Each `@ts-expect-error`
 * must meet an error, so if renaming a response field stopped breaking web code, the type check would fail.
 */

/** The same endpoint with `full_name` renamed in its answer, as a careless server change would make it. */
const renamed = {
  ...ACCOUNT_ENDPOINTS.getUserDetails,
  read: undefined,
  answer: UserDetailsSchema.omit({ full_name: true }).extend({ fullName: UserDetailsSchema.shape.full_name }),
};

async function readTheName(): Promise<string> {
  const details = await call(renamed, { params: { id: 'u-1' } });
  // @ts-expect-error full_name was renamed in the answer: web code that reads it no longer type-checks.
  return details.full_name;
}

describe('the web is typed from the contract', () => {
  it("reads each answer as the endpoint's schema declares it", () => {
    expectTypeOf(getUserDetails).returns.resolves.toEqualTypeOf<UserDetails>();
    expectTypeOf<ResponseOf<typeof ACCOUNT_ENDPOINTS.getUserDetails>>().toHaveProperty('full_name');
    expectTypeOf<ResponseOf<typeof renamed>>().not.toHaveProperty('full_name');
    expectTypeOf(readTheName).toBeFunction();
  });

  it('refuses a path parameter or a body the endpoint does not take', () => {
    // @ts-expect-error the endpoint's path parameter is `id`.
    const wrongParam = () => call(ACCOUNT_ENDPOINTS.getUserDetails, { params: { user: 'u-1' } });
    const details = { fullName: 'A' };
    // @ts-expect-error update-personal-info takes details.full_name, not fullName.
    const wrongBody = () => call(ACCOUNT_ENDPOINTS.updatePersonalInfo, { body: { id: 'u-1', details } });
    expect([wrongParam, wrongBody]).toHaveLength(2);
  });

  it("types the test mock's answers by the endpoint's response, so a test cannot keep an old field name", () => {
    const { full_name, ...rest } = USER_DETAILS;
    // @ts-expect-error a body with full_name renamed is not what get-user-details answers.
    const stale = on(ACCOUNT_ENDPOINTS.getUserDetails, { ...rest, fullName: full_name });
    expect(stale.method).toBe('GET');
  });
});
