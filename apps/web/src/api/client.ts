import { withRefreshLock } from './refresh-lock';
import { clearSession, type SessionTokens, stored, storeTokens } from './session';

/**
 * The server's error body (docs/architecture.md, "The API's conventions"). Any part may be missing when a proxy answers
 * instead.
 */
export interface ApiErrorBody {
  error?: string;
  code?: string;
  fields?: Record<string, string>;
}

/** A non-2xx answer. `body` is null when the answer was not JSON (a proxy page, an empty body). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null) {
    super(body?.error || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's own sentence, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.error || undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * How a call authenticates:
 * - 'session': the stored access token; a 401 triggers one token refresh and one retry.
 * - 'none': no Authorization header and never a refresh (sign-in, sign-up, OTP, reset request).
 * - { bearer }: a token the caller holds (the password-recovery session), never refreshed.
 */
export type AuthMode = 'session' | 'none' | { bearer: string };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  auth?: AuthMode;
  signal?: AbortSignal;
}

let onSessionExpired: () => void = () => window.location.assign('/login');

/** The app hands over its router so an expired session becomes a client-side navigation to /login. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const auth = options.auth ?? 'session';
  const response = await send(path, options, bearerFor(auth));
  if (response.status !== 401 || auth !== 'session') return read<T>(response);

  if (!(await refreshSession())) {
    clearSession();
    onSessionExpired();
    return read<T>(response);
  }
  // One retry with the new token; a second 401 is reported as it is, never refreshed again.
  return read<T>(await send(path, options, stored.accessToken()));
}

function bearerFor(auth: AuthMode): string | null {
  if (auth === 'none') return null;
  if (auth === 'session') return stored.accessToken();
  return auth.bearer;
}

function send(path: string, options: RequestOptions, bearer: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  return fetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
}

async function read<T>(response: Response): Promise<T> {
  const text = await response.text();
  let data: unknown = null;
  let parsed = text === '';
  if (text !== '') {
    try {
      data = JSON.parse(text);
      parsed = true;
    } catch {
      // Not JSON: reported below as an error without a body.
    }
  }
  if (!response.ok || !parsed) {
    const body = parsed && data !== null && typeof data === 'object' ? (data as ApiErrorBody) : null;
    throw new ApiError(response.status, body);
  }
  return data as T;
}

/**
 * Refresh tokens rotate and a reused one revokes the whole session family, so calls that hit 401 together
 * share a single refresh instead of each spending the same token.
 */
let refreshInFlight: Promise<boolean> | null = null;

function refreshSession(): Promise<boolean> {
  refreshInFlight ??= refreshOnce().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** True when new tokens are stored; false when the server refused. A network failure is thrown, not a sign-out. */
function refreshOnce(): Promise<boolean> {
  const seen = stored.refreshToken();
  return withRefreshLock(async () => {
    const refreshToken = stored.refreshToken();
    if (!refreshToken) return false;
    // Another tab refreshed while this one waited for the lock: its new tokens are already stored.
    if (refreshToken !== seen) return true;
    return spendRefreshToken(refreshToken);
  });
}

async function spendRefreshToken(refreshToken: string): Promise<boolean> {
  const response = await send('/api/refresh_token', { method: 'POST', body: { refresh_token: refreshToken } }, null);
  if (!response.ok) return false;
  const tokens = (await response.json().catch(() => null)) as SessionTokens | null;
  if (typeof tokens?.access_token !== 'string' || typeof tokens.refresh_token !== 'string') return false;
  storeTokens(tokens);
  return true;
}
