// A sortable header cell of the TSU reports and transfers: the shared header (src/ui/sort-header.tsx)
// driven by a SortState, whose column flips its order.
import { SortHeader as Header } from '../../../ui/sort-header';
import { type SortState, toggleSort } from '../tsu';

export function SortHeader<K extends string>({
  column,
  label,
  sort,
  onSort,
  numeric,
}: {
  column: K;
  label: string;
  sort: SortState<K>;
  onSort(s: SortState<K>): void;
  numeric?: boolean;
}) {
  return (
    <Header
      active={sort.column === column}
      descending={sort.direction === 'desc'}
      onSort={() => onSort(toggleSort(sort, column))}
      numeric={numeric}
    >
      {label}
    </Header>
  );
}
