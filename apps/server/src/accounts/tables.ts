import type { LegalForm } from '@brade/contract';
import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The business owner: credentials and confirmation state belong to auth, the rest is profile. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    profilePhoto: text('profile_photo'),
    salonName: text('salon_name'),
    businessAddress: text('business_address'),
    postcode: text('postcode'),
    state: text('state'),
    country: text('country'),
    /** Beyond the spec (docs/finance.md, "Income Tax"): sole_trader, partnership or limited_company; null until said. */
    legalForm: text('legal_form').$type<LegalForm>(),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

/** Raw bytes: node-postgres hands back a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Profile photos live in the database (so every app instance and every backup has them), already re-encoded,
 * under a random URL-safe name. An owner has at most one: a new upload replaces the old.
 */
export const profilePhotos = pgTable(
  'profile_photos',
  {
    name: text('name').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    image: bytea('image').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profile_photos_user_idx').on(t.userId)],
);
