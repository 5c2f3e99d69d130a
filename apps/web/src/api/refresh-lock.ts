/**
 * Tabs of one browser share the stored tokens, and a refresh token works once (a second use revokes the whole
 * session, docs/security-decisions.md). Refreshes therefore run one at a time across tabs, under a Web Lock: a
 * tab that waited finds the token already rotated by another and uses the new one instead of spending the old.
 */
const LOCK_NAME = 'brade-token-refresh';

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function lockManager(): LockManagerLike | null {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

/** Runs `refresh` alone across the browser's tabs (where the Web Locks API exists; else in this tab only). */
export function withRefreshLock<T>(refresh: () => Promise<T>): Promise<T> {
  const locks = lockManager();
  return locks ? locks.request(LOCK_NAME, refresh) : refresh();
}
