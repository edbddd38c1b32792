// The JavaScript the Clock route loads first, gzipped (budget 170 KB): the entry chunk, the Clock
// screen's chunk and everything they import statically, from Vite's build manifest.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');
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

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
const clock = Object.keys(manifest).find((k) => k.endsWith('features/time/clock-page.tsx'));
if (!clock) throw new Error('the Clock screen is not in the build manifest');
const files = [...closure([entry, clock])].map((k) => manifest[k].file);
let raw = 0;
let gz = 0;
for (const f of files) {
  const buf = readFileSync(join(dist, f));
  raw += buf.length;
  gz += gzipSync(buf, { level: 9 }).length;
}
const budget = 170 * 1024;
console.log(
  `Clock route initial JavaScript: ${files.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip (budget 170 KB) — ${gz <= budget ? 'within budget' : 'OVER BUDGET'}`,
);
