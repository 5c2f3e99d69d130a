/**
 * Answers to a signed-in page's first GET calls, asked by the page's early-start script before the app's code has
 * loaded (apps/web/early-start.mjs writes the script; the server adds it to the page's HTML, docs/architecture.md,
 * "How a signed-in page starts"). The client (`client.ts`) adopts one when it is about to ask exactly the same call
 * with exactly the same token; each answer is taken at most once, and unclaimed ones are dropped after a short time.
 */

/** Where the early-start script leaves its answers for the app. */
export const EARLY_ANSWERS_GLOBAL = '__bradeEarlyAnswers';

/** The owner id in a call's path as recorded at build time; the script puts the stored id in its place. */
export const OWNER_ID_MARKER = '00000000-0000-4000-8000-00000000b4de';

/** An answer not claimed within this long is dropped: the app asks afresh. */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

/** One call asked early: its path, the token it carried, when it was asked, and its answer. */
export interface EarlyAnswer {
  token: string;
  at: number;
  response: Promise<Response>;
}

/** What the early-start script leaves on `window[EARLY_ANSWERS_GLOBAL]`: answers by path (GET calls only). */
export type EarlyAnswers = Map<string, EarlyAnswer>;

export interface EarlyStartConfig {
  /** The localStorage keys of the owner id and the access token (STORAGE_KEYS). */
  idKey: string;
  tokenKey: string;
  global: string;
  marker: string;
  maxAgeMs: number;
}

/**
 * The early-start script's body, run in the page as soon as the browser has it (before the app's modules): for the
 * page's address, asks its first GET calls with the stored session, the same requests the client would send.
 * No stored id or token: nothing is asked. Serialised as it is into the script (apps/web/early-start.mjs), so it
 * uses nothing but its arguments and the browser's globals.
 */
export function startEarlyCalls(callsByPath: Record<string, string[]>, config: EarlyStartConfig): void {
  const templates = callsByPath[location.pathname];
  if (!templates?.length) return;
  let id: string | null = null;
  let token: string | null = null;
  try {
    id = localStorage.getItem(config.idKey);
    token = localStorage.getItem(config.tokenKey);
  } catch {
    return;
  }
  if (!id || !token) return;
  const answers: EarlyAnswers = new Map();
  const at = performance.now();
  for (const template of templates) {
    // Same-origin paths only: the token never leaves for another origin.
    if (template.charAt(0) !== '/' || template.charAt(1) === '/') continue;
    const path = template.split(config.marker).join(encodeURIComponent(id));
    const response = fetch(path, {
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    });
    // A failed call is the app's to ask again; never an unhandled rejection.
    response.catch(() => {});
    answers.set(path, { token, at, response });
  }
  Object.defineProperty(window, config.global, { value: answers, configurable: true });
  // Not claimed in time: dropped, and each body released.
  setTimeout(() => {
    for (const answer of answers.values()) void answer.response.then((r) => r.body?.cancel()).catch(() => {});
    answers.clear();
  }, config.maxAgeMs);
}

/**
 * The early answer to `GET path` asked with `token`, taken once: undefined when none was asked for that path, when
 * it carried another token, or when it is older than EARLY_ANSWER_MAX_AGE_MS. A call taken with another token is
 * dropped, not kept for a later one.
 */
export function takeEarlyAnswer(path: string, token: string | null): Promise<Response> | undefined {
  const answers = (globalThis as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL] as EarlyAnswers | undefined;
  if (!(answers instanceof Map) || !token) return undefined;
  const answer = answers.get(path);
  if (!answer) return undefined;
  answers.delete(path);
  if (answer.token !== token || performance.now() - answer.at > EARLY_ANSWER_MAX_AGE_MS) {
    void answer.response.then((r) => r.body?.cancel()).catch(() => {});
    return undefined;
  }
  return answer.response;
}

/** Drops every early answer not yet taken (the app has changed something: none may be read after it). */
export function dropEarlyAnswers(): void {
  const answers = (globalThis as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL];
  if (!(answers instanceof Map) || answers.size === 0) return;
  for (const answer of (answers as EarlyAnswers).values()) {
    void answer.response.then((r) => r.body?.cancel()).catch(() => {});
  }
  answers.clear();
}
