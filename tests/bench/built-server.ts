// The built server (a dist-server/main.mjs bundle, as `npm start` runs it) in a process of its own, for
// the benchmarks that call it over HTTP: started on a loopback port, ready once `api/app/states`
// answers, and stopped with SIGTERM, waiting for it to exit (so its database is closed and its data
// directory can be opened afterwards). The server's stderr goes to the bench's; its stdout is dropped.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname } from 'node:path';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `server` (the path of a built main.mjs) on 127.0.0.1:`port` with `env` added to this process's
 * environment (DATA_DIR, DATABASE_URL…); resolves once it answers, rejects if it exits or has not
 * answered within 180 s.
 */
export async function startBuiltServer(
  server: string,
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
  // BENCH_NODE_ARGS adds node options to the server alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p" to
  // profile it under load (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, server], {
    // As `npm start` runs it: from the directory that holds the bundle's dist-server/.
    cwd: dirname(dirname(server)),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      if (Date.now() - started > 180_000) throw new Error('the server did not answer within 180 s');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/app/states`)).ok) return child;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
  } catch (error) {
    await stopBuiltServer(child);
    throw error;
  }
}

/** Stops a server started by `startBuiltServer` and waits until it has exited. */
export async function stopBuiltServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
