// The JavaScript the Clock route loads first, gzipped (budget 170 KB). Two views that must agree:
// - static: the entry chunks (the app's and src/boot.ts), the Clock screen's chunk and everything
//   they import statically, from Vite's build manifest;
// - observed: every script Chromium downloads for a signed-in `staff` user opening /time/clock on a
//   cold cache (no service worker), until the Clock card is on screen and can be used.
// The figure is the union of both, so a chunk moved behind a dynamic import that still loads before
// the Clock is usable is counted. Scripts fetched later (idle work, the service worker's precache)
// are listed separately. STATIC_DIR picks another build than ./dist.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
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

const gzipCache = new Map<string, { raw: number; gz: number }>();
function sizeOf(file: string): { raw: number; gz: number } {
  let s = gzipCache.get(file);
  if (!s) {
    const buf = readFileSync(join(dist, file));
    s = { raw: buf.length, gz: gzipSync(buf, { level: 9 }).length };
    gzipCache.set(file, s);
  }
  return s;
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
function total(files: Iterable<string>) {
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const s = sizeOf(f);
    raw += s.raw;
    gz += s.gz;
  }
  return { raw, gz };
}

// index.html's entry and src/boot.ts (the early requests), both loaded by every page.
const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
const clock = Object.keys(manifest).find((k) => k.endsWith('features/time/clock-page.tsx'));
if (!clock) throw new Error('the Clock screen is not in the build manifest');
const staticFiles = new Set(
  [...closure([...entries, clock])].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')),
);

// What Chromium really downloads.
const server = await startServer({ STATIC_DIR: dist });
const beforeUsable = new Set<string>();
const afterUsable = new Set<string>();
let usableMs = 0;
try {
  const login = await fetch(`${server.url}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ UserName: 'staff', Password: 'Demo!2026apex' }),
  });
  const [name, value] = (login.headers.get('set-cookie') ?? '').split(';')[0].split('=');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'en-CA',
      serviceWorkers: 'block',
    });
    await context.addCookies([{ name, value, url: server.url }]);
    // A device that signed in before: the PWA's own marker (the cookie alone is a fresh device).
    await context.addInitScript(() => {
      if (location.pathname === '/time/clock') localStorage.setItem('apex.signedIn', '1');
    });
    const page = await context.newPage();
    let usable = false;
    page.on('response', (res) => {
      const path = new URL(res.url()).pathname;
      if (!path.endsWith('.js')) return;
      const file = path.replace(/^\//, '');
      if (!existsSync(join(dist, file))) return;
      (usable ? afterUsable : beforeUsable).add(file);
    });
    const started = Date.now();
    await page.goto(`${server.url}/time/clock`);
    // Usable: the Clock card shows the user's state and its punch button can be pressed.
    await page.getByTestId('clock-card').waitFor({ timeout: 30_000 });
    await page.getByTestId('clock-card').getByRole('button').first().waitFor();
    usable = true;
    usableMs = Date.now() - started;
    if (new URL(page.url()).pathname !== '/time/clock') throw new Error(`ended on ${page.url()}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3000);
    for (const f of beforeUsable) afterUsable.delete(f);
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}

const counted = new Set([...staticFiles, ...beforeUsable]);
const dynamicAtStart = [...beforeUsable].filter((f) => !staticFiles.has(f));
const notFetched = [...staticFiles].filter((f) => !beforeUsable.has(f));
const { raw, gz } = total(counted);
const budget = 170 * 1024;
const rows = [...counted].sort((a, b) => sizeOf(b).gz - sizeOf(a).gz);
for (const f of rows)
  console.log(`  ${kb(sizeOf(f).gz).padStart(9)}  ${f}${staticFiles.has(f) ? '' : '  (dynamic import)'}`);
if (dynamicAtStart.length)
  console.log(`Dynamic imports loaded before the Clock was usable: ${dynamicAtStart.join(', ')}`);
if (notFetched.length) console.log(`In the static closure but not downloaded: ${notFetched.join(', ')}`);
const later = total(afterUsable);
console.log(
  `Loaded after the Clock was usable (idle work): ${afterUsable.size} files, ${kb(later.gz)} gzip${afterUsable.size ? ` — ${[...afterUsable].join(', ')}` : ''}`,
);
console.log(
  `Clock route initial JavaScript: ${counted.size} files, ${kb(raw)} raw, ${kb(gz)} gzip (budget 170 KB) — ${gz <= budget ? 'within budget' : 'OVER BUDGET'}; usable after ${usableMs} ms (unthrottled, local server)`,
);
