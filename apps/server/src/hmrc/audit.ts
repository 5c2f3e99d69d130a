import type { Db } from '../db/client.js';
import { hmrcAuditLog } from './tables.js';

/** Who acted: the owner's session and the address the request came from (docs/hmrc.md, "Audit"). */
export interface Actor {
  userId: string;
  sessionId: string | null;
  clientIp: string | null;
}

export type AuditAction = 'connect' | 'disconnect' | 'submit_vat_return' | 'send_quarterly_update';

/** One line of the HMRC audit log; written in the caller's transaction when it has one. */
export async function audit(
  db: Db,
  actor: Actor,
  action: AuditAction,
  outcome: string,
  detail: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await db.insert(hmrcAuditLog).values({
    userId: actor.userId,
    sessionId: actor.sessionId,
    clientIp: actor.clientIp,
    action,
    outcome,
    detail,
    at,
  });
}
