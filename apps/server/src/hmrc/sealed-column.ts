import { and, eq, gt, isNotNull, notLike } from 'drizzle-orm';
import type { SealedColumn } from '../integrations/reseal-credentials.js';
import { hmrcConnections } from './tables.js';

/** The HMRC grants' sealed tokens, for the key-rotation job (integrations/reseal-credentials.ts). */
export const HMRC_SEALED_COLUMN: SealedColumn = {
  table: 'hmrc_connections',
  stale: (db, prefix, afterId, limit) =>
    db
      .select({ id: hmrcConnections.id, userId: hmrcConnections.userId, envelope: hmrcConnections.credentials })
      .from(hmrcConnections)
      .where(
        and(
          isNotNull(hmrcConnections.credentials),
          notLike(hmrcConnections.credentials, prefix),
          gt(hmrcConnections.id, afterId),
        ),
      )
      .orderBy(hmrcConnections.id)
      .limit(limit),
  replace: async (db, id, previous, next) =>
    (
      await db
        .update(hmrcConnections)
        .set({ credentials: next })
        .where(and(eq(hmrcConnections.id, id), eq(hmrcConnections.credentials, previous)))
        .returning({ id: hmrcConnections.id })
    ).length > 0,
};
