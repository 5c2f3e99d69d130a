import type { HmrcConnection } from '@brade/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { TokenCipher } from '../integrations/token-cipher.js';
import { GRANT_MONTHS, type HmrcTokens } from './hmrc-oauth.js';
import { hmrcConnections } from './tables.js';

export type HmrcConnectionRow = typeof hmrcConnections.$inferSelect;
const TABLE = 'hmrc_connections';

/** What a connection row keeps sealed (docs/security-decisions.md, "Provider credentials at rest"). */
interface SealedTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: string;
}

export function readTokens(cipher: TokenCipher, row: HmrcConnectionRow): HmrcTokens | null {
  if (!row.credentials) return null;
  const sealed = JSON.parse(
    cipher.decrypt(row.credentials, { table: TABLE, rowId: row.id, userId: row.userId }),
  ) as SealedTokens;
  return { ...sealed, accessExpiresAt: new Date(sealed.accessExpiresAt), scopes: row.scopes };
}

const seal = (cipher: TokenCipher, row: Pick<HmrcConnectionRow, 'id' | 'userId'>, tokens: HmrcTokens) =>
  cipher.encrypt(
    JSON.stringify({
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessExpiresAt: tokens.accessExpiresAt.toISOString(),
    } satisfies SealedTokens),
    { table: TABLE, rowId: row.id, userId: row.userId },
  );

/** 18 months after a grant (the same day of the month, or that month's last), when its refresh tokens stop working. */
export function renewUntil(now: Date): Date {
  const until = new Date(now);
  const day = until.getUTCDate();
  until.setUTCDate(1);
  until.setUTCMonth(until.getUTCMonth() + GRANT_MONTHS);
  const last = new Date(Date.UTC(until.getUTCFullYear(), until.getUTCMonth() + 1, 0)).getUTCDate();
  until.setUTCDate(Math.min(day, last));
  return until;
}

export async function findHmrcConnection(db: Db, userId: string): Promise<HmrcConnectionRow | undefined> {
  const [row] = await db.select().from(hmrcConnections).where(eq(hmrcConnections.userId, userId));
  return row;
}

/** A new grant (or a renewed one) replaces whatever the owner had: tokens sealed to the row, 18 months from now. */
export async function saveHmrcGrant(
  db: Db,
  cipher: TokenCipher,
  input: { userId: string; tokens: HmrcTokens; sandbox: boolean; now: Date },
): Promise<HmrcConnectionRow> {
  return db.transaction(async (tx) => {
    const fields = {
      status: 'connected' as const,
      credentials: null,
      scopes: input.tokens.scopes,
      grantedAt: input.now,
      renewUntil: renewUntil(input.now),
      sandbox: input.sandbox,
      problem: null,
      refreshLeaseUntil: null,
      updatedAt: input.now,
    };
    const [row] = await tx
      .insert(hmrcConnections)
      .values({ userId: input.userId, ...fields })
      .onConflictDoUpdate({ target: hmrcConnections.userId, set: fields })
      .returning();
    const credentials = seal(cipher, row!, input.tokens);
    await tx.update(hmrcConnections).set({ credentials }).where(eq(hmrcConnections.id, row!.id));
    return { ...row!, credentials };
  });
}

/** Refreshed tokens, written only by the request holding the refresh lease, which it gives back. */
export async function saveRefreshedTokens(
  db: Db,
  cipher: TokenCipher,
  row: HmrcConnectionRow,
  tokens: HmrcTokens,
  now: Date,
) {
  const [saved] = await db
    .update(hmrcConnections)
    .set({ credentials: seal(cipher, row, tokens), refreshLeaseUntil: null, updatedAt: now })
    .where(eq(hmrcConnections.id, row.id))
    .returning();
  return saved!;
}

/**
 * Claims the right to refresh for `seconds` (one UPDATE, so two requests or two instances never spend the same
 * single-use refresh token): true when this request holds it. Only while the sealed tokens are still the ones the
 * caller read: a request that read them just before another finished its refresh would otherwise claim the freed
 * lease and spend a refresh token HMRC has already taken back.
 */
export async function claimRefreshLease(
  db: Db,
  row: Pick<HmrcConnectionRow, 'id' | 'credentials'>,
  now: Date,
  seconds: number,
): Promise<boolean> {
  if (row.credentials === null) return false;
  const claimed = await db
    .update(hmrcConnections)
    .set({ refreshLeaseUntil: new Date(now.getTime() + seconds * 1000) })
    .where(
      and(
        eq(hmrcConnections.id, row.id),
        eq(hmrcConnections.status, 'connected'),
        eq(hmrcConnections.credentials, row.credentials),
        or(isNull(hmrcConnections.refreshLeaseUntil), lt(hmrcConnections.refreshLeaseUntil, now)),
      ),
    )
    .returning({ id: hmrcConnections.id });
  return claimed.length > 0;
}

export async function releaseRefreshLease(db: Db, id: string): Promise<void> {
  await db.update(hmrcConnections).set({ refreshLeaseUntil: null }).where(eq(hmrcConnections.id, id));
}

/** HMRC no longer accepts the grant: the tokens are forgotten and the owner is told why. */
export async function markNeedsReconnect(db: Db, id: string, problem: string, now: Date): Promise<void> {
  await db
    .update(hmrcConnections)
    .set({ status: 'needs_reconnect', credentials: null, problem, refreshLeaseUntil: null, updatedAt: now })
    .where(eq(hmrcConnections.id, id));
}

export async function deleteHmrcConnection(db: Db, userId: string): Promise<void> {
  await db.delete(hmrcConnections).where(eq(hmrcConnections.userId, userId));
}

export function hmrcConnectionSummary(row: HmrcConnectionRow | undefined): HmrcConnection {
  if (!row)
    return { status: 'not_connected', since: null, scopes: [], renew_until: null, sandbox: false, problem: null };
  return {
    status: row.status,
    since: row.grantedAt.toISOString(),
    scopes: row.scopes,
    renew_until: row.renewUntil.toISOString(),
    sandbox: row.sandbox,
    problem: row.problem,
  };
}
