import { fromPglite, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';

export interface JobQueueOptions {
  /** Seconds between polls when LISTEN/NOTIFY is not available (pg-boss's floor is 0.5). */
  pollingIntervalSeconds?: number;
}

export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * pg-boss over the app's own database (PGlite in embedded mode, PostgreSQL otherwise), so jobs survive restarts
 * and several app instances share one queue without double-running a job.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private started = false;

  constructor(
    database: Database,
    private readonly log: Logger,
    private readonly options: JobQueueOptions = {},
  ) {
    const backend = database.jobBackend;
    this.boss =
      backend.kind === 'pglite'
        ? new PgBoss({ db: fromPglite(backend.client), backend: 'pglite', schedule: false, useListenNotify: true })
        : new PgBoss({ connectionString: backend.url, max: 4, schedule: false, useListenNotify: true });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    // stop() returns at once; the workers finish in the background and 'stopped' says when the database is free.
    const stopped = new Promise<void>((resolve) => this.boss.once('stopped', () => resolve()));
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true });
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 11_000).unref())]);
  }

  /** Creates the queue (idempotent) with its retry policy and starts working it in this process. */
  async register<T extends object>(
    name: string,
    policy: { retryLimit: number; retryDelaySeconds: number; retryDelayMaxSeconds: number; expireInSeconds: number },
    handler: JobHandler<T>,
    concurrency = 2,
  ): Promise<void> {
    await this.boss.createQueue(name, {
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: policy.retryDelayMaxSeconds,
      expireInSeconds: policy.expireInSeconds,
      notify: true,
    } as Parameters<PgBoss['createQueue']>[1]);
    await this.boss.work<T>(
      name,
      {
        pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
        // NOTIFY wakes workers for new jobs only; retries become due silently, so keep polling just as often.
        notifyPollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
        localConcurrency: concurrency,
        batchSize: 1,
      },
      async (jobs) => {
        for (const job of jobs) await handler(job.data);
      },
    );
  }

  async send<T extends object>(name: string, data: T): Promise<string | null> {
    return this.boss.send(name, data);
  }
}
