// `npm test`: every check, in order — locales, typecheck, lint, PWA build, then the unit, API and
// end-to-end suites in one vitest run, then the API suite again on a throwaway PostgreSQL server when
// the distribution's binaries are installed — ending with a plain pass/fail summary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const report = join(root, '.tmp', 'vitest-report.json');
mkdirSync(join(root, '.tmp'), { recursive: true });

interface Step {
  name: string;
  cmd: string[];
}
const steps: Step[] = [
  { name: 'locales', cmd: ['npx', 'tsx', 'scripts/build-locales.ts'] },
  { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit', '-p', '.'] },
  { name: 'typecheck (service worker)', cmd: ['npx', 'tsc', '--noEmit', '-p', 'sw'] },
  { name: 'lint', cmd: ['npx', 'biome', 'check', '.'] },
  { name: 'build', cmd: ['npx', 'vite', 'build', '--logLevel', 'warn'] },
  { name: 'build (server)', cmd: ['npx', 'tsx', 'scripts/build-server.ts'] },
];

const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps) {
  const started = Date.now();
  console.log(`\n▶ ${step.name}`);
  const run = spawnSync(step.cmd[0], step.cmd.slice(1), { cwd: root, stdio: 'inherit' });
  results.push({ name: step.name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}

rmSync(report, { force: true });
const extra = process.argv.slice(2);
// The API suite runs on the embedded database (PGlite) in the main run; with TEST_DATABASE_URL already
// set, on that PostgreSQL server instead.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
console.log('\n▶ tests (unit, api, e2e)');
const started = Date.now();
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } },
);
results.push({ name: 'tests', ok: vitest.status === 0, seconds: (Date.now() - started) / 1000 });

// Then the API suite again on a PostgreSQL server: a throwaway cluster from the distribution's binaries
// (scripts/with-postgres.sh). Files that always use the embedded database are not run twice.
const PGLITE_ONLY = ['tests/api/db-outdated.test.ts', 'tests/api/seed-clock.test.ts'];
const pgReport = join(root, '.tmp', 'vitest-report-postgresql.json');
rmSync(pgReport, { force: true });
const pgBin = process.env.PG_BIN ?? postgresBinaries();
let pgNote: string | null = null;
if (onServer) {
  pgNote = 'api ran on the PostgreSQL server of TEST_DATABASE_URL';
} else if (process.env.APEX_TEST_POSTGRES === '0') {
  pgNote = 'api (postgresql): not run (APEX_TEST_POSTGRES=0)';
} else if (!pgBin) {
  pgNote =
    'api (postgresql): not run — no PostgreSQL binaries under /usr/lib/postgresql/*/bin (install the postgresql package, or set PG_BIN)';
} else if (extra.length > 0) {
  pgNote = `api (postgresql): not run (arguments given: ${extra.join(' ')})`;
} else {
  console.log('\n▶ tests (api on PostgreSQL)');
  const pgStarted = Date.now();
  const run = spawnSync(
    'bash',
    [
      'scripts/with-postgres.sh',
      'npx',
      'vitest',
      'run',
      '--project',
      'api',
      ...PGLITE_ONLY.flatMap((f) => ['--exclude', f]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${pgReport}`,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PG_BIN: pgBin, FORCE_COLOR: process.env.CI ? '0' : '1' },
    },
  );
  results.push({
    name: 'tests (api on PostgreSQL)',
    ok: run.status === 0,
    seconds: (Date.now() - pgStarted) / 1000,
  });
}

/** The newest /usr/lib/postgresql/<version>/bin holding initdb and pg_ctl, or null. */
function postgresBinaries(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')) && existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((x, y) => Number.parseFloat(y) - Number.parseFloat(x));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

let passed = 0;
let failed = 0;
let skipped = 0;
// Named at the end of the summary so the last lines of a CI log say which test broke.
const failures: { name: string; why: string[] }[] = [];
const perProject = new Map<string, { passed: number; failed: number; skipped: number }>();
function count(path: string, apiLabel: string): void {
  if (!existsSync(path)) return;
  const json = JSON.parse(readFileSync(path, 'utf8')) as {
    testResults: {
      name: string;
      assertionResults: {
        status: string;
        fullName?: string;
        title?: string;
        failureMessages?: string[];
      }[];
    }[];
  };
  for (const file of json.testResults) {
    const project = file.name.includes('/tests/e2e/')
      ? 'e2e'
      : file.name.includes('/tests/api/')
        ? apiLabel
        : 'unit';
    const counts = perProject.get(project) ?? { passed: 0, failed: 0, skipped: 0 };
    for (const a of file.assertionResults) {
      if (a.status === 'passed') {
        passed++;
        counts.passed++;
      } else if (a.status === 'failed') {
        failed++;
        counts.failed++;
        // The first lines of why (the stack left out): a CI log that keeps only its tail still says it.
        const why = (a.failureMessages?.[0] ?? '')
          .split('\n')
          .filter((line) => !/^\s+at /.test(line))
          .slice(0, 12)
          .map((line) => line.slice(0, 200));
        failures.push({
          name: `${relative(process.cwd(), file.name)} › ${a.fullName ?? a.title ?? '?'}`,
          why,
        });
      } else {
        skipped++;
        counts.skipped++;
      }
    }
    // A file that failed to load has no assertions but still failed.
    perProject.set(project, counts);
  }
}
count(report, onServer ? 'api (postgresql)' : 'api');
count(pgReport, 'api (postgresql)');
const stepFailures = results.filter((r) => !r.ok);

console.log('\n──────── summary ────────');
for (const r of results) console.log(`${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds.toFixed(1)} s)`);
for (const [project, c] of perProject)
  console.log(
    `  ${project}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`,
  );
if (pgNote) console.log(`  ${pgNote}`);
for (const { name, why } of failures) {
  console.log(`  ✘ ${name}`);
  for (const line of why) console.log(`      ${line}`);
}
if (stepFailures.length) console.log(`failed steps: ${stepFailures.map((s) => s.name).join(', ')}`);
// Count a failed check step as a failure too, so the closing line never reads green when a step broke
// (a test run that exits non-zero with no failed test — an unhandled error — counts as one).
const testSteps = ['tests', 'tests (api on PostgreSQL)'];
const failedTotal =
  failed +
  stepFailures.filter((s) => !testSteps.includes(s.name)).length +
  (failed === 0 ? stepFailures.filter((s) => testSteps.includes(s.name)).length : 0);
console.log(`${passed} passed, ${failedTotal} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedTotal === 0 ? 0 : 1);
