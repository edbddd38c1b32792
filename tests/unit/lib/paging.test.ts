import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageCount, pageItems, pageQuery, toPageIndex, toPageNumber } from '../../../src/lib/paging';

const items = Array.from({ length: 23 }, (_, i) => i + 1);

afterEach(() => vi.restoreAllMocks());

describe('pageItems', () => {
  it('slices from (page-1)*size to page*size', () => {
    expect(pageItems(items, 1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageItems(items, 2, 10)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageItems(items, 3, 10)).toEqual([21, 22, 23]);
    expect(pageItems(items, 4, 10)).toEqual([]);
  });

  it('warns on an invalid page number and returns the items unpaged', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const page of [0, -1, 1.5, Number.NaN]) {
      expect(pageItems(items, page, 10)).toEqual(items);
    }
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn.mock.calls[0][0]).toMatch(/invalid page number/);
  });

  it('warns on an invalid page size and returns the items unpaged', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(pageItems(items, 1, 0)).toEqual(items);
    expect(pageItems(items, 1, 2.5)).toEqual(items);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0][0]).toMatch(/invalid page size/);
  });
});

describe('page index on the wire', () => {
  it('starts at 0 for page 1', () => {
    expect(toPageIndex(1)).toBe(0);
    expect(toPageIndex(3)).toBe(2);
    expect(toPageNumber(0)).toBe(1);
    expect(toPageNumber(2)).toBe(3);
    expect(toPageIndex(0)).toBe(0);
  });

  it('builds the query of a paged request', () => {
    expect(pageQuery(2, 25)).toEqual({ pageIndex: 1, pageSize: 25 });
  });

  it('counts pages, with at least one', () => {
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(20, 10)).toBe(2);
    expect(pageCount(0, 10)).toBe(1);
  });
});
