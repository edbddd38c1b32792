// Client-side paging and the page index of paged requests (spec 002 §9).
// A page *number* is 1-based (what the user sees); a page *index* is 0-based (what the wire carries).

function isValidPage(page: number): boolean {
  return Number.isInteger(page) && page >= 1;
}

function isValidSize(size: number): boolean {
  return Number.isInteger(size) && size >= 1;
}

/**
 * The paging filter: the items of page `page` (1-based) of `size` items, i.e. the slice from
 * (page-1)*size to page*size. An invalid page number or size is reported with a console warning and
 * the items are returned unpaged.
 */
export function pageItems<T>(items: readonly T[], page: number, size: number): T[] {
  if (!isValidPage(page)) {
    console.warn(`paging: invalid page number ${String(page)}`);
    return [...items];
  }
  if (!isValidSize(size)) {
    console.warn(`paging: invalid page size ${String(size)}`);
    return [...items];
  }
  return items.slice((page - 1) * size, page * size);
}

/** Number of pages needed for `total` items (at least 1, so an empty list still has page 1). */
export function pageCount(total: number, size: number): number {
  if (!isValidSize(size)) return 1;
  return Math.max(1, Math.ceil(Math.max(0, total) / size));
}

/** 1-based page number → 0-based page index sent on the wire. */
export function toPageIndex(pageNumber: number): number {
  return Math.max(0, Math.trunc(pageNumber) - 1);
}

/** 0-based page index from the wire → 1-based page number shown to the user. */
export function toPageNumber(pageIndex: number): number {
  return Math.max(0, Math.trunc(pageIndex)) + 1;
}

export interface PageQuery {
  pageIndex: number;
  pageSize: number;
}

/** Query parameters of a paged request for a 1-based page number. */
export function pageQuery(pageNumber: number, pageSize: number): PageQuery {
  return { pageIndex: toPageIndex(pageNumber), pageSize };
}
