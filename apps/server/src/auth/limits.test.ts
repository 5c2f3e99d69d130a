import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_LIMITS, raisedAuthLimits } from './limits.js';

describe('raisedAuthLimits (BENCH_RATE_LIMIT_FACTOR)', () => {
  it('multiplies every allowance and the free sign-in failures, keeping windows and waits', () => {
    const raised = raisedAuthLimits(DEFAULT_AUTH_LIMITS, 1000);
    expect(raised.signinPerIp).toEqual({ ...DEFAULT_AUTH_LIMITS.signinPerIp, max: 150_000 });
    expect(raised.refreshPerIp.max).toBe(150_000);
    expect(raised.verifyFailuresPerAddress).toEqual({ ...DEFAULT_AUTH_LIMITS.verifyFailuresPerAddress, max: 10_000 });
    expect(raised.signinBackoff).toEqual({ ...DEFAULT_AUTH_LIMITS.signinBackoff, freeFailures: 5000 });
    expect(raised.signinSlowdown).toEqual({ ...DEFAULT_AUTH_LIMITS.signinSlowdown, afterFailures: 50_000 });
    for (const key of Object.keys(DEFAULT_AUTH_LIMITS) as (keyof typeof DEFAULT_AUTH_LIMITS)[]) {
      expect(raised[key], key).not.toEqual(DEFAULT_AUTH_LIMITS[key]);
    }
  });

  it('leaves the limits as they are at factor 1', () => {
    expect(raisedAuthLimits(DEFAULT_AUTH_LIMITS, 1)).toBe(DEFAULT_AUTH_LIMITS);
  });
});
