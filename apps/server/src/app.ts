import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { accountRoutes } from './accounts/routes.js';
import type { AppContext } from './app-context.js';
import { accessTokenKey } from './auth/access-tokens.js';
import { type AuthLimits, DEFAULT_AUTH_LIMITS } from './auth/limits.js';
import { authRoutes } from './auth/routes.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { installErrorHandler, installNotFoundHandler } from './http/error-handler.js';
import { healthRoutes } from './http/health-routes.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSpa } from './http/spa.js';
import { mountSandboxProviders } from './integrations/sandbox-providers.js';
import { ledgerRoutes } from './ledger/routes.js';
import { mailboxRoutes } from './mail/mailbox-routes.js';
import { Mailer } from './mail/mailer.js';
import { settingsRoutes } from './settings/routes.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger: Logger;
  limits?: Partial<AuthLimits>;
  clock?: () => Date;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole server (API, docs, dev mailbox, SPA) around an already-migrated database. */
export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database, logger } = options;
  const devMailbox = config.env !== 'production';
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // Fastify takes a hop count (trust the nth proxy) though its types only list booleans and addresses.
    trustProxy: config.trustProxy > 0 ? (config.trustProxy as unknown as boolean) : false,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
  });
  const ctx: AppContext = {
    config,
    database,
    log: logger,
    accessKey: accessTokenKey(config.appSecret),
    limits: { ...DEFAULT_AUTH_LIMITS, ...options.limits },
    mailer: new Mailer(database.db, logger, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailboxUrl: devMailbox ? `${config.publicUrl}/dev/mailbox` : null,
    }),
    state: { accepting: true },
    clock: options.clock ?? (() => new Date()),
  };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await registerSecurityHeaders(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Brade API', version: '0.1.0', description: 'Finance tracking for UK salons.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

  // Financial and account data must never sit in a shared or browser cache.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/dev/')) reply.header('cache-control', 'no-store');
  });

  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(accountRoutes(ctx));
  await app.register(ledgerRoutes(ctx));
  await app.register(settingsRoutes(ctx));
  if (devMailbox) await app.register(mailboxRoutes(ctx));
  if (config.sandboxProviders) await mountSandboxProviders(app, config);
  installNotFoundHandler(app, await registerSpa(app, config.webDist));

  app.addHook('onReady', () => ctx.mailer.start());
  app.addHook('onClose', async () => {
    ctx.state.accepting = false;
    await ctx.mailer.stop();
  });
  return { app, ctx };
}
