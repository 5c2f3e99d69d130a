import { type BusinessDetails, ACCOUNT_ENDPOINTS as E } from '@brade/contract';
import { call } from './client';
import { stored } from './session';

/** The Profile screen's calls (docs/product.md, "The calls"), plus the photo upload the spec leaves to us. */

export function updatePersonalInfo(id: string, fullName: string): Promise<unknown> {
  return call(E.updatePersonalInfo, { body: { id, details: { full_name: fullName } } });
}

/** The access token goes in the Authorization header (the client adds it); the refresh token in the body. */
export function updateEmail(id: string, email: string): Promise<unknown> {
  return call(E.updateEmail, { body: { id, email, refresh_token: stored.refreshToken() ?? '' } });
}

export function updateBusinessInfo(id: string, details: BusinessDetails): Promise<unknown> {
  return call(E.updateBusinessInfo, { body: { id, details } });
}

/** The spec's id and new_password, with the current password the server also requires. */
export function updatePassword(id: string, currentPassword: string, newPassword: string): Promise<unknown> {
  return call(E.updatePassword, { body: { id, current_password: currentPassword, new_password: newPassword } });
}

/** Sends the picked file's bytes as they are; the server decides the type from them. Answers the photo's address. */
export async function uploadProfilePhoto(id: string, file: Blob): Promise<string> {
  return (await call(E.uploadProfilePhoto, { params: { id }, body: file })).profile_photo;
}
