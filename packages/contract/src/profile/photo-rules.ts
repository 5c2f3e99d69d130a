/**
 * What a profile photo may be (reference/security.md section 9): JPEG, PNG or WebP by content, at most
 * 5 MB and 16 megapixels. The server re-encodes each one to a WebP of at most 512 x 512 without metadata.
 */
export const PROFILE_PHOTO_RULES = {
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 16_000_000,
  outputSize: 512,
  acceptedTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/** The file picker's accept attribute. */
export const PROFILE_PHOTO_ACCEPT = PROFILE_PHOTO_RULES.acceptedTypes.join(',');
