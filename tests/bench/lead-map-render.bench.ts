// Benchmark: time to a first clustered render of the leads map in headless Chromium, with 100 000
// leads in one lead group (README "Benchmarks": the map stays interactive with a
// clustered GeoJSON source).
//
// Starts the real product (the built server serving the built PWA, fresh data directory) as the
// end-to-end tests do, imports the leads through the product's own CSV upload (a lead batch with
// coordinates, spread over Greater Toronto like lead-markers.bench.ts), then opens /leads as the
// manager in Chromium and reads `data-first-leads-render-ms`, which the map view stamps at its first
// idle with leads drawn (performance.now(): milliseconds from the start of the navigation). Two
// cameras: the group's home (its territories, about 2 km across) and the whole city (about 20 km, where
// the viewport holds more leads than one answer carries and the server answers clusters on a grid). Each is opened RUNS times cold (a new browser
// context: empty HTTP cache, no service worker) and warm (a reload in the same context). Also
// reported: the longest main-thread task from navigation to that render (PerformanceObserver
// 'longtask'), and the viewport request the page made (its time and payload).
// Prints the figures; asserts nothing (timings vary by machine).
//   npx vite build && npx tsx tests/bench/lead-map-render.bench.ts
// (BENCH_LEADS, BENCH_RUNS: fewer leads or runs for a quick look; BENCH_SHOTS=<dir>: screenshots.)
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { JobStatus } from '../../src/contract/common';
import type { LeadBatch, LeadBatchJob, LeadGroup, LeadStatus } from '../../src/contract/leads';
import { launch, VIEWPORTS } from '../e2e/browser';
import { ensureBuilt, type RunningServer, startServer } from '../e2e/server';

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** A folder to save a screenshot of each camera's first render in (optional). */
const SHOTS = process.env.BENCH_SHOTS;
const GROUP = 'Toronto West End';
// Greater Toronto: about 16 km × 13 km (as in lead-markers.bench.ts).
const AREA = { south: 43.6, north: 43.72, west: -79.52, east: -79.32 };
const CITY_VIEW = { longitude: -79.42, latitude: 43.66, zoom: 11 };

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

interface Api {
  cookie: { name: string; value: string };
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

async function signIn(server: RunningServer, user: string): Promise<Api> {
  const login = await fetch(`${server.url}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ UserName: user, Password: 'Demo!2026apex' }),
  });
  if (!login.ok) throw new Error(`sign-in as ${user}: ${login.status}`);
  const [pair] = (login.headers.get('set-cookie') ?? '').split(';');
  const eq = pair.indexOf('=');
  const cookie = { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
  const tokenRes = await fetch(`${server.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: pair },
    body: JSON.stringify({ clientId: 'apex-pwa' }),
  });
  const token = (await tokenRes.json()) as string;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}/api/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    cookie,
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
  };
}

