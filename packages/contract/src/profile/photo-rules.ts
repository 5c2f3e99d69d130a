/**
 * What a profile photo may be (docs/security-decisions.md, "Input"): JPEG, PNG or WebP by content, at most
 * 5 MB, 16 megapixels and 8,000 pixels a side. The server re-encodes each one to a WebP of at most 512 x 512 without
 * metadata.
 */
export const PROFILE_PHOTO_RULES = {
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 16_000_000,
  /** A long thin image stays under the pixel cap yet is costly to decode and resize: each side is capped too. */
  maxSide: 8_000,
  outputSize: 512,
  acceptedTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/** The file picker's accept attribute. */
export const PROFILE_PHOTO_ACCEPT = PROFILE_PHOTO_RULES.acceptedTypes.join(',');
