import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { prepareDemoAccount } from './demo/prepare-demo-account.js';
import { createLogger } from './logging/logger.js';

const SHUTDOWN_GRACE_MS = 25_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  process.on('uncaughtException', (err) => {
    logger.fatal({ err }, 'uncaught exception; exiting');
    process.exit(1);
  });
  process.on('unhandledRejection', (err) => {
    logger.fatal({ err }, 'unhandled rejection; exiting');
    process.exit(1);
  });

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await runMigrations(database);
  // The demo salon is a customer of its own private simulators; its imports are ordinary sync runs, recent months
  // first, that start once the server listens.
  // Its simulators are a chunk of their own, loaded only when the demo account is on.
  const demo = config.demoAccount ? await (await import('./sandbox/demo-sandbox.js')).startDemoSandbox() : null;
  const { app, ctx } = await buildApp({ config, database, logger, demo });
  if (demo) await prepareDemoAccount(database.db, ctx.integrations.cipher, demo, logger, new Date());
  await app.listen({ host: config.host, port: config.port });
  logger.info(
    { url: config.publicUrl, database: database.driver, mail: config.smtpUrl ? 'smtp' : 'outbox' },
    config.devMailbox ? `Brade is ready; e-mails are readable at ${config.publicUrl}/dev/mailbox` : 'Brade is ready',
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining requests');
    ctx.state.accepting = false;
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    await app.close();
    await ctx.afterReply.idle();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
