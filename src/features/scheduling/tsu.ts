// Sorting of the TSU report tables (pure).
import type { TsuSlotRow } from '../../contract/scheduling';

export interface SortState<K extends string> {
  column: K;
  direction: 'asc' | 'desc';
}

/** Clicking a header: the same column flips direction; another column starts ascending. */
export function toggleSort<K extends string>(current: SortState<K>, column: K): SortState<K> {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

/** A sorted copy: numbers numerically, text with the locale's collation; ties keep their order. */
export function sortRows<R, K extends string>(
  rows: readonly R[],
  sort: SortState<K>,
  value: (row: R, column: K) => string | number,
): R[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row, sort.column) }))
    .sort((a, b) => {
      const order =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : String(a.key).localeCompare(String(b.key), undefined, { numeric: true, sensitivity: 'base' });
      return order * sign || a.index - b.index;
    })
    .map((x) => x.row);
}

export type SlotColumn =
  | 'Date'
  | 'Title'
  | 'Time'
  | 'Capacity'
  | 'Accepted'
  | 'Pending'
  | 'Rejected'
  | 'Hours'
  | 'Utilization';
export type EmployeeColumn =
  | 'EmployeeName'
  | 'SlotsOffered'
  | 'SlotsAccepted'
  | 'SlotsRejected'
  | 'SlotsPending'
  | 'AcceptanceRate'
  | 'Hours'
  | 'TotalHours';

export const slotValue = (r: TsuSlotRow, c: SlotColumn): string | number =>
  c === 'Date' ? `${r.Date} ${r.StartTime}` : c === 'Time' ? r.StartTime : r[c];
