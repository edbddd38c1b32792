// The server itself, loaded by server/main.ts once the database is opening: seeds an empty database
// with the demo company, builds the app, listens. With WORKERS above 1 (and DATABASE_URL) this process
// becomes the primary of several server processes (server/cluster.ts).
import cluster from 'node:cluster';
import { buildApp } from './app';
import { runPrimary } from './cluster';
import type { Config } from './config';
import type { Database } from './db/client';
import type { OpeningDatabase } from './db/opening';
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

/**
 * `opening`: the database main.ts began to open (none for a cluster's primary, which opens its own);
 * `early`: the same embedded database, usable while it opens (server/db/opening.ts).
 */
export async function serve(
  config: Config,
  opening?: Promise<Database>,
  early?: OpeningDatabase,
): Promise<void> {
  if (config.workers > 1 && cluster.isPrimary) {
    await runPrimary(config, (port) => announce(config, port));
    return;
  }
  const worker = cluster.isWorker;
  const { app } = await buildApp(worker ? { ...config, seedDemo: false } : config, undefined, {
    opening: early ? Promise.resolve(early.database) : opening,
    ready: early?.ready,
  });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // The built server's launcher (server/launch.ts) writes V8's code cache now, when one is due.
  const listening = (globalThis as Record<symbol, unknown>)[Symbol.for('apex.listening')];
  if (typeof listening === 'function') listening();
  if (worker) return;
  const address = app.server.address();
  announce(config, typeof address === 'object' && address ? address.port : config.port);
}
