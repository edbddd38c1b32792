// The Node.js version the README and package.json promise is one every installed package accepts, so a
// fresh `npm install` on it prints no EBADENGINE warning.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: Record<string, string> | string[]; optional?: boolean }>;
};
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('Node.js version', () => {
  const lowest = semver.minVersion(pkg.engines.node)?.version ?? '';

  it('is stated the same in the README and package.json', () => {
    expect(lowest).toMatch(/^\d+\.\d+\.\d+$/);
    const [major, minor] = lowest.split('.');
    expect(readme).toContain(`Node.js ≥ ${major}.${minor}`);
  });

  it('is accepted by every package in the lock file', () => {
    const refusing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
      if (!path || !range) continue;
      // npm skips an optional package (a platform binary) whose engines refuse this Node, silently.
      if (entry.optional && !existsSync(join(root, path))) continue;
      if (!semver.satisfies(lowest, range, { includePrerelease: true })) refusing.push(`${path} (${range})`);
    }
    expect(refusing).toEqual([]);
  });
});
