// `npm start`: builds the PWA and the server when their sources are newer than the last build, then
// runs the built server (plain JavaScript in dist-server/, no TypeScript loader), which migrates the
// database and seeds an empty one with the demo company. `SKIP_BUILD=1` runs what is built.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');

function newest(path, skip = () => false) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(path)
      .filter((name) => !skip(name))
      .map((name) => newest(join(path, name), skip)),
  );
}

const stampTime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const sourcesTime = (paths, skip) => Math.max(...paths.map((p) => newest(join(root, p), skip)));
const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' });

if (process.env.SKIP_BUILD !== '1') {
  // The PWA: its locale files are generated into public/resources from src/, so that folder is skipped.
  const pwaStamp = join(root, 'dist', '.build-stamp');
  const pwaSources = sourcesTime(
    ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json'],
    (n) => n === 'resources',
  );
  if (pwaSources > stampTime(pwaStamp)) {
    console.log('Building the PWA…');
    run('npx tsx scripts/build-locales.ts');
    run('npx vite build');
    writeFileSync(pwaStamp, new Date().toISOString());
  }
  // The server: its code and the shared contract it bundles.
  const serverSources = sourcesTime(['server', 'src/contract', 'package.json', 'scripts/build-server.ts']);
  if (serverSources > stampTime(join(root, 'dist-server', '.build-stamp'))) {
    console.log('Building the server…');
    run('npx tsx scripts/build-server.ts');
  }
}

await import(pathToFileURL(join(root, 'dist-server', 'main.mjs')).href);
