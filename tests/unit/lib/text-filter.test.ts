import { afterEach, describe, expect, it, vi } from 'vitest';
import { textFilter } from '../../../src/lib/text-filter';

const people = [
  { name: 'Ada Lovelace', city: 'London', id: 101, tags: ['math'] },
  { name: 'Grace Hopper', city: 'New York', id: 202, tags: ['navy'] },
  { name: 'Émile Nelligan', city: 'Montréal', id: 303, tags: [] },
];

afterEach(() => vi.restoreAllMocks());

describe('textFilter', () => {
  it('matches case-insensitively anywhere in the given properties', () => {
    expect(textFilter(people, 'HOP', ['name', 'city']).map((p) => p.id)).toEqual([202]);
    expect(textFilter(people, 'york', ['name', 'city']).map((p) => p.id)).toEqual([202]);
    expect(textFilter(people, 'ont', ['city']).map((p) => p.id)).toEqual([303]);
  });

  it('only looks at the given properties', () => {
    expect(textFilter(people, 'london', ['name'])).toEqual([]);
  });

  it('matches numbers as text', () => {
    expect(textFilter(people, '20', ['id']).map((p) => p.id)).toEqual([202]);
  });

  it('keeps everything for an empty or blank filter', () => {
    expect(textFilter(people, '', ['name'])).toHaveLength(3);
    expect(textFilter(people, '   ', ['name'])).toHaveLength(3);
    expect(textFilter(people, null, ['name'])).toHaveLength(3);
    expect(textFilter(people, undefined, ['name'])).toHaveLength(3);
  });

  it('warns once for a property that cannot be filtered and skips it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(textFilter(people, 'math', ['tags'])).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain("'tags'");
  });

  it('does not match missing values', () => {
    const rows = [{ name: null as string | null }, { name: 'x' }];
    expect(textFilter(rows, 'x', ['name'])).toEqual([{ name: 'x' }]);
  });
});
