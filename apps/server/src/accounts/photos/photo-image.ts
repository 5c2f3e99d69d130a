import { ERROR_CODES, PROFILE_MESSAGES, PROFILE_PHOTO_RULES } from '@brade/contract';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../../http/http-error.js';

export type PhotoFormat = 'jpeg' | 'png' | 'webp';

/** What the bytes are, by their signature: the name and the Content-Type the client sent are never trusted. */
export function sniffPhotoFormat(bytes: Uint8Array): PhotoFormat | null {
  const starts = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  // RIFF <size> WEBP
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

const refuse = (message: string) => new HttpError(400, ERROR_CODES.badRequest, message, { photo: message });

export interface EncodedPhoto {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an upload so that nothing of the original file survives but its pixels: turned upright by its
 * EXIF orientation, fitted inside 512 x 512, written as WebP with no metadata (no EXIF, GPS or ICC text).
 */
export async function reencodePhoto(bytes: Buffer): Promise<EncodedPhoto> {
  const format = sniffPhotoFormat(bytes);
  if (!format) throw refuse(PROFILE_MESSAGES.photo.wrongType);
  const options = { limitInputPixels: PROFILE_PHOTO_RULES.maxPixels, failOn: 'error' } as const;

  let header: Metadata;
  try {
    // Only the header is read here, so the pixel cap is checked below with its own sentence.
    header = await sharp(bytes, { failOn: 'error' }).metadata();
  } catch {
    throw refuse(PROFILE_MESSAGES.photo.unreadable);
  }
  // The decoder must agree with the signature: a PNG header on something else is not a PNG.
  if (header.format !== format) throw refuse(PROFILE_MESSAGES.photo.unreadable);
  if ((header.width ?? 0) * (header.height ?? 0) > PROFILE_PHOTO_RULES.maxPixels) {
    throw refuse(PROFILE_MESSAGES.photo.tooManyPixels);
  }
  if (Math.max(header.width ?? 0, header.height ?? 0) > PROFILE_PHOTO_RULES.maxSide) {
    throw refuse(PROFILE_MESSAGES.photo.tooLong);
  }

  try {
    const size = PROFILE_PHOTO_RULES.outputSize;
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw refuse(PROFILE_MESSAGES.photo.unreadable);
  }
}
