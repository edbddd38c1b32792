// Starts the API server and the PWA: reads the configuration, opens (and migrates) the database and,
// meanwhile, loads the rest of the server (server/serve.ts: its routes and libraries, a few MB of
// JavaScript). The two took most of a cold start one after the other; the embedded database opens on
// a thread of its own, so they now overlap.
import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config';
import { DatabaseLockedError, OutdatedDatabaseError, openDatabase } from './db/client';
import { openingDatabase } from './db/opening';

async function main() {
  const config = loadConfig();
  // A cluster's primary opens the database itself (migrations and demo company once, then closed).
  const opening =
    config.workers > 1 && cluster.isPrimary
      ? undefined
      : openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, inMemory: config.inMemory });
  // Awaited by serve(); a failure to open is reported there (or below, if loading failed first).
  opening?.catch(() => undefined);
  // The embedded database can be handed to the app before it is open (its queries wait): the routes
  // are registered meanwhile.
  const early = opening && !config.databaseUrl ? openingDatabase(opening) : undefined;
  const { serve } = await import('./serve');
  await serve(config, opening, early);
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
