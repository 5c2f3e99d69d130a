import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { accountRoutes } from './accounts/routes.js';
import type { AppContext } from './app-context.js';
import { createOpenAiModel } from './assistant/openai-model.js';
import { assistantRoutes } from './assistant/routes.js';
import type { AssistantOptions } from './assistant/service.js';
import { accessTokenKey } from './auth/access-tokens.js';
import { AfterReply } from './auth/after-reply.js';
import { requireUser } from './auth/authenticate.js';
import { type AuthLimits, DEFAULT_AUTH_LIMITS, raisedAuthLimits } from './auth/limits.js';
import { authRoutes } from './auth/routes.js';
import { sweepSignupAttempts } from './auth/signup-attempts.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { remindQuarterlyUpdates } from './hmrc/income-tax/reminders.js';
import { incomeTaxRoutes } from './hmrc/income-tax/routes.js';
import { hmrcRoutes } from './hmrc/routes.js';
import { HMRC_SEALED_COLUMN } from './hmrc/sealed-column.js';
import { sendVatReturnReminders } from './hmrc/vat/reminders.js';
import { vatReturnRoutes } from './hmrc/vat/routes.js';
import { registerApiDescription } from './http/api-description.js';
import { clientErrorHandler, frameworkErrors } from './http/client-errors.js';
import { installErrorHandler, installNotFoundHandler } from './http/error-handler.js';
import { healthRoutes } from './http/health-routes.js';
import { refuseBadText } from './http/request-text.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSpa } from './http/spa.js';
import { trustPrivateHops } from './http/trust-proxy.js';
import { registerUnlisted, type UnlistedRoute } from './http/unlisted-routes.js';
import { actionRequiredNotifier } from './integrations/action-required.js';
import { deleteExpiredAttempts } from './integrations/connect-attempts.js';
import { remindEndingConsents } from './integrations/consent-reminders.js';
import type { RetryPolicy } from './integrations/provider-http.js';
import { type IntegrationProviders, providersFromConfig } from './integrations/provider-registry.js';
import { resealStaleCredentials } from './integrations/reseal-credentials.js';
import { integrationRoutes } from './integrations/routes.js';
import { SyncScheduler } from './integrations/sync/sync-scheduler.js';
import { createTokenCipher } from './integrations/token-cipher.js';
import { JobQueue } from './jobs/job-queue.js';
import { type Cadences, DEFAULT_CADENCES, scheduleRecurringWork } from './jobs/recurring-work.js';
import { Sweeps } from './jobs/sweeps.js';
import { payerHash } from './ledger/payer-keys.js';
import { ledgerRoutes } from './ledger/routes.js';
import { mailboxRoutes } from './mail/mailbox-routes.js';
import { Mailer } from './mail/mailer.js';
import { sweepRateLimits } from './rate-limits/rate-limit.js';
import { MonthlySummaryScheduler } from './reports/monthly-summary/monthly-summary-scheduler.js';
import { reportRoutes } from './reports/routes.js';
import type { DemoSandbox } from './sandbox/demo-sandbox.js';
import { settingsRoutes } from './settings/routes.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger: Logger;
  limits?: Partial<AuthLimits>;
  clock?: () => Date;
  /** Deliberate waits (the sign-in slow-down); tests record them instead of timing them. */
  sleep?: (ms: number) => Promise<void>;
  /** Tests swap in providers (e.g. fakes) or faster retries. */
  providers?: IntegrationProviders;
  providerRetry?: Partial<RetryPolicy>;
  /** How often each sweep runs (jobs/recurring-work.ts); tests make them short. The connection sweeps default to
   * SYNC_SWEEP_SECONDS. */
  every?: Partial<Cadences>;
  syncRetryDelaySeconds?: number;
  /** Rows an import gathers before writing (tests of resuming make it 1: a write per page). */
  syncWriteBatchRows?: number;
  jobPollingSeconds?: number;
  /** The demo account's private simulators (sandbox/demo-sandbox.ts), closed with the app. */
  demo?: DemoSandbox | null;
  /** BradeBot's budgets and model (tests inject a slow or failing one); the model defaults to OPENAI_* config. */
  assistant?: AssistantOptions;
  /**
   * How long registering one plugin may take before start-up fails (Fastify's 10 s by default). Tests on a machine
   * shared with other work give it their hook limit (README, "Tests on a busy machine").
   */
  pluginTimeoutMs?: number;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole server (API, docs, dev mailbox, SPA) around an already-migrated database. */
