// Street tiles (README "Benchmarks"): autocannon against the built server (dist-server/main.mjs, as
// `npm start` runs it) serving a PMTiles archive built here (the synthetic street grid around the demo
// offices, tests/helpers/street-grid.ts), at 50 connections, signed in as the rep (session cookie, as
// the map's worker sends it), rotating over the street-level tiles of Toronto; compared in the same run
// with a static file of the same size (the median tile, gzip as stored) served from STATIC_DIR. Prints
// req/s, latency p50/p95/p99 and errors. Asserts nothing (figures vary by machine).
//   npm run bench -- tiles
//   BENCH_DURATION=5 BENCH_CONNECTIONS=50 npm run bench -- tiles
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { streetGridArchive, streetGridTiles } from '../helpers/street-grid';
import { startBuiltServer, stopBuiltServer } from './built-server';

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number; [k: string]: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface RequestSpec {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  setupRequest?: (req: RequestSpec) => RequestSpec;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  timeout?: number;
  requests?: RequestSpec[];
}
interface Instance {
  on(event: 'response', f: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = ((opts: AutocannonOptions) => Promise<Result>) &
  ((opts: AutocannonOptions, done: (err: unknown, result: Result) => void) => Instance);

/** A load run with the 95th percentile of its response times (autocannon reports p90 and p97.5). */
function measure(autocannon: Autocannon, opts: AutocannonOptions): Promise<{ result: Result; p95: number }> {
  return new Promise((ok, fail) => {
    const times: number[] = [];
    const instance = autocannon(opts, (err, result) => {
      if (err) return fail(err);
      times.sort((a, b) => a - b);
      ok({ result, p95: Math.round(times[Math.floor(times.length * 0.95)] ?? 0) });
    });
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
}

const root = join(import.meta.dirname, '..', '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '50').split(',').map(Number);
const server = resolve(process.env.BENCH_SERVER ?? join(root, 'dist-server', 'main.mjs'));

async function main() {
  if (!existsSync(server)) execSync('npx tsx scripts/build-server.ts', { cwd: root, stdio: 'inherit' });
  // Typed locally: the package ships no types.
  const autocannon = (await import('autocannon' as string)).default as Autocannon;
  const dir = mkdtempSync(join(tmpdir(), 'apex-tiles-bench-'));
  const archive = join(dir, 'grid.pmtiles');
  const bytes = streetGridArchive();
  writeFileSync(archive, bytes);
  // Street-level tiles of Toronto, and a static file the size of their median (as sent, gzip).
  const tiles = streetGridTiles().filter((t) => t.z === 15 && t.x < 9200);
  const sizes = tiles.map((t) => gzipSync(t.data).length).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)];
  const staticDir = join(dir, 'static');
  execSync(`mkdir -p ${staticDir}`);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');
  writeFileSync(join(staticDir, 'same-size.bin'), Buffer.alloc(median, 7));

  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  const child = await startBuiltServer(server, port, {
    DATA_DIR: join(dir, 'data'),
    STATIC_DIR: staticDir,
    MAP_TILES: archive,
  });
  try {
    const login = await fetch(`${url}/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ UserName: 'rep', Password: process.env.DEMO_PASSWORD ?? 'Demo!2026apex' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    let i = 0;
    const tileReq: RequestSpec = {
      method: 'GET',
      headers: { cookie, 'accept-encoding': 'gzip' },
      setupRequest: (req) => {
        const t = tiles[i++ % tiles.length];
        return { ...req, path: `/tiles/${t.z}/${t.x}/${t.y}.mvt` };
      },
    };
    const staticReq: RequestSpec = {
      method: 'GET',
      path: '/same-size.bin',
      headers: { 'accept-encoding': 'gzip' },
    };
    const rows: string[] = [];
    for (const connections of CONNECTIONS)
      for (const [name, req] of [
        ['street tile (archive, signed in)', tileReq],
        [`static file of ${median} B`, staticReq],
      ] as const) {
        await autocannon({ url, connections: 10, amount: 300, requests: [req] });
        const { result: r, p95 } = await measure(autocannon, {
          url,
          connections,
          duration: DURATION,
          timeout: 10,
          requests: [req],
        });
        rows.push(
          `| ${name} | ${connections} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${p95} | ${r.latency.p99} | ${r.errors + r.timeouts + r.non2xx} |`,
        );
      }
    console.log(
      `\nStreet tiles — ${DURATION} s per line; archive ${(bytes.length / 1024).toFixed(0)} KB, ${tiles.length} tiles rotated (median ${median} B gzip)\n`,
    );
    console.log('| what | connections | req/s | p50 ms | p95 ms | p99 ms | errors |');
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await stopBuiltServer(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
