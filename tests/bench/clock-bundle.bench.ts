// The JavaScript the Clock route loads first, gzipped (budget 170 KB on each path). Two views that
// must agree:
// - static: the entry chunks (the app's and src/boot.ts), the Clock screen's chunk and everything
//   they import statically, from Vite's build manifest;
// - observed: every script Chromium downloads on a cold cache (no service worker) until the Clock
//   card is on screen and can be used, on two paths:
//   1. "signed in": a `staff` user whose phone holds a sign-in opens /time/clock;
//   2. "sign-in form": a fresh phone opens /time/clock, is sent to the sign-in page, waits there as
//      a person typing would (until the network is quiet, plus a second), signs in through the form
//      and lands on the Clock (every script of the sign-in page counts too).
// Each path's figure is the union of both views, so a chunk moved behind a dynamic import that still
// loads before the Clock is usable is counted. Scripts fetched later (idle work, the service worker's
// precache) are listed separately. Bytes per library come from the build's module report
// (scripts/vite-build-plugins.ts: each chunk's gzip size shared among its modules in proportion to
// their own gzip sizes). The Brotli figure is what the server sends (the build's .br copies).
// STATIC_DIR picks another build than ./dist.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type BrowserContext, chromium } from 'playwright-core';
import { BUNDLE_REPORT_FILE, type BundleReport } from '../../scripts/vite-build-plugins';
import { startServer } from '../e2e/server';

const root = join(import.meta.dirname, '..', '..');
const dist = resolve(root, process.env.STATIC_DIR ?? 'dist');
if (!existsSync(join(dist, '.vite', 'manifest.json')))
  execSync('npm run build', { cwd: root, stdio: 'inherit' });

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean; css?: string[] }>;
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imp of manifest[key].imports ?? []) visit(imp);
  };
  for (const k of keys) visit(k);
  return seen;
}

const gzipCache = new Map<string, { raw: number; gz: number; br: number }>();
function sizeOf(file: string): { raw: number; gz: number; br: number } {
  let s = gzipCache.get(file);
  if (!s) {
    const buf = readFileSync(join(dist, file));
    const brFile = join(dist, `${file}.br`);
    const br = existsSync(brFile)
      ? readFileSync(brFile).length
      : brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    s = { raw: buf.length, gz: gzipSync(buf, { level: 9 }).length, br };
    gzipCache.set(file, s);
  }
  return s;
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
function total(files: Iterable<string>) {
  let raw = 0;
  let gz = 0;
  let br = 0;
  for (const f of files) {
    const s = sizeOf(f);
    raw += s.raw;
    gz += s.gz;
    br += s.br;
  }
  return { raw, gz, br };
}

const reportPath = join(dist, BUNDLE_REPORT_FILE);
const report: BundleReport | null = existsSync(reportPath)
  ? (JSON.parse(readFileSync(reportPath, 'utf8')) as BundleReport)
  : null;

/** The library a module belongs to (its package), or the app's own code by top folder. */
function libraryOf(id: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg) return pkg[1];
  if (id.startsWith('src/')) return 'app code (src/)';
  return 'bundler runtime';
}

/** Gzip bytes per library in `files`: each chunk's size shared among its modules. */
function perLibrary(files: Iterable<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of files) {
    const modules = report?.[f];
    const { gz } = sizeOf(f);
    const sum = modules ? Object.values(modules).reduce((n, m) => n + m.gzip, 0) : 0;
    if (!modules || sum === 0) {
      out.set('(no module report)', (out.get('(no module report)') ?? 0) + gz);
      continue;
    }
    for (const [id, m] of Object.entries(modules)) {
      const lib = libraryOf(id);
      out.set(lib, (out.get(lib) ?? 0) + (gz * m.gzip) / sum);
    }
  }
  return out;
}

// index.html's entry and src/boot.ts (the early requests), both loaded by every page.
const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
const clock = Object.keys(manifest).find((k) => k.endsWith('features/time/clock-page.tsx'));
if (!clock) throw new Error('the Clock screen is not in the build manifest');
const staticFiles = new Set(
  [...closure([...entries, clock])].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')),
);

// What Chromium really downloads.
interface Observed {
  before: Set<string>;
  after: Set<string>;
  usableMs: number;
}

