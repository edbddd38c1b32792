// Every sidebar entry has its label (nav.<state>) and the line Home shows under it
// (home.describe.<state>): a missing key would show '-' on Home.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAV_ENTRIES } from '../../../src/contract/navigation';

const dir = join(import.meta.dirname, '..', '..', '..', 'src', 'i18n', 'locales', 'en_CA');
const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;

describe('navigation texts', () => {
  it('names and describes every sidebar entry Home lists', () => {
    const nav = read('nav.json');
    const lines = (read('home.json').describe ?? {}) as Record<string, string>;
    const listed = NAV_ENTRIES.filter((e) => e.State !== 'home');
    expect(listed.filter((e) => typeof nav[e.State] !== 'string').map((e) => e.State)).toEqual([]);
    expect(listed.filter((e) => !lines[e.State]?.trim()).map((e) => e.State)).toEqual([]);
  });
});
