import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_ANSWER, ProviderError } from './provider-error.js';
import { backoffDelay, DEFAULT_RETRY_POLICY, failureOfStatus, providerRequest, retrying } from './provider-http.js';

/** Answers each request with the next scripted status; counts calls. */
let script: Array<{ status: number; headers?: Record<string, string>; raw?: string }> = [];
let calls = 0;
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    calls += 1;
    const next = script.shift() ?? { status: 200 };
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(next.raw ?? JSON.stringify(next.status < 400 ? { ok: true } : { message: `status ${next.status}` }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1/things`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const fast = { initialDelayMs: 1, maxDelayMs: 5 };
const describeError = (status: number, body: unknown, headers: Headers) =>
  new ProviderError(
    'test',
    failureOfStatus(status),
    String((body as { message?: string })?.message),
    status,
    headers.get('retry-after') ? Number(headers.get('retry-after')) : null,
  );
const call = (retry = fast) => providerRequest<{ ok: boolean }>({ provider: 'test', url, describeError, retry });

describe('provider requests', () => {
  it('retries 429 and 5xx answers until one succeeds', async () => {
    script = [{ status: 429, headers: { 'retry-after': '0' } }, { status: 500 }, { status: 503 }];
    calls = 0;
    expect((await call()).body).toEqual({ ok: true });
    expect(calls).toBe(4);
  });

  it('retries a 200 whose JSON is cut off, and names it when it stays so', async () => {
    script = [{ status: 200, raw: '{"data":[{"id":"tx' }];
    calls = 0;
    expect((await call()).body).toEqual({ ok: true });
    expect(calls).toBe(2);
    script = Array.from({ length: 4 }, () => ({ status: 200, raw: '<html>maintenance</html>' }));
    calls = 0;
    await expect(call()).rejects.toMatchObject({ failure: 'retryable', providerCode: MALFORMED_ANSWER });
    expect(calls).toBe(4);
  });

  it('gives up after the attempt limit with the last error', async () => {
    script = [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }];
    calls = 0;
    await expect(call()).rejects.toMatchObject({ failure: 'retryable', status: 500 });
    expect(calls).toBe(DEFAULT_RETRY_POLICY.attempts);
  });

  it('never retries other 4xx answers', async () => {
    for (const [status, failure] of [
      [400, 'rejected'],
      [401, 'reauthorize'],
      [404, 'rejected'],
    ] as const) {
      script = [{ status }];
      calls = 0;
      await expect(call()).rejects.toMatchObject({ failure, status });
      expect(calls).toBe(1);
    }
  });

  it('hands a long Retry-After to the caller instead of waiting', async () => {
    script = [{ status: 429, headers: { 'retry-after': '3600' } }];
    calls = 0;
    await expect(call()).rejects.toMatchObject({ retryAfterSeconds: 3600 });
    expect(calls).toBe(1);
  });

  it('treats an unreachable provider as retryable', async () => {
    await expect(
      providerRequest({
        provider: 'test',
        url: 'http://127.0.0.1:1/x',
        describeError,
        retry: { ...fast, attempts: 2 },
      }),
    ).rejects.toMatchObject({ failure: 'retryable', message: 'Could not reach test: network error.' });
  });

  it('keeps backoff within half and all of the capped exponential delay', () => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const cap = Math.min(5000, 500 * 2 ** attempt);
      expect(backoffDelay(attempt, DEFAULT_RETRY_POLICY, () => 0)).toBe(cap / 2);
      expect(backoffDelay(attempt, DEFAULT_RETRY_POLICY, () => 0.999999)).toBeLessThanOrEqual(cap);
    }
  });

  it('applies the same policy around SDK calls', async () => {
    let n = 0;
    const result = await retrying(async () => {
      n += 1;
      if (n < 3) throw new ProviderError('sdk', 'retryable', 'busy', 503);
      return 'done';
    }, fast);
    expect(result).toBe('done');
    await expect(
      retrying(async () => {
        throw new ProviderError('sdk', 'rejected', 'bad', 400);
      }, fast),
    ).rejects.toMatchObject({ failure: 'rejected' });
  });
});
