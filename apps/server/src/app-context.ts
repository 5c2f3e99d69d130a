import type { Logger } from 'pino';
import type { AfterReply } from './auth/after-reply.js';
import type { AuthLimits } from './auth/limits.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { HmrcEndpoint } from './hmrc/hmrc-endpoint.js';
import type { SessionGuard } from './http/signed-in.js';
import type { RetryPolicy } from './integrations/provider-http.js';
import type { IntegrationProviders } from './integrations/provider-registry.js';
import type { SyncScheduler } from './integrations/sync/sync-scheduler.js';
import type { TokenCipher } from './integrations/token-cipher.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { Sweeps } from './jobs/sweeps.js';
import type { PayerHash } from './ledger/payer-keys.js';
import type { Mailer } from './mail/mailer.js';

/** What every domain's routes need, built once by app.ts. */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  accessKey: Uint8Array;
  /** The preHandler of every signed-in call (auth/authenticate.ts), for http/register-endpoint.ts. */
  sessionGuard: SessionGuard;
  limits: AuthLimits;
  /** Work done after the answer has gone (auth calls whose timing must not depend on the address). */
  afterReply: AfterReply;
  /** Waits the given milliseconds; tests swap it to observe deliberate slow-downs instead of timing them. */
  sleep: (ms: number) => Promise<void>;
  log: Logger;
  /** The time "now": every figure's "today" comes from here, so tests can pin it. */
  clock: () => Date;
  jobs: JobQueue;
  /** Every recurring sweep (jobs/recurring-work.ts); tests run one with `sweeps.run(name)`. */
  sweeps: Sweeps;
  integrations: {
    providers: IntegrationProviders;
    cipher: TokenCipher;
    scheduler: SyncScheduler;
    hashPayer: PayerHash;
  };
  /** HMRC's API or its simulator (docs/hmrc.md): null when neither is available; tokens sealed by the same cipher. */
  hmrc: { endpoint: HmrcEndpoint | null; cipher: TokenCipher; retry?: Partial<RetryPolicy> };
  /** False while starting or shutting down: /api/ready reports it. */
  state: { accepting: boolean };
}
