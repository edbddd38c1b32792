// Bundles the API server into plain JavaScript (dist-server/), so production runs `node` on built code
// with no TypeScript loader. Two files:
// - server.cjs: the server's own code, the shared contract and the packages it uses, in one CommonJS
//   file. One file instead of hundreds spares Node.js the resolving, reading and separate compiling
//   of each, and lets server/launch.ts compile it through V8's code cache (vm.Script, which runs
//   CommonJS, not ES modules).
// - main.mjs (server/launch.ts): what `node dist-server/main.mjs` runs; loads server.cjs with its cache.
// Packages that read files beside their own code, or load only on some requests, stay in node_modules:
// PGlite (its WebAssembly and data files; the database thread imports it itself), pdfkit (fonts),
// exceljs and nodemailer (first use, server/libraries.ts) and swagger-ui (its page's files).
// Files the server reads beside its code at run time (the SQL migrations, the gazetteer and
// embedded-database workers) are copied next to the bundle.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
// Another folder as the first argument (a build to compare with; BENCH_SERVER in the benchmarks).
const out = resolve(process.argv[2] ?? join(root, 'dist-server'));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const started = Date.now();
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
} as const;
await build({
  ...common,
  entryPoints: [join(root, 'server/main.ts')],
  outfile: join(out, 'server.cjs'),
  format: 'cjs',
  external: ['@electric-sql/pglite', 'pdfkit', 'exceljs', 'nodemailer', '@fastify/swagger-ui', 'pg-native'],
  // The code finds the files copied beside it through import.meta, which a CommonJS file spells
  // __dirname / __filename.
  define: { 'import.meta.url': '__apex_import_meta_url', 'import.meta.dirname': '__dirname' },
  banner: { js: "var __apex_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  // import() of a package becomes require() (the packages above and the optional spreadsheet readers
  // are CommonJS).
  supported: { 'dynamic-import': false },
  // No comments or indentation: a smaller file to read and keep in memory (V8 holds the source of a
  // script while it runs, and one non-ASCII character in a comment would double it: two bytes a
  // character). Names stay as written, for readable stack traces; the source map has the rest.
  minifyWhitespace: true,
  charset: 'ascii',
});
// A character past U+00FF that esbuild leaves as it is (one in a regular expression's literal) makes
// V8 hold the whole source two bytes a character: write it as \uXXXX.
const source = readFileSync(join(out, 'server.cjs'), 'utf8');
const wide = /[\u0100-\uffff]/.exec(source);
if (wide)
  console.warn(
    `server.cjs has a character past U+00FF (${JSON.stringify(source.slice(wide.index - 40, wide.index + 10))}): V8 will hold its source twice as large`,
  );
await build({
  ...common,
  entryPoints: [join(root, 'server/launch.ts')],
  outfile: join(out, 'main.mjs'),
  format: 'esm',
  sourcemap: false,
});
// Read at run time relative to the bundle (import.meta.dirname / import.meta.url).
cpSync(join(root, 'server/db/migrations'), join(out, 'migrations'), { recursive: true });
cpSync(join(root, 'server/jobs/geocode/gazetteer-source.mjs'), join(out, 'gazetteer-source.mjs'));
cpSync(join(root, 'server/db/pglite-worker.mjs'), join(out, 'pglite-worker.mjs'));
writeFileSync(join(out, '.build-stamp'), new Date().toISOString());
console.log(`server built into ${out} in ${Date.now() - started} ms`);