/** Records the app's scripts until `reach` says the Clock is usable, then for 3 s more. */
async function observe(
  context: BrowserContext,
  reach: (page: import('playwright-core').Page) => Promise<void>,
) {
  const page = await context.newPage();
  const before = new Set<string>();
  const after = new Set<string>();
  let usable = false;
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (!path.endsWith('.js')) return;
    const file = path.replace(/^\//, '');
    if (!existsSync(join(dist, file))) return;
    (usable ? after : before).add(file);
  });
  const started = Date.now();
  await reach(page);
  // Usable: the Clock card shows the user's state and its punch button can be pressed.
  await page.getByTestId('clock-card').waitFor({ timeout: 30_000 });
  await page.getByTestId('clock-card').getByRole('button').first().waitFor();
  usable = true;
  const usableMs = Date.now() - started;
  if (new URL(page.url()).pathname !== '/time/clock') throw new Error(`ended on ${page.url()}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3000);
  for (const f of before) after.delete(f);
  return { before, after, usableMs } satisfies Observed;
}

const server = await startServer({ STATIC_DIR: dist });
const paths: { name: string; observed: Observed }[] = [];
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  const phone = () =>
    browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-CA', serviceWorkers: 'block' });
  try {
    // 1. A phone that signed in before.
    const login = await fetch(`${server.url}/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ UserName: 'staff', Password: 'Demo!2026apex' }),
    });
    const [name, value] = (login.headers.get('set-cookie') ?? '').split(';')[0].split('=');
    const signedIn = await phone();
    await signedIn.addCookies([{ name, value, url: server.url }]);
    // The PWA's own marker of a device that signed in (the cookie alone is a fresh device).
    await signedIn.addInitScript(() => {
      if (location.pathname === '/time/clock') localStorage.setItem('apex.signedIn', '1');
    });
    paths.push({
      name: 'signed in',
      observed: await observe(signedIn, async (page) => {
        await page.goto(`${server.url}/time/clock`);
      }),
    });
    await signedIn.close();

    // 2. A fresh phone signs in through the form and lands on the Clock.
    const fresh = await phone();
    paths.push({
      name: 'sign-in form',
      observed: await observe(fresh, async (page) => {
        await page.goto(`${server.url}/time/clock`);
        await page.waitForURL(/\/account\/login\?returnUrl=%2Ftime%2Fclock/);
        const form = page.locator('#loginForm');
        await form.locator('input[name="UserName"]').waitFor();
        // A person reads the page and types: whatever the page fetches meanwhile arrives first.
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1000);
        await form.locator('input[name="UserName"]').fill('staff');
        await form.locator('input[name="Password"]').fill('Demo!2026apex');
        await form.locator('button[type="submit"]').click();
        await page.waitForURL(/\/time\/clock$/);
      }),
    });
    await fresh.close();
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}

const budget = 170 * 1024;
const summary: string[] = [];
const libraries = new Map<string, Map<string, number>>();
for (const { name, observed } of paths) {
  const { before, after, usableMs } = observed;
  const counted = new Set([...staticFiles, ...before]);
  const dynamicAtStart = [...before].filter((f) => !staticFiles.has(f));
  const notFetched = [...staticFiles].filter((f) => !before.has(f));
  const { raw, gz, br } = total(counted);
  console.log(`\n--- ${name} ---`);
  const rows = [...counted].sort((a, b) => sizeOf(b).gz - sizeOf(a).gz);
  for (const f of rows)
    console.log(`  ${kb(sizeOf(f).gz).padStart(9)}  ${f}${staticFiles.has(f) ? '' : '  (dynamic import)'}`);
  if (dynamicAtStart.length)
    console.log(`Dynamic imports loaded before the Clock was usable: ${dynamicAtStart.join(', ')}`);
  if (notFetched.length) console.log(`In the static closure but not downloaded: ${notFetched.join(', ')}`);
  const later = total(after);
  console.log(
    `Loaded after the Clock was usable (idle work): ${after.size} files, ${kb(later.gz)} gzip${after.size ? ` — ${[...after].join(', ')}` : ''}`,
  );
  libraries.set(name, perLibrary(counted));
  summary.push(
    `Clock route initial JavaScript, ${name}: ${counted.size} files, ${kb(raw)} raw, ${kb(gz)} gzip, ${kb(br)} brotli (budget 170 KB gzip) — ${gz <= budget ? 'within budget' : 'OVER BUDGET'}; usable after ${usableMs} ms (unthrottled, local server)`,
  );
}

// Bytes per library on each path (gzip).
const names = paths.map((p) => p.name);
const allLibs = new Map<string, number>();
for (const m of libraries.values())
  for (const [lib, n] of m) allLibs.set(lib, Math.max(allLibs.get(lib) ?? 0, n));
console.log(
  `\nGzip bytes per library before the Clock is usable${report ? '' : ' (no module report in this build)'}:`,
);
console.log(`  ${'library'.padEnd(32)}${names.map((n) => n.padStart(14)).join('')}`);
for (const [lib] of [...allLibs].sort((a, b) => b[1] - a[1])) {
  const cells = names.map((n) => kb(libraries.get(n)?.get(lib) ?? 0).padStart(14));
  console.log(`  ${lib.padEnd(32)}${cells.join('')}`);
}
console.log('');
for (const line of summary) console.log(line);
