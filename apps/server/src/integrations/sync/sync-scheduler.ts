import { and, eq, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { JobQueue } from '../../jobs/job-queue.js';
import { connections } from '../tables.js';
import { runConnectionSync } from './run-sync.js';
import type { SyncDeps } from './sync-deps.js';

export const SYNC_QUEUE = 'connection-sync';
/** A queued run whose job never started (lost between claim and send) is handed out again after this. */
const LOST_QUEUE_MS = 10 * 60_000;

/**
 * Puts import runs on the pg-boss queue: one right after connecting, then whatever the import sweep finds due
 * (hourly for card providers, 6-hourly for the bank), plus runs whose lease lapsed because their process died.
 * The sweep claims rows with one UPDATE, so several app instances never enqueue the same run twice; its cadence
 * is set in jobs/recurring-work.ts.
 */
export class SyncScheduler {
  constructor(
    private readonly deps: SyncDeps,
    private readonly queue: JobQueue,
    /** First retry delay of a failed run; pg-boss doubles it with jitter up to 5 minutes. */
    private readonly retryDelaySeconds = 5,
  ) {}

  /** Starts working the import queue in this process; the import sweep may run once this has resolved. */
  async start(): Promise<void> {
    await this.queue.register<{ connectionId: string }>(
      SYNC_QUEUE,
      // Transient failures (5xx, 429 with a short wait, network) retry with capped, jittered backoff.
      { retryLimit: 5, retryDelaySeconds: this.retryDelaySeconds, retryDelayMaxSeconds: 300, expireInSeconds: 30 * 60 },
      async ({ connectionId }) => {
        // Recent history is in; the older part goes to the back of the queue, behind other connections' recent runs.
        if ((await runConnectionSync(this.deps, connectionId)) === 'continues') await this.requestNow(connectionId);
      },
    );
  }

  /** Enqueues a run now (after connecting). The row was already marked queued by saveConnection. */
  async requestNow(connectionId: string): Promise<void> {
    await this.queue.send(SYNC_QUEUE, { connectionId });
  }

  /** The import sweep: claims the connections whose import is due and queues a run for each. */
  async sweep(): Promise<void> {
    const now = this.deps.clock();
    // Leases and queue times are about processes, on the wall clock; "due" is on the business clock.
    const wall = new Date();
    const due = await this.deps.db
      .update(connections)
      .set({ syncState: 'queued', syncQueuedAt: wall })
      .where(
        and(
          eq(connections.status, 'connected'),
          isNotNull(connections.credentials),
          // The demo's connections only where its private simulators run (DEMO_ACCOUNT on).
          ...(this.deps.demoProviders ? [] : [eq(connections.demo, false)]),
          or(isNull(connections.syncLeaseUntil), lt(connections.syncLeaseUntil, wall)),
          or(
            and(inArray(connections.syncState, ['idle', 'failed', 'waiting']), lte(connections.nextSyncAt, now)),
            // A run whose lease lapsed died with its process.
            eq(connections.syncState, 'running'),
            and(
              eq(connections.syncState, 'queued'),
              lt(connections.syncQueuedAt, new Date(wall.getTime() - LOST_QUEUE_MS)),
            ),
          ),
        ),
      )
      .returning({ id: connections.id });
    for (const { id } of due) await this.queue.send(SYNC_QUEUE, { connectionId: id });
  }
}
