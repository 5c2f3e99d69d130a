import type { LegalForm, UserDetails } from '@brade/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from './tables.js';

export type User = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function createUser(
  db: Db,
  values: { id?: string; email: string; fullName: string; passwordHash: string; confirmed?: boolean; isDemo?: boolean },
): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({
      ...(values.id ? { id: values.id } : {}),
      email: values.email.toLowerCase(),
      fullName: values.fullName,
      passwordHash: values.passwordHash,
      emailConfirmedAt: values.confirmed ? new Date() : null,
      isDemo: values.isDemo ?? false,
    })
    .returning();
  return user!;
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}

/** A confirmed change of address (auth/email-change.ts); the unique index refuses one another account holds. */
export async function setEmail(db: Db, id: string, email: string): Promise<void> {
  await db.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, id));
}

export interface BusinessDetails {
  fullName: string;
  salonName: string;
  businessAddress: string;
  postcode: string;
  state: string;
  country: string;
  /** Left out: what is saved stays. */
  legalForm?: LegalForm | undefined;
}

export async function recordBusinessDetails(db: Db, id: string, details: BusinessDetails): Promise<void> {
  await db
    .update(users)
    .set({ ...withoutUndefined(details), updatedAt: new Date() })
    .where(eq(users.id, id));
}

const withoutUndefined = <T extends object>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as T;

/** The profile's business section: the same fields as onboarding, without the owner's name. */
export type BusinessSection = Omit<BusinessDetails, 'fullName'>;

export async function updateProfile(
  db: Db,
  id: string,
  changes: Partial<BusinessDetails & { email: string; profilePhoto: string }>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...withoutUndefined(changes), updatedAt: new Date() })
    .where(eq(users.id, id));
}

export interface OwnerWithBusiness {
  id: string;
  email: string;
  fullName: string;
  salonName: string;
}

/** Confirmed owners who gave their salon's name, the demo account left out (it only reads): who gets e-mailed figures. */
export async function listOwnersWithBusiness(db: Db): Promise<OwnerWithBusiness[]> {
  return db
    .select({ id: users.id, email: users.email, fullName: users.fullName, salonName: sql<string>`${users.salonName}` })
    .from(users)
    .where(
      and(
        isNotNull(users.emailConfirmedAt),
        eq(users.isDemo, false),
        sql`trim(coalesce(${users.salonName}, '')) <> ''`,
      ),
    );
}

/** Only the fields the screens need ever leave the server (no hashes, no flags). */
export function toUserDetails(user: User): UserDetails {
  return {
    full_name: user.fullName,
    email: user.email,
    profile_photo: user.profilePhoto,
    salon_name: user.salonName,
    business_address: user.businessAddress,
    postcode: user.postcode,
    state: user.state,
    country: user.country,
    legal_form: user.legalForm,
  };
}

/** The business's legal form (docs/finance.md, "Income Tax"); null while the owner has not said. */
export async function legalFormOf(db: Db, id: string): Promise<LegalForm | null> {
  const [row] = await db.select({ legalForm: users.legalForm }).from(users).where(eq(users.id, id));
  return row?.legalForm ?? null;
}

export async function setLegalForm(db: Db, id: string, legalForm: LegalForm): Promise<void> {
  await db.update(users).set({ legalForm, updatedAt: new Date() }).where(eq(users.id, id));
}
