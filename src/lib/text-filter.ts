// Case-insensitive "contains" filter over chosen properties (spec 000 §5, spec 002 §8).

type Filterable = string | number | bigint | boolean;

function isFilterable(value: unknown): value is Filterable {
  const kind = typeof value;
  return kind === 'string' || kind === 'number' || kind === 'bigint' || kind === 'boolean';
}

/**
 * Keeps the items where at least one of `properties` contains `filter`, ignoring case.
 * An empty (or blank) filter keeps every item. A property whose value is an object, an array or a
 * function cannot be filtered: it is skipped with a console warning (once per call and property).
 * Missing (null/undefined) values simply do not match.
 */
export function textFilter<T extends object>(
  items: readonly T[],
  filter: string | null | undefined,
  properties: readonly (keyof T & string)[],
): T[] {
  const needle = (filter ?? '').trim().toLocaleLowerCase();
  if (needle === '') return [...items];
  const warned = new Set<string>();
  return items.filter((item) =>
    properties.some((property) => {
      const value: unknown = item[property];
      if (value === null || value === undefined) return false;
      if (!isFilterable(value)) {
        if (!warned.has(property)) {
          warned.add(property);
          console.warn(`textFilter: property '${property}' cannot be filtered (${typeof value} value)`);
        }
        return false;
      }
      return String(value).toLocaleLowerCase().includes(needle);
    }),
  );
}
