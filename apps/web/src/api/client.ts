import {
  type ApiErrorBody,
  ApiErrorBodySchema,
  AUTH_ENDPOINTS,
  type JsonEndpoint,
  pathOf,
  type RequestOf,
  type ResponseOf,
  readingOf,
  SessionSchema,
} from '@brade/contract';
import { dropEarlyAnswers, takeEarlyAnswer } from './early-answers';
import { withRefreshLock } from './refresh-lock';
import { clearSession, stored, storeTokens } from './session';
import { sessionExpired } from './session-expiry';

export type { ApiErrorBody };

/**
 * A call that gave no usable answer: a non-2xx status, or a 2xx whose body is not what the endpoint declares.
 * `body` is the server's error body when it sent one (the spec's "an error field", also on a 200), else null.
 */
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

  /** Why, when the server gave a reason beyond its sentence (a common password). */
  get reason(): string | undefined {
    return this.body?.reason || undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface CallOptions {
  /** A token the caller holds (the password-recovery session, the tokens sign-out spends): sent, never refreshed. */
  bearer?: string;
  signal?: AbortSignal;
}

/** The arguments after the endpoint: its request when it has path parameters or a body, then the options. */
type CallArgs<E extends JsonEndpoint> =
  object extends RequestOf<E>
    ? [request?: RequestOf<E>, options?: CallOptions]
    : [request: RequestOf<E>, options?: CallOptions];

export { setSessionExpiredHandler } from './session-expiry';

/**
 * Calls one endpoint of the contract: builds its path, sends its body, and reads the answer with the endpoint's
 * schema. A 'session' endpoint sends the stored access token and, on a 401, refreshes once and retries once.
 */
export function call<E extends JsonEndpoint>(endpoint: E, ...[request, options]: CallArgs<E>) {
  return callEndpoint(endpoint, request, options);
}

/** `call` for code that is generic over endpoints (the request is then not optional by type). */
export async function callEndpoint<E extends JsonEndpoint>(
  endpoint: E,
  request: RequestOf<E> | undefined,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const parts: { params?: Record<string, string>; body?: unknown } = request ?? {};
  const outgoing: Outgoing = {
    method: endpoint.method,
    path: pathOf(endpoint, parts.params),
    body: parts.body,
    signal: options.signal,
  };
  const refreshes = endpoint.auth === 'session' && options.bearer === undefined;
  const bearer = refreshes ? stored.accessToken() : (options.bearer ?? null);
  const early = earlyAnswerOf(outgoing, refreshes ? bearer : null);
  const response = (early && (await adoptable(early))) || (await send(outgoing, bearer));
  if (response.status !== 401 || !refreshes) return read(endpoint, response);

  if (!(await refreshSession())) {
    clearSession();
    sessionExpired();
    return read(endpoint, response);
  }
  // One retry with the new token; a second 401 is reported as it is, never refreshed again.
  return read(endpoint, await send(outgoing, stored.accessToken()));
}

/**
 * The answer the page's early-start script already asked for this call (api/early-answers.ts), when it is the very
 * same call: GET, the same path, the same access token, no signal to cancel it by. Any other call drops the early
 * answers left, so none is read after a change.
 */
function earlyAnswerOf({ method, path, signal }: Outgoing, bearer: string | null): Promise<Response> | undefined {
  if (method !== 'GET') {
    dropEarlyAnswers();
    return undefined;
  }
  return signal ? undefined : takeEarlyAnswer(path, bearer);
}

/** A 401 or a failed request is not adopted: the call then goes its normal way (sent, and refreshed on a 401). */
async function adoptable(early: Promise<Response>): Promise<Response | undefined> {
  const response = await early.catch(() => undefined);
  if (response?.status !== 401) return response;
  void response.body?.cancel().catch(() => {});
  return undefined;
}

interface Outgoing {
  method: string;
  path: string;
  /** JSON, or a file's bytes (the profile photo) sent as they are. */
  body: unknown;
  signal: AbortSignal | undefined;
}

function send({ method, path, body, signal }: Outgoing, bearer: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const bytes = body instanceof Blob;
  if (body !== undefined) headers['Content-Type'] = bytes ? 'application/octet-stream' : 'application/json';
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  return fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : bytes ? body : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
}

async function read<E extends JsonEndpoint>(endpoint: E, response: Response): Promise<ResponseOf<E>> {
  const data = await jsonOf(response);
  if (response.ok) {
    const answer = readingOf(endpoint).safeParse(data);
    if (answer.success) return answer.data;
  }
  // Not the declared answer: the server's error body when there is one (also "a 200 carrying error"), else none.
  const error = ApiErrorBodySchema.safeParse(data);
  const carriesError = error.success && (!response.ok || error.data.error !== undefined);
  throw new ApiError(response.status, carriesError ? error.data : null);
}

/** The body as JSON; undefined when it is empty or not JSON (a proxy's page). */
async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
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
  const endpoint = AUTH_ENDPOINTS.refreshToken;
  const outgoing = { method: endpoint.method, path: endpoint.path, signal: undefined };
  const response = await send({ ...outgoing, body: { refresh_token: refreshToken } }, null);
  if (!response.ok) return false;
  const tokens = SessionSchema.safeParse(await jsonOf(response));
  if (!tokens.success) return false;
  storeTokens(tokens.data);
  return true;
}
