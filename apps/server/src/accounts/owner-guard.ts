import type { Db } from '../db/client.js';
import { demoReadOnly, notFound } from '../http/http-error.js';
import { findUserById, type User } from './users.js';

/**
 * The owner about to change something of theirs. The demo account reads everything but changes nothing
 * (DESIGN.md section 7): `what` completes "The demo account is read-only: … cannot be changed."
 */
export async function ownerForWrite(db: Db, userId: string, what: string): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  if (user.isDemo) throw demoReadOnly(what);
  return user;
}
