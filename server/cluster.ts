// WORKERS=N (with DATABASE_URL): the primary process prepares the database once (migrations, the demo
// company), makes sure every worker signs tokens with one key, then forks N server processes that share
// the listening port (node cluster, round-robin). Sessions, Idempotency-Keys, sign-in limits and job
// claims live in the database, so any worker may answer any request. A worker that dies is replaced;
// SIGINT/SIGTERM stop every worker cleanly before the primary exits.
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { loadSigningKey } from './modules/auth/tokens';
import { seedDemo } from './seed/demo';

/** More restarts than this within RESTART_WINDOW_MS means the workers cannot run: the primary gives up. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

export async function runPrimary(config: Config, onListening: (port: number) => void): Promise<void> {
  if (!config.databaseUrl) throw new Error('WORKERS above 1 needs DATABASE_URL');
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  try {
    if (config.seedDemo)
      await seedDemo(database.db, { password: config.demoPassword, costLog2: config.passwordCostLog2 });
  } finally {
    await database.close();
  }
  // Without JWT_SECRET the key file in DATA_DIR is created here, before any worker reads it.
  loadSigningKey({ jwtSecret: config.jwtSecret, dataDir: config.dataDir });

  let stopping = false;
  let announced = false;
  const listening = new Set<number>();
  const restarts: number[] = [];
  const fork = () => cluster.fork({ APEX_WORKER: '1' });

  cluster.on('listening', (worker: Worker, address) => {
    listening.add(worker.id);
    if (!announced && listening.size >= config.workers) {
      announced = true;
      console.log(`${config.workers} server processes share the port (WORKERS=${config.workers})`);
      onListening(address.port);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && restarts[0] < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      console.error(
        `Apex could not start: server processes keep stopping (last: ${signal ?? `exit ${code}`})`,
      );
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      process.exitCode = 1;
      return;
    }
    console.error(`A server process stopped (${signal ?? `exit ${code}`}); starting another`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} server processes`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < config.workers; i++) fork();
}
