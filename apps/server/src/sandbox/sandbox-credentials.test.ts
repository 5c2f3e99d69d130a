import { hmrc, square, stripe } from '@brade/sandbox';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from './sandbox-credentials.js';

describe("the app's credentials at its simulators", () => {
  it("are the simulators' own defaults, so a simulator started without them (tests, the demo) accepts them too", () => {
    expect(SANDBOX_CREDENTIALS.stripe).toEqual({
      clientId: stripe.DEFAULT_STRIPE_CLIENT_ID,
      clientSecret: stripe.DEFAULT_STRIPE_SECRET_KEY,
    });
    expect(SANDBOX_CREDENTIALS.square).toEqual({
      clientId: square.DEFAULT_SQUARE_CLIENT_ID,
      clientSecret: square.DEFAULT_SQUARE_CLIENT_SECRET,
    });
    expect(SANDBOX_CREDENTIALS.hmrc).toEqual({
      clientId: hmrc.DEFAULT_HMRC_CLIENT_ID,
      clientSecret: hmrc.DEFAULT_HMRC_CLIENT_SECRET,
    });
  });
});
