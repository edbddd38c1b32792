// The full stylesheet is Mantine's styles.css cut in three (src/app/full-styles-1…3.ts): together the
// three must hold every component file once, in the order styles.css has them, or rules would cascade
// differently than Mantine means (a Mantine upgrade that adds or reorders a file turns this red).
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..', '..');
const stylesDir = resolve(root, 'node_modules/@mantine/core/styles');

function mantineOrder(): string[] {
  const full = readFileSync(resolve(root, 'node_modules/@mantine/core/styles.css'), 'utf8');
  const files = readdirSync(stylesDir).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'));
  return files
    .map((file) => ({ file, at: full.indexOf(readFileSync(resolve(stylesDir, file), 'utf8').trim()) }))
    .sort((a, b) => a.at - b.at)
    .map(({ file, at }) => {
      expect(at, `${file} is not part of styles.css`).toBeGreaterThanOrEqual(0);
      return file;
    });
}

function partImports(part: number): string[] {
  const source = readFileSync(resolve(root, `src/app/full-styles-${part}.ts`), 'utf8');
  // `?full` makes each a module of its own: without it the build leaves out of these files what the first
  // screen's stylesheet already has, and the rest would cascade in another order than Mantine's.
  const lines = source.split('\n').filter((line) => line.startsWith('import '));
  return lines.map((line) => line.match(/^import '@mantine\/core\/styles\/([^'?]+)\?full';$/)?.[1] ?? line);
}

describe('the full stylesheet in three parts', () => {
  it("holds every Mantine component file once, in styles.css's order", () => {
    const parts = [1, 2, 3].map(partImports);
    expect(parts.every((files) => files.length > 0)).toBe(true);
    expect(parts.flat()).toEqual(mantineOrder());
  });

  it('is loaded part by part in that order', () => {
    const source = readFileSync(resolve(root, 'src/app/first-screen-styles.ts'), 'utf8');
    const loads = [...source.matchAll(/import\('\.\/full-styles-(\d)'\)/g)].map((m) => Number(m[1]));
    expect(loads).toEqual([1, 2, 3]);
  });
});
