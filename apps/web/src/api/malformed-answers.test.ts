import { ALL_ENDPOINTS, type JsonEndpoint, STORAGE_KEYS } from '@brade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { ApiError, callEndpoint } from './client';
import { loadOrFallback } from './fallback';

/**
 * Every endpoint the web can read, given a 2xx body that is not what it declares: the call ends in an ApiError
 * (which the screens turn into the spec's sentence or fallback), or, where the spec is lenient, in a well-formed
 * answer with the defaults filled in. Never a TypeError from reading a field of something else.
 */
const MALFORMED: Array<[string, () => Response]> = [
  ['an empty object', () => jsonResponse(200, {})],
  ['a list', () => jsonResponse(200, [1, 2])],
  ['null', () => jsonResponse(200, null)],
  ['a string', () => jsonResponse(200, 'ok')],
  ['every field a string', () => jsonResponse(200, { value: 'x', banks: 'x', connection: 'x', report: 'x' })],
  ['no body', () => new Response('', { status: 200 })],
  ['not JSON', () => new Response('<html>Gateway</html>', { status: 200 })],
];

const jsonEndpoints = ALL_ENDPOINTS.filter((e): e is JsonEndpoint => typeof e.answer === 'object');
/** Any request will do: the answer, not the request, is under test. */
const request = (endpoint: JsonEndpoint) => ({
  params: { id: 'u-1', file: 'x.webp' },
  body: endpoint.body === 'bytes' ? new Blob(['x']) : {},
});

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'acc');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'ref');
});
afterEach(() => vi.unstubAllGlobals());

describe('a malformed answer from any endpoint', () => {
  it('covers every JSON endpoint of the contract', () => {
    expect(jsonEndpoints.length).toBeGreaterThan(40);
  });

  it.each(MALFORMED)('ends in an ApiError or the lenient defaults, never a crash: %s', async (_what, answer) => {
    const outcomes: string[] = [];
    for (const endpoint of jsonEndpoints) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => answer()),
      );
      const outcome = await callEndpoint(endpoint, request(endpoint)).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      const name = `${endpoint.method} ${endpoint.path}`;
      if ('error' in outcome) {
        if (!(outcome.error instanceof ApiError)) outcomes.push(`${name} threw ${String(outcome.error)}`);
        else if (outcome.error.status !== 200) outcomes.push(`${name} reported status ${outcome.error.status}`);
      } else if (!endpoint.read || !endpoint.answer.safeParse(outcome.value).success) {
        // Only the spec's lenient readings may turn a malformed body into an answer, and it must be well formed.
        outcomes.push(`${name} accepted ${JSON.stringify(outcome.value)}`);
      }
    }
    expect(outcomes).toEqual([]);
  });

  it("shows the spec's fallback where it has one (headline 0, goals defaults, empty lists) and logs", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const withFallback = jsonEndpoints.filter((e) => e.fallback !== undefined);
    expect(withFallback.length).toBe(6);
    for (const endpoint of withFallback) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => jsonResponse(200, { unexpected: true })),
      );
      const loaded = await loadOrFallback(endpoint as JsonEndpoint & { fallback: unknown }, request(endpoint), 'x');
      expect(loaded).toEqual({ data: endpoint.fallback, failed: true });
      expect(endpoint.answer.safeParse(endpoint.fallback).success).toBe(true);
    }
    expect(logged).toHaveBeenCalledTimes(6);
    logged.mockRestore();
  });
});
