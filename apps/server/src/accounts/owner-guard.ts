import type { Db } from '../db/client.js';
import { demoReadOnly, notFound } from '../http/http-error.js';
import { findUserById, type User } from './users.js';

/**
 * The one demo-account write guard. The demo account reads everything but changes nothing (docs/sandbox.md, "The
 * demo account"): `what` completes "The demo account is read-only: … cannot be changed."
 */
export function refuseDemoWrite(user: Pick<User, 'isDemo'>, what: string): void {
  if (user.isDemo) throw demoReadOnly(what);
}

/** The owner about to change something of theirs: not found when the account is gone, refused for the demo. */
export async function ownerForWrite(db: Db, userId: string, what: string): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  refuseDemoWrite(user, what);
  return user;
}
