import { ACCOUNT_ENDPOINTS as E, ERROR_CODES, PROFILE_MESSAGES, PROFILE_PHOTO_RULES } from '@brade/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { HttpError, notFound } from '../../http/http-error.js';
import { registerEndpoint } from '../../http/register-endpoint.js';
import { ownId } from '../../http/signed-in.js';
import { consume, type Limit } from '../../rate-limits/rate-limit.js';
import { ownerForWrite } from '../owner-guard.js';
import { reencodePhoto } from './photo-image.js';
import { PHOTO_FILE_PATTERN, readProfilePhoto, replaceProfilePhoto } from './photo-store.js';

const ONE_YEAR_SECONDS = 31_536_000;
/** Uploads decode images: an account's allowance per hour. */
const PHOTO_UPLOADS = { name: 'photo-upload:account', max: 20, windowSeconds: 3600 } as const satisfies Limit;

const tooLarge = () =>
  new HttpError(400, ERROR_CODES.payloadTooLarge, PROFILE_MESSAGES.photo.tooLarge, {
    photo: PROFILE_MESSAGES.photo.tooLarge,
  });

/**
 * Upload and serving of the profile photo (an addition to docs/product.md, "The calls", which does not show the call).
 * The upload body is the image's raw bytes, read whatever Content-Type claims; its type is decided by sniffing.
 */
export function photoRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { db } = ctx.database;
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROFILE_PHOTO_RULES.maxBytes }, (_req, body, done) =>
      done(null, body),
    );

    registerEndpoint(
      app,
      ctx,
      E.uploadProfilePhoto,
      async (req) => {
        const owner = await ownerForWrite(db, ownId(req, req.params.id), 'its profile photo');
        await consume(db, PHOTO_UPLOADS, owner.id);
        const body = req.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw new HttpError(400, ERROR_CODES.badRequest, PROFILE_MESSAGES.photo.missing);
        }
        const photo = await reencodePhoto(body);
        const url = await replaceProfilePhoto(db, owner.id, photo);
        req.log.info({ userId: owner.id, width: photo.width, height: photo.height }, 'profile photo replaced');
        return { profile_photo: url };
      },
      {
        // Signed in before a single byte of the body is read.
        authenticateEarly: true,
        bodyLimit: PROFILE_PHOTO_RULES.maxBytes,
        errorHandler(error: FastifyError) {
          // The app-wide handler would name its own 1 MB JSON limit; a photo has its own sentence.
          if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge();
          throw error;
        },
      },
    );

    registerEndpoint(app, ctx, E.profilePhoto, async (req, reply) => {
      const name = PHOTO_FILE_PATTERN.exec(req.params.file)?.[1];
      const image = name ? await readProfilePhoto(db, name) : null;
      if (!image) throw notFound();
      // A fixed type that the browser may not second-guess, shown inline, never run; the random name never
      // changes content, so browsers may keep it for a year (but shared caches may not).
      return reply
        .header('content-type', 'image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline; filename="profile-photo.webp"')
        .header('cache-control', `private, max-age=${ONE_YEAR_SECONDS}, immutable`)
        .send(image);
    });
  };
}
