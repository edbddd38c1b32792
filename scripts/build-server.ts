// Bundles the API server into plain JavaScript (dist-server/main.mjs), so production runs `node`
// on built code with no TypeScript loader: the server's own code and the shared contract are bundled,
// packages stay in node_modules. Files the server reads beside its code at run time (the SQL
// migrations, the gazetteer and embedded-database workers) are copied next to the bundle.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const out = join(root, 'dist-server');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const started = Date.now();
await build({
  entryPoints: [join(root, 'server/main.ts')],
  // main.mjs opens the database while it loads the rest of the server (a chunk beside it, imported
  // with import()): chunks stay in this folder, whose files the code finds by import.meta.dirname.
  outdir: out,
  splitting: true,
  chunkNames: '[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
// Read at run time relative to the bundle (import.meta.dirname / import.meta.url).
cpSync(join(root, 'server/db/migrations'), join(out, 'migrations'), { recursive: true });
cpSync(join(root, 'server/jobs/geocode/gazetteer-source.mjs'), join(out, 'gazetteer-source.mjs'));
cpSync(join(root, 'server/db/pglite-worker.mjs'), join(out, 'pglite-worker.mjs'));
writeFileSync(join(out, '.build-stamp'), new Date().toISOString());
console.log(`server built into dist-server/ in ${Date.now() - started} ms`);
