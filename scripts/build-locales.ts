// Builds public/resources/locale-<id>.json from src/i18n/locales/<id>/<area>.json, and
// locale-<id>-first.json with only the areas the first screens use (src/i18n/first-areas.ts).
// Each area owns one file (its keys live under the area name); en_US holds only what differs from
// en_CA (spelling, labels) and is merged over it, so no key is ever missing in one locale only.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_AREAS } from '../src/i18n/first-areas';

type Tree = { [key: string]: string | Tree };

const root = join(import.meta.dirname, '..');
const sourceDir = join(root, 'src/i18n/locales');
const outDir = join(root, 'public/resources');

function readLocale(id: string): Tree {
  const dir = join(sourceDir, id);
  const tree: Tree = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    tree[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree;
  }
  return tree;
}

function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? merge(current, value) : value;
  }
  return out;
}

export function buildLocales(): Record<string, Tree> {
  const canada = readLocale('en_CA');
  const locales = { en_CA: canada, en_US: merge(canada, readLocale('en_US')) };
  mkdirSync(outDir, { recursive: true });
  for (const [id, tree] of Object.entries(locales)) {
    writeFileSync(join(outDir, `locale-${id}.json`), `${JSON.stringify(tree)}\n`);
    const first = Object.fromEntries(FIRST_AREAS.map((area) => [area, tree[area]]));
    for (const area of FIRST_AREAS) if (!tree[area]) throw new Error(`No translation area ${area} in ${id}`);
    writeFileSync(join(outDir, `locale-${id}-first.json`), `${JSON.stringify(first)}\n`);
  }
  return locales;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildLocales();
  console.log('locales written to public/resources');
}
