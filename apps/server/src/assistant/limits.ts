import type { Limit } from '../rate-limits/rate-limit.js';

/**
 * How often BradeBot may be asked (docs/assistant.md, "Limits"): per owner, and for the shared demo account per
 * auth session (each visitor has their own) under an overall cap for the account.
 */
export const ASSISTANT_LIMITS = {
  owner: { name: 'assistant:owner', max: 30, windowSeconds: 300 },
  demoSession: { name: 'assistant:demo-session', max: 15, windowSeconds: 300 },
  /** One visitor's address across the demo sessions they open, so nobody uses up everyone's allowance. */
  demoAddress: { name: 'assistant:demo-address', max: 30, windowSeconds: 300 },
  demoAccount: { name: 'assistant:demo-account', max: 300, windowSeconds: 300 },
} satisfies Record<string, Limit>;

/** The whole answer's budget, and the model's share of it (after which the built-in analyst answers). */
export const ASSISTANT_TIMEOUT_MS = 30_000;
export const MODEL_TIMEOUT_MS = 20_000;
