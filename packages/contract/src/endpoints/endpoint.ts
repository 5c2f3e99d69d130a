import { z } from 'zod';

/**
 * Who may call an endpoint:
 * - 'none': anyone (sign-up, sign-in, the OTP and reset requests, the token refresh, links opened from e-mails);
 * - 'session': the signed-in owner's access token (`Authorization: Bearer`); the web refreshes it once on a 401;
 * - 'recovery': the password-recovery session's own token, which the caller holds and which is never refreshed.
 */
export type EndpointAuth = 'none' | 'session' | 'recovery';

/**
 * What a call answers: JSON checked against a schema, or something that is not JSON (a redirect, an image),
 * which only the server declares and the web never reads through the client.
 */
export type EndpointAnswer = z.ZodType | 'redirect' | 'file';

/** One call of the API, declared once: the server registers it and the web calls it from this declaration. */
export interface Endpoint<Path extends string = string> {
  method: 'GET' | 'POST';
  /** Fastify's syntax: path parameters are `:name` segments ('/api/database/get-user-details/:id'). */
  path: Path;
  auth: EndpointAuth;
  /** The OpenAPI tag the endpoint is listed under in /api/docs. */
  tag: string;
  /** The path parameters; required when the path has any. */
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body's schema, or 'bytes' for a raw upload whose type the server decides from its content. */
  body?: z.ZodType | 'bytes';
  answer: EndpointAnswer;
  /**
   * How a client reads the answer where the spec is lenient ("goals keep defaults", "also seen as profilePhoto"):
   * same output as `answer`, which the server always sends. Declared with `lenient()`.
   */
  read?: z.ZodType;
  /** What a screen shows when the call fails (docs/product.md, "Failures"), for the calls the spec gives one. */
  fallback?: unknown;
  /** The name a client calls it by (/api/docs `operationId`): its key in its area's table unless it names one. */
  operationId: string;
  /** One line on what the call does, for /api/docs. */
  summary: string;
  /**
   * Error answers its auth and input do not imply (errorAnswersOf): 429 when it spends an allowance, 401 when it
   * checks credentials it is given, 403 when it changes the owner's data (the demo account is read-only), 404 for a
   * named thing that may not be there, 409 for a state that forbids it, 422 for a refusal by the provider it calls,
   * 502 when that provider fails.
   */
  errors?: readonly ErrorStatus[];
}

/** The statuses of the error answers an endpoint may declare beyond those errorAnswersOf derives. */
export type ErrorStatus = 401 | 403 | 404 | 409 | 422 | 429 | 502 | 503;

/** The keys of a JSON body's object, through the refinements and pipes around it. */
function bodyKeys(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return bodyKeys(schema.in);
  return [];
}

/**
 * Every error answer an endpoint may give, each in the one error shape (api-error.ts; docs/architecture.md, "The API's
 * conventions"): 400 for any call (a schema's refusal, and for every call a NUL byte, a lone surrogate or an over-long
 * text anywhere in its address or body), 401 when it needs a session or a recovery token, 404 when a signed-in call
 * names an owner (another owner's id is "not found"), 503 for any call (starting, stopping, or without its database),
 * and what it declares itself.
 */
export function errorAnswersOf(endpoint: Endpoint): number[] {
  const namesOwner =
    endpoint.auth === 'session' &&
    (/:(id|user_id)\b/.test(endpoint.path) || bodyKeys(endpoint.body).some((key) => key === 'id' || key === 'user_id'));
  const statuses = new Set<number>([
    400,
    ...(endpoint.auth === 'none' ? [] : [401]),
    ...(namesOwner ? [404] : []),
    503,
    ...(endpoint.errors ?? []),
  ]);
  return [...statuses].sort((a, b) => a - b);
}

/** The names of a path's `:name` segments: 'id' for '/api/database/get-user-details/:id'. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsPart<E extends Endpoint> = [PathParamNames<E['path']>] extends [never]
  ? unknown
  : { params: Record<PathParamNames<E['path']>, string> };
type BodyPart<E extends Endpoint> = E['body'] extends 'bytes'
  ? { body: Blob }
  : E['body'] extends z.ZodType
    ? { body: z.input<E['body']> }
    : unknown;

/** What a caller sends: the path parameters and the body, each only when the endpoint has them. */
export type RequestOf<E extends Endpoint> = ParamsPart<E> & BodyPart<E>;

/** The JSON body of a 2xx answer, as the endpoint's schema reads it. */
export type ResponseOf<E extends Endpoint> = E['answer'] extends z.ZodType ? z.output<E['answer']> : never;

/** An endpoint the web can read through its client: one that answers JSON. */
export type JsonEndpoint = Endpoint & { answer: z.ZodType };

/**
 * The schema a client reads an endpoint's answer with: its lenient reading where the spec gives one, else the
 * answer itself. `lenient()` types the reading by the answer's own output, which TypeScript cannot see through
 * the table's generic type; this is the one place that says so.
 */
export function readingOf<E extends JsonEndpoint>(endpoint: E): z.ZodType<ResponseOf<E>, unknown> {
  return (endpoint.read ?? endpoint.answer) as z.ZodType<ResponseOf<E>, unknown>;
}

/** An endpoint with the spec's fallback for a failed call. */
export type EndpointWithFallback = JsonEndpoint & { fallback: unknown };

/**
 * The answer of an endpoint with the spec's leniency beside it: a lenient reading and a fallback, both typed by
 * the answer's schema, so a renamed field breaks them too.
 */
export function lenient<A extends z.ZodType, F extends z.output<A> | undefined = undefined>(
  answer: A,
  options: { read?: z.ZodType<z.output<A>, unknown>; fallback?: F },
): { answer: A; read?: z.ZodType<z.output<A>, unknown>; fallback: F } {
  return { answer, ...options, fallback: options.fallback as F };
}

/**
 * Declares an area's endpoints under one tag, each named by its key (its `operationId`) unless it names itself.
 * `const` keeps each path a literal type, so path parameters and bodies are checked where the endpoint is called.
 */
export function endpoints<
  const T extends Record<string, Omit<Endpoint, 'tag' | 'operationId'> & { operationId?: string }>,
>(tag: string, table: T): { [K in keyof T]: T[K] & { tag: string; operationId: string } } {
  return Object.fromEntries(
    Object.entries(table).map(([name, e]) => [name, { ...e, tag, operationId: e.operationId ?? name }]),
  ) as { [K in keyof T]: T[K] & { tag: string; operationId: string } };
}

/** The path with its parameters filled in, each encoded as one path segment. */
export function pathOf(endpoint: Pick<Endpoint, 'path'>, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${endpoint.path} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