export async function buildApp(
  options: BuildOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext; unlisted: readonly UnlistedRoute[] }> {
  const { config, database, logger } = options;
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy > 0 ? trustPrivateHops(config.trustProxy) : false,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    ...(options.pluginTimeoutMs ? { pluginTimeout: options.pluginTimeoutMs } : {}),
    // What the router and Node's parser refuse is answered in the API's error shape too (http/client-errors.ts).
    frameworkErrors,
    clientErrorHandler,
  });
  const clock = options.clock ?? (() => new Date());
  const jobs = new JobQueue(database, logger, { pollingIntervalSeconds: options.jobPollingSeconds ?? 2 });
  const cipher = createTokenCipher(config.encryptionKey, config.retiredEncryptionKeys);
  const providers = options.providers ?? providersFromConfig(config, options.providerRetry);
  const hashPayer = payerHash(config.clientKey);
  const scheduler = new SyncScheduler(
    {
      db: database.db,
      cipher,
      providers,
      demoProviders: options.demo?.providers ?? null,
      hashPayer,
      clock,
      log: logger,
      leaseSeconds: config.syncLeaseSeconds,
      historyDays: config.syncHistoryDays,
      ...(options.syncWriteBatchRows ? { writeBatchRows: options.syncWriteBatchRows } : {}),
      notifyActionRequired: (userId, provider, words) => notifyActionRequired(userId, provider, words),
    },
    jobs,
    options.syncRetryDelaySeconds ?? config.syncRetrySeconds,
  );
  const notifyActionRequired = (...args: Parameters<ReturnType<typeof actionRequiredNotifier>>) =>
    actionRequiredNotifier(database.db, ctx.mailer, config.publicUrl)(...args);
  const ctx: AppContext = {
    config,
    database,
    log: logger,
    accessKey: accessTokenKey(config.appSecret),
    sessionGuard: (guard) => requireUser(ctx, guard),
    limits: { ...raisedAuthLimits(DEFAULT_AUTH_LIMITS, config.rateLimitFactor), ...options.limits },
    afterReply: new AfterReply(logger),
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    mailer: new Mailer(database.db, logger, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailboxUrl: config.devMailbox ? `${config.publicUrl}/dev/mailbox` : null,
      timing: config.mail,
    }),
    state: { accepting: true },
    clock,
    jobs,
    sweeps: new Sweeps(logger),
    integrations: { providers, cipher, scheduler, hashPayer },
    hmrc: { endpoint: config.hmrc, cipher, ...(options.providerRetry ? { retry: options.providerRetry } : {}) },
  };
  const monthlySummaries = new MonthlySummaryScheduler({
    db: database.db,
    mailer: ctx.mailer,
    clock,
    log: logger,
    publicUrl: config.publicUrl,
  });
  scheduleRecurringWork(
    ctx.sweeps,
    {
      importSweep: () => scheduler.sweep(),
      consentReminders: () => remindEndingConsents({ db: database.db, clock, notifyActionRequired }),
      connectAttemptCleanUp: () => deleteExpiredAttempts(database.db, clock()),
      monthlySummaries: () => monthlySummaries.sweep(),
      vatReturnReminders: () =>
        sendVatReturnReminders({
          db: database.db,
          mailer: ctx.mailer,
          clock,
          log: logger,
          publicUrl: config.publicUrl,
        }),
      mailDelivery: () => ctx.mailer.deliver(),
      rateLimitCleanUp: () => sweepRateLimits(database.db),
      signupAttemptCleanUp: () => sweepSignupAttempts(database.db),
      quarterlyUpdateReminders: () =>
        remindQuarterlyUpdates({ db: database.db, mailer: ctx.mailer, clock, publicUrl: config.publicUrl }),
    },
    {
      ...DEFAULT_CADENCES,
      connections: config.syncSweepSeconds * 1000,
      mail: config.mail.sweepSeconds * 1000,
      ...options.every,
    },
  );

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  refuseBadText(app);
  await registerSecurityHeaders(app);
  await registerApiDescription(app, config.publicUrl);

  // Financial and account data must never sit in a shared or browser cache.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/dev/')) reply.header('cache-control', 'no-store');
  });

  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(accountRoutes(ctx));
  await app.register(ledgerRoutes(ctx));
  await app.register(reportRoutes(ctx));
  await app.register(settingsRoutes(ctx));
  await app.register(integrationRoutes(ctx));
  await app.register(hmrcRoutes(ctx));
  await app.register(vatReturnRoutes(ctx));
  await app.register(incomeTaxRoutes(ctx));
  await app.register(
    assistantRoutes(ctx, {
      model: config.openai ? createOpenAiModel(config.openai) : null,
      ...options.assistant,
    }),
  );
  // The dev mailbox and the simulators are not the product's API: outside /api/docs, listed in `unlisted`.
  const unlisted: UnlistedRoute[] = [];
  if (config.devMailbox) await registerUnlisted(app, mailboxRoutes(ctx), unlisted);
  if (config.sandboxProviders) {
    // The simulators are a chunk of their own, loaded only here and with the demo account (main.ts).
    const { mountSandboxProviders } = await import('./sandbox/mount-simulators.js');
    await registerUnlisted(app, (scope) => mountSandboxProviders(scope, config, clock), unlisted);
  }
  installNotFoundHandler(
    app,
    await registerSpa(app, config.webDist, { demoAccount: config.demoAccount, publicUrl: config.publicUrl }),
  );

  app.addHook('onReady', async () => {
    await ctx.mailer.start();
    await jobs.start();
  });
  // Recurring work begins once the server listens: in sandbox mode the providers answer from this same server. The
  // import queue's worker comes first, so the first import sweep has a queue to send to.
  app.server.once('listening', () => {
    scheduler
      .start()
      .then(() => ctx.sweeps.start())
      .catch((error) => logger.error({ err: error }, 'import scheduler did not start'));
    // After an ENCRYPTION_KEY rotation every instance re-encrypts what it finds under a retired key (idempotent).
    if (config.retiredEncryptionKeys.length > 0) {
      resealStaleCredentials(database.db, cipher, logger, [HMRC_SEALED_COLUMN]).catch((error) =>
        logger.error({ err: error }, 'key rotation job failed'),
      );
    }
  });
  app.addHook('onClose', async () => {
    ctx.state.accepting = false;
    await ctx.sweeps.stop();
    await jobs.stop();
    await ctx.mailer.stop();
    await options.demo?.close();
  });
  return { app, ctx, unlisted };
}
