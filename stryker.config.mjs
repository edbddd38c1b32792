// Mutation testing (StrykerJS 9.6, vitest runner): `npm run mutate` mutates every module below and runs
// the tests that guard it; `npm run mutate -- --mutate 'server/plugins/auth.ts'` measures one module
// (its tests are chosen from the table below). Reports: reports/mutation/ (html) and the console.
// @ts-check

/** Module (glob of mutated files) → the test files that guard it. API tests are slow, so each server
 * module names its own instead of every test that happens to import it. */
const modules = {
  'src/offline/*.ts': ['tests/unit/offline/**/*.test.{ts,tsx}'],
  // Measured alone (`--mutate` naming exactly one of these), a module runs only its own tests: every
  // offline test passes through the engine and the database, which is minutes per mutant on a busy
  // machine. The scores are then a lower bound (other offline tests kill some survivors too).
  'src/offline/db.ts': ['tests/unit/offline/db*.test.ts'],
  // The engine and its parts (what goes out, what it writes to the outbox, what it uses of the browser).
  ...Object.fromEntries(
    ['sync-engine', 'sync-protocol', 'sync-outbox', 'sync-platform'].map((name) => [
      `src/offline/${name}.ts`,
      [
        'tests/unit/offline/sync-engine*.test.ts',
        'tests/unit/offline/tabs.test.ts',
        'tests/unit/offline/use-sync-status*.test.tsx',
      ],
    ]),
  ),
  'src/offline/use-sync-status.ts': ['tests/unit/offline/use-sync-status*.test.tsx'],
  'server/domain/time/entry-rules.ts': ['tests/unit/time/entry-rules*.test.ts'],
  'server/modules/access/service.ts': ['tests/api/access-rules.test.ts', 'tests/api/access-mutants.test.ts'],
  // On a bare Fastify over the real migrations (seconds per mutant); the sign-in routes' tests pass
  // through it too.
  'server/plugins/auth.ts': ['tests/api/auth-plugin.test.ts'],
  // The request plugins on a bare Fastify (no database): the API tests pass through them too, but
  // running those for each mutant would take hours.
  'server/plugins/errors.ts': ['tests/unit/server/plugins-mutants.test.ts'],
  // On a bare Fastify over the real migrations (tests/api/idempotency.test.ts also builds the whole
  // app, minutes per mutant).
  'server/plugins/idempotency.ts': ['tests/api/idempotency-plugin.test.ts'],
  'server/plugins/input-guard.ts': ['tests/unit/server/plugins-mutants.test.ts'],
  'server/plugins/method-override.ts': ['tests/unit/server/plugins-mutants.test.ts'],
};

/** The --mutate / -m value given on the command line, if any (Stryker itself applies it too). */
function requestedMutate() {
  const args = process.argv;
  const at = args.findIndex((arg) => arg === '--mutate' || arg === '-m');
  if (at >= 0 && args[at + 1]) return args[at + 1].split(',');
  const inline = args.find((arg) => arg.startsWith('--mutate='));
  return inline ? inline.slice('--mutate='.length).split(',') : null;
}

/** The modules a requested pattern touches: the same glob, a file inside it, or a folder holding it. */
function touches(moduleGlob, pattern) {
  const clean = pattern.replace(/:\d.*$/, '').replace(/^\.\//, '');
  if (clean === moduleGlob) return true;
  const dir = moduleGlob.includes('*') ? moduleGlob.slice(0, moduleGlob.lastIndexOf('/') + 1) : moduleGlob;
  return clean.startsWith(dir) || dir.startsWith(clean.replace(/\*.*$/, ''));
}

const requested = requestedMutate();
const clean = (pattern) => pattern.replace(/:\d.*$/, '').replace(/^\.\//, '');
const chosen = Object.keys(modules).filter(
  (glob) =>
    !requested ||
    requested.some((pattern) =>
      // A module named exactly is measured with its own tests only.
      clean(pattern) in modules ? clean(pattern) === glob : touches(glob, pattern),
    ),
);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker.vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: [...new Set(Object.keys(modules))],
  testFiles: [...new Set(chosen.flatMap((glob) => modules[glob]))],
  concurrency: 1,
  timeoutMS: 15_000,
  reporters: ['clear-text', 'html', 'json', 'progress-append-only'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  ignorePatterns: [
    'dist',
    'dist-server',
    'data',
    'coverage',
    'test-results',
    '.tmp',
    'docs',
    'reports',
    '.stryker-tmp*',
  ],
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  // tsconfig.json has no `extends` or `references` to rewrite, and Stryker's rewriter needs the JavaScript
  // API that TypeScript 7 no longer has: point it at a file that does not exist so it leaves ours alone.
  tsconfigFile: 'tsconfig.stryker-absent.json',
};
