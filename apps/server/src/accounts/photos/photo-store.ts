import { randomBytes } from 'node:crypto';
import { ACCOUNT_ENDPOINTS, pathOf } from '@brade/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { profilePhotos, users } from '../tables.js';
import type { EncodedPhoto } from './photo-image.js';

/** 256 random bits, base64url: unguessable, so the address itself is the permission to see the photo. */
export const PHOTO_FILE_PATTERN = /^([A-Za-z0-9_-]{43})\.webp$/;

export const photoUrl = (name: string) => pathOf(ACCOUNT_ENDPOINTS.profilePhoto, { file: `${name}.webp` });

/** Stores the new photo, points the profile at it and drops the owner's previous one: one photo per owner. */
export async function replaceProfilePhoto(db: Db, userId: string, photo: EncodedPhoto): Promise<string> {
  const name = randomBytes(32).toString('base64url');
  const url = photoUrl(name);
  await db.transaction(async (tx) => {
    await tx
      .insert(profilePhotos)
      .values({ name, userId, image: photo.data, width: photo.width, height: photo.height });
    await tx.update(users).set({ profilePhoto: url, updatedAt: new Date() }).where(eq(users.id, userId));
    await tx.delete(profilePhotos).where(and(eq(profilePhotos.userId, userId), ne(profilePhotos.name, name)));
  });
  return url;
}

export async function readProfilePhoto(db: Db, name: string): Promise<Buffer | null> {
  const [row] = await db.select({ image: profilePhotos.image }).from(profilePhotos).where(eq(profilePhotos.name, name));
  return row?.image ?? null;
}
