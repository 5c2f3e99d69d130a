import { apiRequest, isApiError } from '../../api/client';
import { stored } from '../../api/session';
import { getUserDetails } from '../../api/user';

/** The Profile screen's calls (docs/product.md, "The calls"), plus the photo upload the spec leaves to us. */

export function updatePersonalInfo(id: string, fullName: string): Promise<unknown> {
  return apiRequest('/api/database/update-personal-info', { body: { id, details: { full_name: fullName } } });
}

/** The access token goes in the Authorization header (the client adds it); the refresh token in the body. */
export function updateEmail(id: string, email: string): Promise<unknown> {
  return apiRequest('/api/database/update-email', {
    body: { id, email, refresh_token: stored.refreshToken() ?? '' },
  });
}

export interface BusinessDetailsPayload {
  salon_name: string;
  business_address: string;
  postcode: string;
  state: string;
  country: string;
}

export function updateBusinessInfo(id: string, details: BusinessDetailsPayload): Promise<unknown> {
  return apiRequest('/api/database/update-business-info', { body: { id, details } });
}

/** The spec's id and new_password, with the current password the server also requires. */
export function updatePassword(id: string, currentPassword: string, newPassword: string): Promise<unknown> {
  return apiRequest('/api/database/update-password', {
    body: { id, current_password: currentPassword, new_password: newPassword },
  });
}

export class PhotoUploadError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly code?: string,
  ) {
    super(serverMessage ?? `Photo upload failed with status ${status}`);
    this.name = 'PhotoUploadError';
  }
}

function sendPhoto(id: string, file: Blob): Promise<Response> {
  return fetch(`/api/database/upload-profile-photo/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${stored.accessToken() ?? ''}`,
      // The server decides the type from the bytes themselves; this only says they are raw.
      'Content-Type': 'application/octet-stream',
    },
    body: file,
    credentials: 'same-origin',
  });
}

/**
 * Sends the picked file's bytes as they are. The JSON client owns the token refresh, so after a 401 one
 * ordinary authenticated read lets it refresh (or end the session), then the upload is tried once more.
 */
export async function uploadProfilePhoto(id: string, file: Blob): Promise<string> {
  let response = await sendPhoto(id, file);
  if (response.status === 401) {
    await getUserDetails(id);
    response = await sendPhoto(id, file);
  }
  const body = (await response.json().catch(() => null)) as {
    profile_photo?: unknown;
    error?: unknown;
    code?: unknown;
  } | null;
  if (!response.ok || typeof body?.profile_photo !== 'string') {
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    throw new PhotoUploadError(response.status, text(body?.error), text(body?.code));
  }
  return body.profile_photo;
}

/** The server's own sentence for a refused save, shown under the spec's alert. */
export function reasonOf(error: unknown): string | undefined {
  if (error instanceof PhotoUploadError) return error.serverMessage;
  return isApiError(error) ? error.serverMessage : undefined;
}
