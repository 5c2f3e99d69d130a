import type { KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';

/** The official samples sign for an hour; Enable Banking accepts at most a day (docs/open-banking.md). */
export const JWT_SECONDS = 3600;
/** A JWT this close to its end is replaced first, so it cannot lapse between signing and the bank's check. */
const RENEW_MARGIN_SECONDS = 300;

export interface ApplicationJwt {
  /** The current JWT, signed anew when the cached one is near its end. */
  current(): Promise<string>;
  /** Forgets the cached JWT (Enable Banking refused it: clocks disagree, or the key was rotated). */
  discard(token: string): void;
}

/**
 * The application's own credentials: a JWT signed RS256 with its private key, `kid` = application id, issuer
 * enablebanking.com, audience api.enablebanking.com, valid an hour, reused until five minutes before it ends.
 */
export function applicationJwt(input: {
  applicationId: string;
  privateKey: () => Promise<KeyObject>;
  now: () => Date;
}): ApplicationJwt {
  let cached: { token: string; expiresAt: number } | null = null;
  let signing: Promise<string> | null = null;

  async function sign(): Promise<string> {
    const issuedAt = Math.floor(input.now().getTime() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: input.applicationId })
      .setIssuer('enablebanking.com')
      .setAudience('api.enablebanking.com')
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + JWT_SECONDS)
      .sign(await input.privateKey());
    cached = { token, expiresAt: issuedAt + JWT_SECONDS };
    return token;
  }

  return {
    current() {
      const now = input.now().getTime() / 1000;
      if (cached && cached.expiresAt - RENEW_MARGIN_SECONDS > now) return Promise.resolve(cached.token);
      signing ??= sign().finally(() => {
        signing = null;
      });
      return signing;
    },
    discard(token) {
      if (cached?.token === token) cached = null;
    },
  };
}
