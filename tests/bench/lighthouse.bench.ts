// Lighthouse (mobile) on the running product. Budget: performance ≥ 95 (median of 5). Runs headless Debian
// Chromium with no outside network.
// - /time/clock as a signed-in `staff` user: the browser holds the session cookie and the PWA's own
//   "signed in" marker (localStorage), but no service worker and no cached files — a returning user on
//   a cold cache. The run fails if the page did not stay on the Clock.
// - /account/login on a fresh device (no cookie, no storage).
// Each page is measured RUNS times (default 5) in a fresh browser; the median run is reported.
// STATIC_DIR picks another build than ./dist; LH_PATHS (comma-separated) measures only those pages;
// LH_DEBUG=1 prints the main diagnostics (long tasks, scripts' boot-up, main-thread work by kind).
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { ensureBuilt, startServer } from '../e2e/server';

const root = resolve(import.meta.dirname, '..', '..');
const env: Record<string, string> = process.env.STATIC_DIR
  ? { STATIC_DIR: resolve(root, process.env.STATIC_DIR) }
  : {};
if (!process.env.STATIC_DIR) ensureBuilt();
const RUNS = Number(process.env.RUNS ?? 5);
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

async function signedInCookie(url: string): Promise<{ name: string; value: string }> {
  const login = await fetch(`${url}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ UserName: 'staff', Password: 'Demo!2026apex' }),
  });
  const [name, value] = (login.headers.get('set-cookie') ?? '').split(';')[0].split('=');
  return { name, value };
}

async function measure(url: string, path: string, signedIn: boolean): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: FLAGS,
  });
  try {
    if (signedIn) {
      // Seed the cookie and the marker from a same-origin file that is not the app (so no service
      // worker is registered and no app file is cached).
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0];
      await context.addCookies([{ ...(await signedInCookie(url)), url }]);
      const page = await context.newPage();
      await page.goto(`${url}/manifest.webmanifest`);
      await page.evaluate(() => localStorage.setItem('apex.signedIn', '1'));
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(`${url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'best-practices', 'accessibility'],
      formFactor: 'mobile',
      screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 2, disabled: false },
      disableStorageReset: signedIn,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('no Lighthouse result');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const final = new URL(lhr.finalDisplayedUrl).pathname;
    if (final !== path) throw new Error(`${path} ended on ${final}`);
    return lhr;
  } finally {
    chrome.kill();
  }
}

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr: Lhr, id: string) => lhr.audits[id]?.displayValue ?? '-';

const server = await startServer(env);
try {
  // LH_PATHS=/time/clock measures one page only.
  const only = process.env.LH_PATHS?.split(',');
  for (const [path, signedIn] of (
    [
      ['/time/clock', true],
      ['/account/login', false],
    ] as const
  ).filter(([p]) => !only || only.includes(p))) {
    const runs: Lhr[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(server.url, path, signedIn));
    runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const lhr = runs[Math.floor(runs.length / 2)];
    // What the host was: Lighthouse's 4× CPU slowdown is relative to it (its docs/throttling.md), so
    // scores from hosts with another browser or CPU do not compare.
    const browserVersion = lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? '?';
    console.log(
      `  host: ${browserVersion}, Lighthouse benchmarkIndex ${runs.map((r) => Math.round(r.environment.benchmarkIndex)).join(', ')}`,
    );
    console.log(
      `Lighthouse mobile ${path}${signedIn ? ' (signed in as staff)' : ''}: performance ${score(lhr, 'performance')} (budget ≥ 95; runs ${runs.map((r) => score(r, 'performance')).join(', ')}), accessibility ${score(lhr, 'accessibility')}, best practices ${score(lhr, 'best-practices')}; FCP ${metric(lhr, 'first-contentful-paint')}, LCP ${metric(lhr, 'largest-contentful-paint')}, TBT ${metric(lhr, 'total-blocking-time')}, CLS ${metric(lhr, 'cumulative-layout-shift')}, SI ${metric(lhr, 'speed-index')}`,
    );
    if (process.env.LH_DEBUG) {
      for (const a of Object.values(lhr.audits)) {
        if (a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
          console.log(`  - ${a.id}: ${a.displayValue ?? ''} (${a.score})`);
      }
      const lcp = lhr.audits['largest-contentful-paint-element']?.details as
        | { items?: { items?: { node?: { snippet?: string } }[] }[] }
        | undefined;
      console.log(`  LCP element: ${lcp?.items?.[0]?.items?.[0]?.node?.snippet ?? '-'}`);
      const items = (id: string, n = 8) =>
        ((lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(
          0,
          n,
        );
      for (const t of items('long-tasks', 30)) console.log(`  long task ${JSON.stringify(t)}`);
      for (const t of items('bootup-time')) console.log(`  bootup ${JSON.stringify(t)}`);
      for (const t of items('mainthread-work-breakdown')) console.log(`  main thread ${JSON.stringify(t)}`);
      for (const t of items('network-requests', 60))
        console.log(`  request ${JSON.stringify(t).slice(0, 300)}`);
    }
  }
} finally {
  await server.stop();
}
