// `npm start`: builds the PWA when its sources are newer than the last build, then starts the server
// (which migrates the database and seeds an empty one with the demo company).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const stamp = join(root, 'dist', '.build-stamp');

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const inputs = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
  join(root, p),
);
const sourceTime = Math.max(...inputs.filter((p) => !p.endsWith('public')).map(newest), newestPublic());
const builtTime = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;

function newestPublic(): number {
  // Generated locale files live in public/resources; their sources are under src/, so skip them here.
  const dir = join(root, 'public');
  if (!existsSync(dir)) return 0;
  return Math.max(
    0,
    ...readdirSync(dir)
      .filter((n) => n !== 'resources')
      .map((n) => newest(join(dir, n))),
  );
}

if (process.env.SKIP_BUILD !== '1' && sourceTime > builtTime) {
  console.log('Building the PWA…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, new Date().toISOString());
}

await import('../server/main');
