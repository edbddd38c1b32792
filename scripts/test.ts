// `npm test`: every check, in order — locales, typecheck, lint, PWA build, then the unit, API and
// end-to-end suites in one vitest run — ending with a plain pass/fail summary.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

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
console.log('\n▶ tests (unit, api, e2e)');
const started = Date.now();
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } },
);
results.push({ name: 'tests', ok: vitest.status === 0, seconds: (Date.now() - started) / 1000 });

let passed = 0;
let failed = 0;
let skipped = 0;
const perProject = new Map<string, { passed: number; failed: number }>();
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    testResults: { name: string; assertionResults: { status: string }[] }[];
  };
  for (const file of json.testResults) {
    const project = file.name.includes('/tests/e2e/')
      ? 'e2e'
      : file.name.includes('/tests/api/')
        ? 'api'
        : 'unit';
    const counts = perProject.get(project) ?? { passed: 0, failed: 0 };
    for (const a of file.assertionResults) {
      if (a.status === 'passed') {
        passed++;
        counts.passed++;
      } else if (a.status === 'failed') {
        failed++;
        counts.failed++;
      } else skipped++;
    }
    // A file that failed to load has no assertions but still failed.
    perProject.set(project, counts);
  }
}
const stepFailures = results.filter((r) => !r.ok);

console.log('\n──────── summary ────────');
for (const r of results) console.log(`${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds.toFixed(1)} s)`);
for (const [project, c] of perProject) console.log(`  ${project}: ${c.passed} passed, ${c.failed} failed`);
if (stepFailures.length) console.log(`failed steps: ${stepFailures.map((s) => s.name).join(', ')}`);
// Count a failed check step as a failure too, so the closing line never reads green when a step broke.
const failedTotal =
  failed +
  stepFailures.filter((s) => s.name !== 'tests').length +
  (vitest.status !== 0 && failed === 0 ? 1 : 0);
console.log(`${passed} passed, ${failedTotal} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedTotal === 0 ? 0 : 1);
