// Cold start and idle footprint of the production server (README "Benchmarks"): the built bundle
// (dist-server/main.mjs, as `npm start` runs it) beside the same server through the TypeScript
// loader, on a data directory that already holds the demo company. Reports time from spawn to the
// first answer and the resident memory after 3 s idle. Budgets: first answer ≤ 1 s, RSS ≤ 200 MB.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function measure(args: string[], dataDir: string, port: number) {
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (Date.now() - started > 60_000) throw new Error('no answer within 60 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/app/states`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      await sleep(10);
    }
    const firstAnswerMs = Date.now() - started;
    await sleep(3000);
    return { firstAnswerMs, rss: rssMb(child) };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

execSync('npx tsx scripts/build-server.ts', { cwd: root, stdio: 'inherit' });
const dataDir = mkdtempSync(join(tmpdir(), 'apex-start-bench-'));
try {
  // The first start seeds the demo company; the measured ones open it as a restart would.
  await measure(['dist-server/main.mjs'], dataDir, 18_901);
  for (const [name, args] of [
    ['built (npm start)', ['dist-server/main.mjs']],
    ['TypeScript loader (tsx)', ['--import', 'tsx', 'server/main.ts']],
  ] as const) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure([...args], dataDir, 18_902 + i));
    console.log(
      `${name}: first answer median ${median(runs.map((r) => r.firstAnswerMs))} ms (budget 1000), idle RSS median ${median(runs.map((r) => r.rss))} MB (budget 200)`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
