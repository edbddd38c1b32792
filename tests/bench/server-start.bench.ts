// Cold start and idle footprint of the production server (README "Benchmarks"): the built bundle
// (dist-server/main.mjs, as `npm start` runs it) beside the same server through the TypeScript
// loader, on a data directory that already holds the demo company. Reports time from spawn to the
// first answer, the CPU the process had used by then (all threads, and its main thread: wall time on
// a shared machine depends on what else runs, CPU much less) and the resident memory after
// BENCH_IDLE_MS (3 s) idle. Budgets: first answer ≤ 1 s, RSS ≤ 200 MB.
// The first start seeds the demo company and writes the built server's V8 code cache
// (dist-server/server.cjs.cache, server/launch.ts); the measured starts use it, as a restart would.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time (user + system) of the process, or of one of its threads, in ms (Linux /proc). */
function cpuMs(pid: number, thread?: number): number {
  const stat = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

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
    const pid = child.pid ?? 0;
    const cpu = cpuMs(pid);
    const mainCpu = cpuMs(pid, pid);
    await sleep(IDLE_MS);
    return { firstAnswerMs, cpu, mainCpu, rss: rssMb(child) };
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
  console.log(`load average ${loadavg()[0].toFixed(1)} (${availableParallelism()} cores)`);
  for (const [name, args] of [
    ['built (npm start)', ['dist-server/main.mjs']],
    ['TypeScript loader (tsx)', ['--import', 'tsx', 'server/main.ts']],
  ] as const) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure([...args], dataDir, 18_902 + i));
    console.log(
      `${name}: first answer median ${median(runs.map((r) => r.firstAnswerMs))} ms (budget 1000; CPU by then ${median(runs.map((r) => r.cpu))} ms, main thread ${median(runs.map((r) => r.mainCpu))} ms), idle RSS median ${median(runs.map((r) => r.rss))} MB (budget 200)`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
