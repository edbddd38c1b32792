// Starts the API server and the PWA: reads the configuration, opens (and migrates) the database,
// seeds an empty one with the demo company, listens. With WORKERS above 1 (and DATABASE_URL) this
// process becomes the primary of several server processes (server/cluster.ts).
import cluster from 'node:cluster';
import { buildApp } from './app';
import { runPrimary } from './cluster';
import { type Config, ConfigError, loadConfig } from './config';
import { DatabaseLockedError, OutdatedDatabaseError } from './db/client';
import { DEMO_USERS } from './seed/demo';

function announce(config: Config, port: number) {
  const url = `http://${config.host}:${port}`;
  console.log(`\nApex is running at ${url}`);
  console.log(`API docs: ${url}/api/docs`);
  console.log(
    `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`}`,
  );
  if (config.seedDemo) {
    console.log(
      `Demo accounts (password ${config.demoPassword === 'Demo!2026apex' ? 'Demo!2026apex' : 'from DEMO_PASSWORD'}):`,
    );
    console.log(`  ${DEMO_USERS.join(', ')}`);
  }
}

async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) {
    await runPrimary(config, (port) => announce(config, port));
    return;
  }
  // A worker of a cluster: the primary migrated and seeded the database already.
  const worker = cluster.isWorker;
  const { app } = await buildApp(worker ? { ...config, seedDemo: false } : config);
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (worker) return;
  const address = app.server.address();
  announce(config, typeof address === 'object' && address ? address.port : config.port);
}

main().catch((err) => {
  if (
    err instanceof ConfigError ||
    err instanceof DatabaseLockedError ||
    err instanceof OutdatedDatabaseError
  ) {
    console.error(err.message);
  } else {
    console.error('Apex could not start:', err);
  }
  process.exit(1);
});
