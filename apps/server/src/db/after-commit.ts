/**
 * Work that must wait for a transaction's commit (mail delivery: the outbox row is invisible to the sender until
 * then), registered where the row is written instead of at every call site. docs/architecture.md, "Recurring and
 * after-commit work".
 */

type Callbacks = Array<() => void>;
type Transactional = { transaction: (fn: (tx: never) => Promise<unknown>, ...rest: never[]) => Promise<unknown> };

/** The callbacks of each open transaction object (a savepoint's own until it is released). */
const open = new WeakMap<object, Callbacks>();

/**
 * Runs `callback` once `db`'s transaction has committed; at once when `db` is no transaction (each statement
 * commits by itself). A transaction that rolls back drops its callbacks.
 */
export function afterCommit(db: object, callback: () => void): void {
  const callbacks = open.get(db);
  if (callbacks) callbacks.push(callback);
  else callback();
}

/** Makes `db.transaction` (and the savepoints inside it) honour afterCommit; openDatabase calls it once per handle. */
export function trackCommits<T extends object>(db: T): T {
  const handle = db as unknown as Transactional;
  const begin = handle.transaction.bind(handle);
  handle.transaction = async (fn, ...rest) => {
    const callbacks: Callbacks = [];
    const result = await begin(
      ((tx: object) => {
        trackSavepoints(tx as Transactional, callbacks);
        return fn(tx as never);
      }) as never,
      ...rest,
    );
    for (const callback of callbacks) callback();
    return result;
  };
  return db;
}

function trackSavepoints(tx: Transactional, outer: Callbacks): void {
  open.set(tx, outer);
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = async (fn, ...rest) => {
    const inner: Callbacks = [];
    const result = await savepoint(
      ((nested: object) => {
        trackSavepoints(nested as Transactional, inner);
        return fn(nested as never);
      }) as never,
      ...rest,
    );
    // Released: its work now commits or rolls back with the outer transaction.
    outer.push(...inner);
    return result;
  };
}
