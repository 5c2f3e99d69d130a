import { describe, expect, it } from 'vitest';
import { sniffPhotoFormat } from './photo-image.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));

describe('sniffPhotoFormat', () => {
  it('knows JPEG, PNG and WebP by their signatures', () => {
    expect(sniffPhotoFormat(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpeg');
    expect(sniffPhotoFormat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniffPhotoFormat(ascii('RIFF\x24\x00\x00\x00WEBPVP8 '))).toBe('webp');
  });

  it('refuses everything else, including look-alikes', () => {
    expect(sniffPhotoFormat(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffPhotoFormat(ascii('GIF89a'))).toBeNull();
    expect(sniffPhotoFormat(ascii('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffPhotoFormat(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffPhotoFormat(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffPhotoFormat(new Uint8Array())).toBeNull();
  });
});