/** Imports LEADS leads into the group through a CSV lead batch; returns the seconds it took. */
async function importLeads(api: Api, group: LeadGroup): Promise<{ seconds: number; job: LeadBatchJob }> {
  const statuses = (await api.get<LeadStatus[]>(`lead-statuses?divisionId=${group.DivisionID}`)).filter(
    (s) => (s.TypeFlags & 3) !== 0,
  );
  const rnd = random(42);
  const lines = ['Address,City,Province/State,Latitude,Longitude,Status'];
  for (let i = 0; i < LEADS; i++) {
    const lat = AREA.south + rnd() * (AREA.north - AREA.south);
    const lng = AREA.west + rnd() * (AREA.east - AREA.west);
    const status = rnd() < 0.6 ? statuses[Math.floor(rnd() * statuses.length)].Name : '';
    lines.push(`${i + 1} Benchmark St,Toronto,ON,${lat.toFixed(6)},${lng.toFixed(6)},${status}`);
  }
  const csv = `${lines.join('\r\n')}\r\n`;
  const started = performance.now();
  const batch = await api.post<LeadBatch>('lead-batches', {
    LeadGroupID: group.LeadGroupID,
    FileName: 'benchmark-100k.csv',
    ContentBase64: Buffer.from(csv).toString('base64'),
    Description: 'Benchmark 100k',
  });
  for (;;) {
    const job = await api.get<LeadBatchJob>(`lead-batch-jobs/${batch.Job.Id}`);
    if (job.JobStatus === JobStatus.Succeeded) return { seconds: (performance.now() - started) / 1000, job };
    if (job.JobStatus === JobStatus.Failed) throw new Error(`import failed: ${job.Messages.join(' ')}`);
    if (performance.now() - started > 15 * 60_000) throw new Error('import took over 15 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

interface Render {
  ms: number;
  longestTaskMs: number;
  clusters: number;
  markers: number;
  features: number;
  /** The page's viewport request (lead-territories/lead-markers): time, JSON size, bytes on the wire. */
  request: { ms: number; kb: number; gzipKB: number } | null;
}

// Long tasks from the start of the page (before any of its scripts run).
const OBSERVE_LONG_TASKS = () => {
  const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
};

async function measure(page: Page, open: () => Promise<unknown>): Promise<Render> {
  let request: Promise<{ ms: number; kb: number; gzipKB: number }> | null = null;
  const onFinished = (req: Request) => {
    if (request || !req.url().includes('/api/lead-territories/lead-markers')) return;
    request = (async () => {
      const [body, sizes] = await Promise.all([req.response().then((r) => r?.body()), req.sizes()]);
      return {
        ms: req.timing().responseEnd,
        kb: (body?.length ?? 0) / 1024,
        gzipKB: sizes.responseBodySize / 1024,
      };
    })();
  };
  page.on('requestfinished', onFinished);
  await open();
  const map = page.getByTestId('leads-map');
  try {
    await map.locator('xpath=self::*[@data-first-leads-render-ms]').waitFor({ timeout: 120_000 });
  } catch (error) {
    const shot = join(tmpdir(), `lead-map-render-${Date.now()}.png`);
    await page.screenshot({ path: shot });
    throw new Error(`no leads drawn on ${page.url()} (screenshot ${shot})`, { cause: error });
  }
  const stamp = await map.evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const ms = Number(stamp.firstLeadsRenderMs);
  const longestTaskMs = await page.evaluate(
    (until) =>
      Math.max(
        0,
        ...(window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks
          .filter((t) => t.start <= until)
          .map((t) => t.duration),
      ),
    ms,
  );
  page.off('requestfinished', onFinished);
  const r = await (request as Promise<{ ms: number; kb: number; gzipKB: number }> | null);
  return {
    ms,
    longestTaskMs,
    clusters: Number(stamp.renderedClusters),
    markers: Number(stamp.renderedMarkers),
    features: Number(stamp.featureCount),
    request: r,
  };
}

async function newContext(browser: Browser, server: RunningServer, api: Api, view: SavedView | null) {
  const context: BrowserContext = await browser.newContext({
    baseURL: server.url,
    viewport: VIEWPORTS.phone,
    locale: 'en-CA',
  });
  // Signed in as the sign-in page leaves it: the session cookie and the app's signed-in flag.
  await context.addCookies([{ ...api.cookie, url: server.url }]);
  await context.addInitScript(() => localStorage.setItem('apex.signedIn', '1'));
  await context.addInitScript(OBSERVE_LONG_TASKS);
  if (view)
    await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: view.key,
      value: JSON.stringify(view.views),
    });
  return context;
}

interface SavedView {
  key: string;
  views: Record<string, { longitude: number; latitude: number; zoom: number }>;
}

function report(label: string, runs: Render[]) {
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  const tasks = runs.map((r) => r.longestTaskMs).sort((a, b) => a - b);
  const requests = runs.flatMap((r) => (r.request ? [r.request] : []));
  const req = requests.map((r) => r.ms).sort((a, b) => a - b);
  const kb = requests.map((r) => r.kb).sort((a, b) => a - b);
  const gz = requests.map((r) => r.gzipKB).sort((a, b) => a - b);
  const last = runs.at(-1)!;
  console.log(
    `    ${label}: first clustered render median ${quantile(times, 0.5).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms; longest main-thread task median ${quantile(tasks, 0.5).toFixed(0)} ms`,
  );
  console.log(
    `      ${last.features} points in the source (leads and server clusters), ${last.clusters} cluster and ${last.markers} marker features drawn` +
      (req.length
        ? `; viewport request median ${quantile(req, 0.5).toFixed(0)} ms, ${quantile(kb, 0.5).toFixed(0)} KB JSON (${quantile(gz, 0.5).toFixed(0)} KB on the wire)`
        : '; viewport request served from cache'),
  );
}

async function main() {
  const started = performance.now();
  ensureBuilt();
  const server = await startServer();
  let browser: Browser | null = null;
  try {
    const api = await signIn(server, 'manager');
    const group = (await api.get<LeadGroup[]>('lead-groups')).find((g) => g.Name === GROUP);
    if (!group) throw new Error(`no lead group '${GROUP}'`);
    const imported = await importLeads(api, group);
    const me = await api.get<{ EmployeeID: number }>('Home/identity');
    console.log(
      `lead-map-render benchmark: ${LEADS.toLocaleString('en-CA')} leads in one group, Chromium at ${VIEWPORTS.phone.width}×${VIEWPORTS.phone.height}`,
    );
    console.log(
      `  import through a CSV lead batch: ${imported.seconds.toFixed(1)} s (${imported.job.LocatedCount} located)`,
    );

    browser = await launch();
    const cameras: [string, SavedView | null][] = [
      ['group home (territories)', null],
      [
        `whole city (zoom ${CITY_VIEW.zoom})`,
        { key: `apex.leads.views:${me.EmployeeID}`, views: { [group.LeadGroupID]: CITY_VIEW } },
      ],
    ];
    for (const [camera, view] of cameras) {
      console.log(`  ${camera}, ${RUNS} runs:`);
      const cold: Render[] = [];
      const warm: Render[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await newContext(browser, server, api, view);
        const page = await context.newPage();
        cold.push(await measure(page, () => page.goto('/leads')));
        if (SHOTS && i === 0)
          await page.screenshot({ path: join(SHOTS, `lead-map-render-${view ? 'city' : 'home'}.png`) });
        warm.push(await measure(page, () => page.reload()));
        await context.close();
      }
      report('cold (new context)', cold);
      report('warm (reload)', warm);
    }
    console.log(`  total ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
