import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import type { Mailer } from '../mail/mailer.js';
import type { AfterReply } from './after-reply.js';
import type { AuthLimits } from './limits.js';

/**
 * What the sign-up, sign-in and password-reset services use, and no more: the app context (app-context.ts) has
 * these fields, so the routes pass it as it is, and a test can build just these.
 */
export interface AuthDeps {
  config: { publicUrl: string; appSecret: string };
  database: { db: Db };
  mailer: Pick<Mailer, 'send' | 'enqueue'>;
  accessKey: Uint8Array;
  limits: AuthLimits;
  afterReply: AfterReply;
  sleep: (ms: number) => Promise<void>;
  log: Logger;
}

/** What checking an access token needs (authenticate.ts). */
export type TokenDeps = Pick<AuthDeps, 'accessKey' | 'database'>;
