import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNT, PROFILE_MESSAGES } from '@brade/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm, startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Owner = { id: string; access_token: string };

async function upload(owner: Owner, bytes: Uint8Array, contentType = 'application/octet-stream', id = owner.id) {
  const res = await fetch(`${server.url}/api/database/upload-profile-photo/${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.access_token}`, 'content-type': contentType },
    body: bytes,
  });
  return { status: res.status, body: (await res.json()) as { profile_photo: string; error?: string; code?: string } };
}

async function fetchPhoto(url: string) {
  const res = await fetch(server.url + url);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const photoOf = async (owner: Owner) =>
  (await server.get(`/api/database/get-user-details/${owner.id}`, owner.access_token)).body.profile_photo;

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 194, g: 24, b: 91 } } });

describe('uploading a profile photo', () => {
  it('re-encodes a JPEG to an upright WebP within 512px, without its EXIF, and serves it safely', async () => {
    const owner = await signUpAndConfirm(server);
    // 800 x 600 stored sideways (EXIF orientation 6) with identifying metadata.
    const jpeg = await solid(800, 600)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Salon Ltd', Artist: 'Priya' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload(owner, jpeg, 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.profile_photo).toMatch(/^\/api\/profile-photos\/[A-Za-z0-9_-]{43}\.webp$/);
    expect(await photoOf(owner)).toBe(res.body.profile_photo);

    const { res: served, bytes } = await fetchPhoto(res.body.profile_photo);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe('inline; filename="profile-photo.webp"');
    expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([384, 512]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from('Secret Salon'))).toBe(false);
  });

  it('takes a PNG (not enlarged) and a WebP (shrunk), whatever Content-Type says, replacing the old photo', async () => {
    const owner = await signUpAndConfirm(server);
    const png = await solid(300, 200).png().toBuffer();
    const first = await upload(owner, png, 'text/plain');
    expect(first.status).toBe(200);
    const small = await sharp((await fetchPhoto(first.body.profile_photo)).bytes).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', 300, 200]);

    const webp = await solid(1024, 1024).webp().toBuffer();
    const second = await upload(owner, webp, 'application/json');
    expect(second.status).toBe(200);
    const big = await sharp((await fetchPhoto(second.body.profile_photo)).bytes).metadata();
    expect([big.width, big.height]).toEqual([512, 512]);

    // One photo per owner: the first one is gone.
    expect(second.body.profile_photo).not.toBe(first.body.profile_photo);
    expect((await fetchPhoto(first.body.profile_photo)).res.status).toBe(404);
    expect(await photoOf(owner)).toBe(second.body.profile_photo);
  });

  it.each([
    [
      'an SVG',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
      PROFILE_MESSAGES.photo.wrongType,
    ],
    [
      'a text file renamed .jpg',
      () => Buffer.from('Just some notes about the salon, saved as photo.jpg\n'),
      'image/jpeg',
      PROFILE_MESSAGES.photo.wrongType,
    ],
    ['a GIF', () => solid(40, 40).gif().toBuffer(), 'image/gif', PROFILE_MESSAGES.photo.wrongType],
    [
      'a JPEG signature over garbage',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]),
      'image/jpeg',
      PROFILE_MESSAGES.photo.unreadable,
    ],
    [
      'an image over 16 megapixels (5000 x 4000)',
      () => solid(5000, 4000).png().toBuffer(),
      'image/png',
      PROFILE_MESSAGES.photo.tooManyPixels,
    ],
    [
      'an image over 8,000 pixels on a side though under 16 megapixels (8001 x 10)',
      () => solid(8001, 10).png().toBuffer(),
      'image/png',
      PROFILE_MESSAGES.photo.tooLong,
    ],
    ['a tall one (10 x 8001)', () => solid(10, 8001).png().toBuffer(), 'image/png', PROFILE_MESSAGES.photo.tooLong],
  ])('refuses %s with a sentence and stores nothing', async (_name, make, contentType, message) => {
    const owner = await signUpAndConfirm(server);
    const res = await upload(owner, await make(), contentType);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await photoOf(owner)).toBeNull();
  });

  it('refuses a 20 MB image with a sentence, not a 500', async () => {
    const owner = await signUpAndConfirm(server);
    const side = 2600;
    const noise = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(20_000_000);
    const res = await upload(owner, noise, 'image/png');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: PROFILE_MESSAGES.photo.tooLarge,
      code: 'payload_too_large',
      fields: { photo: PROFILE_MESSAGES.photo.tooLarge },
    });
    expect(await photoOf(owner)).toBeNull();
    // The server is unharmed: the next, small upload goes through.
    expect((await upload(owner, await solid(64, 64).png().toBuffer())).status).toBe(200);
  });

  it('refuses an empty body', async () => {
    const owner = await signUpAndConfirm(server);
    const res = await upload(owner, new Uint8Array());
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(PROFILE_MESSAGES.photo.missing);
  });

  it("answers 404 for another owner's id, 401 without a session, 403 for the demo account", async () => {
    const a = await signUpAndConfirm(server);
    const b = await signUpAndConfirm(server);
    const png = await solid(64, 64).png().toBuffer();
    expect((await upload(a, png, 'image/png', b.id)).status).toBe(404);
    expect((await upload({ id: b.id, access_token: 'not-a-token' }, png)).status).toBe(401);
    expect(await photoOf(b)).toBeNull();

    const demo = (await server.post('/api/signin_user', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }))
      .body;
    const refused = await upload(demo, png, 'image/png');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('The demo account is read-only: its profile photo cannot be changed.');
    expect(await photoOf(demo)).toBeNull();
  });

  it('answers 404 for an unknown or malformed photo name', async () => {
    expect((await fetchPhoto(`/api/profile-photos/${'A'.repeat(43)}.webp`)).res.status).toBe(404);
    expect((await fetchPhoto('/api/profile-photos/..%2F..%2Fetc%2Fpasswd')).res.status).toBe(404);
    expect((await fetchPhoto(`/api/profile-photos/${'A'.repeat(43)}.svg`)).res.status).toBe(404);
  });
});
