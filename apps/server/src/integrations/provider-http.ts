import { MALFORMED_ANSWER, ProviderError } from './provider-error.js';

export interface RetryPolicy {
  /** Attempts in total, the first included. */
  attempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for in-process: the error goes up for the job to reschedule. */
  maxRetryAfterSeconds: number;
  timeoutMs: number;
}

/** stripe-node's anchors (docs/providers.md): 0.5 s initial, 5 s cap, jitter; a short timeout. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 4,
  initialDelayMs: 500,
  maxDelayMs: 5_000,
  maxRetryAfterSeconds: 30,
  timeoutMs: 20_000,
};

export interface ProviderRequest {
  provider: string;
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON unless `form` is true (application/x-www-form-urlencoded). */
  body?: Record<string, unknown>;
  form?: boolean;
  /** Turns a non-2xx answer into a ProviderError with the provider's own wording. */
  describeError: (status: number, body: unknown, headers: Headers) => ProviderError;
  retry?: Partial<RetryPolicy>;
  /**
   * False for a call that must not happen twice (filing a return): only a 429, which says the request was not
   * processed, is retried; a timeout, a lost connection or a 5xx leaves it unknown whether the provider acted, so
   * the error goes to the caller at once.
   */
  idempotent?: boolean;
}

export interface ProviderResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Full jitter between half and all of the capped exponential delay, so many clients do not retry in step. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random = Math.random): number {
  const capped = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** attempt);
  return Math.round(capped * (0.5 + random() * 0.5));
}

export function retryAfterSeconds(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}

/**
 * One HTTP call to a provider with a timeout and bounded, jittered retries of 429, 5xx and network failures.
 * Other 4xx answers are never retried. A Retry-After too long to wait for in-process is raised to the caller.
 */
export async function providerRequest<T>(request: ProviderRequest): Promise<ProviderResponse<T>> {
  const policy = { ...DEFAULT_RETRY_POLICY, ...request.retry };
  let lastError: ProviderError | null = null;
  for (let attempt = 0; attempt < policy.attempts; attempt += 1) {
    if (attempt > 0 && lastError) {
      const asked = lastError.retryAfterSeconds;
      if (asked !== null && asked > policy.maxRetryAfterSeconds) throw lastError;
      await sleep(asked !== null ? asked * 1000 : backoffDelay(attempt - 1, policy));
    }
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(request.body
            ? { 'content-type': request.form ? 'application/x-www-form-urlencoded' : 'application/json' }
            : {}),
          ...request.headers,
        },
        body: request.body ? encodeBody(request.body, request.form === true) : undefined,
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
    } catch (error) {
      lastError = new ProviderError(
        request.provider,
        'retryable',
        `Could not reach ${request.provider}: ${(error as Error).name === 'TimeoutError' ? 'no answer in time' : 'network error'}.`,
      );
      if (request.idempotent === false) throw lastError;
      continue;
    }
    const text = await response.text();
    const body = parseJson(text);
    if (response.ok && typeof body === 'string') {
      lastError = new ProviderError(
        request.provider,
        'retryable',
        `${request.provider} sent an answer that is not valid JSON.`,
        response.status,
        null,
        MALFORMED_ANSWER,
      );
      continue;
    }
    if (response.ok) return { status: response.status, body: body as T, headers: response.headers };
    const error = request.describeError(response.status, body, response.headers);
    if (error.failure !== 'retryable' || (request.idempotent === false && response.status !== 429)) throw error;
    lastError = error;
  }
  throw lastError!;
}

/**
 * The same retry policy around any call that throws ProviderError (e.g. an official SDK call whose own retries
 * are switched off and whose errors are mapped to ProviderError).
 */
export async function retrying<T>(fn: () => Promise<T>, retry: Partial<RetryPolicy> = {}): Promise<T> {
  const policy = { ...DEFAULT_RETRY_POLICY, ...retry };
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      if (!(error instanceof ProviderError) || error.failure !== 'retryable' || attempt + 1 >= policy.attempts)
        throw error;
      const asked = error.retryAfterSeconds;
      if (asked !== null && asked > policy.maxRetryAfterSeconds) throw error;
      await sleep(asked !== null ? asked * 1000 : backoffDelay(attempt, policy));
    }
  }
}

function encodeBody(body: Record<string, unknown>, form: boolean): string {
  if (!form) return JSON.stringify(body);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body))
    if (value !== undefined && value !== null) params.set(key, String(value));
  return params.toString();
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The usual split: 429/5xx retry, 401/403 need the owner to reconnect, other 4xx are rejections. */
export function failureOfStatus(status: number): 'retryable' | 'reauthorize' | 'rejected' {
  if (status === 429 || status >= 500) return 'retryable';
  if (status === 401 || status === 403) return 'reauthorize';
  return 'rejected';
}
