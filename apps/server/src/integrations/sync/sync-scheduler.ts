import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { JobQueue } from '../../jobs/job-queue.js';
import { deleteExpiredAttempts } from '../connect-attempts.js';
import { connections } from '../tables.js';
import { runConnectionSync } from './run-sync.js';
import type { SyncDeps } from './sync-deps.js';

export const SYNC_QUEUE = 'connection-sync';
/** A queued run whose job never started (lost between claim and send) is handed out again after this. */
const LOST_QUEUE_MS = 10 * 60_000;
const CONSENT_NOTICE_MS = 7 * 24 * 60 * 60_000;

/**
 * Puts import runs on the pg-boss queue: one right after connecting, then whatever the sweep finds due (hourly
 * for card providers, 6-hourly for the bank), plus runs whose lease lapsed because their process died.
 * The sweep claims rows with one UPDATE, so several app instances never enqueue the same run twice.
 */
export class SyncScheduler {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly deps: SyncDeps,
    private readonly queue: JobQueue,
    private readonly sweepIntervalMs = 60_000,
    /** First retry delay of a failed run; pg-boss doubles it with jitter up to 5 minutes. */
    private readonly retryDelaySeconds = 5,
  ) {}

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
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.sweepIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
  }

  /** Enqueues a run now (after connecting). The row was already marked queued by saveConnection. */
  async requestNow(connectionId: string): Promise<void> {
    await this.queue.send(SYNC_QUEUE, { connectionId });
  }

  sweep(): Promise<void> {
    this.sweeping ??= Promise.all([
      this.claimDue(),
      this.remindEndingConsents(),
      // Connect attempts are worthless after 10 minutes; keep the table small.
      deleteExpiredAttempts(this.deps.db, this.deps.clock()),
    ])
      .then(() => {})
      .catch((error) => this.deps.log.error({ err: error }, 'import sweep failed'))
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  /** DESIGN.md section 10: once per consent, an Action Required e-mail when the bank consent ends within a week. */
  private async remindEndingConsents(): Promise<void> {
    const now = this.deps.clock();
    const ending = await this.deps.db
      .update(connections)
      .set({ consentReminderSentAt: now })
      .where(
        and(
          eq(connections.provider, 'bank'),
          eq(connections.status, 'connected'),
          isNull(connections.consentReminderSentAt),
          gt(connections.consentExpiresAt, now),
          lte(connections.consentExpiresAt, new Date(now.getTime() + CONSENT_NOTICE_MS)),
        ),
      )
      .returning({ userId: connections.userId, endsAt: connections.consentExpiresAt });
    for (const { userId, endsAt } of ending) {
      const day = endsAt!.toLocaleDateString('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'long' });
      await this.deps.notifyActionRequired?.(
        userId,
        'bank',
        `Your bank consent ends on ${day}. Connect your bank again before then to keep importing.`,
      );
    }
  }

  private async claimDue(): Promise<void> {
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
