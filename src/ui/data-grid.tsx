// Keyboard data grid (spec 000 §9, spec 002 §8, §9) on the model of lib/grid.
//
// Navigation mode (a cell has focus): Enter and ArrowDown move down, ArrowUp up, Ctrl+ArrowLeft/Right
// sideways, Tab and Shift+Tab right and left (at the edge Tab leaves the grid); Shift extends the
// selection; Delete clears the selected cells; Ctrl+C copies the selection as tab-separated text and
// Ctrl+V pastes tab-separated text from the active cell on. Typing, F2, a double click or a click on
// the active cell edits it (Backspace edits it emptied).
// Edit mode (the cell's input has focus): Enter, ArrowUp/Down, Ctrl+ArrowLeft/Right and Tab save and
// move; Escape cancels; plain ArrowLeft/Right, Delete and the clipboard keys work on the text.
// A failed copy or paste calls onError('<Copy|Paste failed>: <message>'); by default that is shown as
// a red notification (the app must mount Mantine's <Notifications />).
//
// Cells carry role="gridcell", data-row, data-col, data-column (the key) and aria-selected; the
// active cell has focus (roving tabindex).
import { Box, Table } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type Key, type KeyboardEvent, type MouseEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CellPosition,
  clampSelection,
  clearRange,
  collapsedSelection,
  type GridDirection,
  type GridSelection,
  gridKeyAction,
  isCellSelected,
  moveSelection,
  parseTsv,
  pasteBlock,
  rangeValues,
  selectionRange,
  stepCell,
  toTsv,
} from '../lib/grid';

export interface DataGridColumn {
  /** Property of the row shown in this column. */
  key: string;
  title: string;
  /** Editable unless false. */
  editable?: boolean;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

export type DataGridRow = Record<string, string>;

export interface DataGridProps {
  /** Accessible name of the grid. */
  label: string;
  columns: readonly DataGridColumn[];
  rows?: readonly DataGridRow[];
  defaultRows?: readonly DataGridRow[];
  onRowsChange?: (rows: DataGridRow[]) => void;
  /** Told when a copy or paste fails; shows a notification by default. */
  onError?: (message: string) => void;
  getRowKey?: (row: DataGridRow, index: number) => Key;
  /** No cell can be edited, cleared or pasted into. */
  readOnly?: boolean;
}

function showError(message: string) {
  notifications.show({ color: 'red', message, autoClose: 8000 });
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

export function DataGrid({
  label,
  columns,
  rows,
  defaultRows,
  onRowsChange,
  onError = showError,
  getRowKey = (_row, index) => index,
  readOnly = false,
}: DataGridProps) {
  const { t } = useTranslation();
  const [data, setData] = useUncontrolled<DataGridRow[]>({
    value: rows ? [...rows] : undefined,
    defaultValue: defaultRows ? [...defaultRows] : undefined,
    finalValue: [],
    onChange: onRowsChange,
  });
  const size = { rows: data.length, cols: columns.length };
  const [rawSelection, setSelection] = useState<GridSelection>(collapsedSelection({ row: 0, col: 0 }));
  const selection = clampSelection(rawSelection, size);
  const { active } = selection;
  const [draft, setDraft] = useState<string | null>(null);
  const editing = draft !== null;
  const tableRef = useRef<HTMLTableElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Focus follows the active cell only after the user interacted with the grid.
  const wantsFocus = useRef(false);

  const values = data.map((row) => columns.map((column) => row[column.key] ?? ''));
  const isEditable = (_row: number, col: number) => !readOnly && columns[col]?.editable !== false;

  const writeValues = (next: readonly (readonly string[])[]) => {
    setData(
      data.map((row, r) => {
        const changed = { ...row };
        columns.forEach((column, c) => {
          changed[column.key] = next[r][c];
        });
        return changed;
      }),
    );
  };

  const select = (next: GridSelection) => {
    wantsFocus.current = true;
    setSelection(next);
  };

  useLayoutEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      return;
    }
    if (!wantsFocus.current) return;
    wantsFocus.current = false;
    const cell = tableRef.current?.querySelector<HTMLElement>(
      `[data-row="${active.row}"][data-col="${active.col}"]`,
    );
    cell?.focus();
  });

  // Set synchronously, so a blur fired as the input goes away cannot save a cancelled edit.
  const editingRef = useRef(false);

  const startEditing = (initial: string) => {
    if (!isEditable(active.row, active.col) || size.rows === 0) return;
    editingRef.current = true;
    setDraft(initial);
  };

  const stopEditing = (save: boolean) => {
    if (!editingRef.current || draft === null) return;
    editingRef.current = false;
    if (save && draft !== values[active.row][active.col]) {
      const next = values.map((cells) => [...cells]);
      next[active.row][active.col] = draft;
      writeValues(next);
    }
    wantsFocus.current = true;
    setDraft(null);
  };

  const move = (direction: GridDirection, extend: boolean) =>
    select(moveSelection(selection, direction, extend, size));

  /** Moves one cell for Tab; false at the edge, where Tab leaves the grid. */
  const tab = (direction: 'left' | 'right'): boolean => {
    const next = stepCell(active, direction, size);
    if (!next) return false;
    select(collapsedSelection(next));
    return true;
  };

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error(t('ui.grid.clipboardUnavailable'));
      await navigator.clipboard.writeText(toTsv(rangeValues(values, selectionRange(selection))));
    } catch (error) {
      onError(`${t('ui.grid.copyFailed')}: ${errorMessage(error)}`);
    }
  };

  const paste = async () => {
    const start = active;
    try {
      if (!navigator.clipboard?.readText) throw new Error(t('ui.grid.clipboardUnavailable'));
      const block = parseTsv(await navigator.clipboard.readText());
      if (block.length === 0) return;
      const result = pasteBlock(values, start, block, isEditable);
      writeValues(result.values);
      select({ anchor: { row: result.range.bottom, col: result.range.right }, active: start });
    } catch (error) {
      onError(`${t('ui.grid.pasteFailed')}: ${errorMessage(error)}`);
    }
  };

  const handleCellKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (editing || size.rows === 0) return;
    const action = gridKeyAction(event);
    if (action) {
      if (action.type === 'tab') {
        if (tab(action.direction)) event.preventDefault();
        return;
      }
      event.preventDefault();
      if (action.type === 'move') move(action.direction, action.extend);
      else if (action.type === 'clear')
        writeValues(clearRange(values, selectionRange(selection), isEditable));
      else if (action.type === 'copy') void copy();
      else if (action.type === 'paste') void paste();
      return;
    }
    if (event.key === 'F2') {
      event.preventDefault();
      startEditing(values[active.row][active.col]);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      startEditing('');
    } else if (event.key === 'Escape') {
      select(collapsedSelection(active));
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      startEditing(event.key);
    }
  };

  const handleInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      stopEditing(false);
      return;
    }
    const action = gridKeyAction(event);
    if (action?.type === 'move') {
      event.preventDefault();
      stopEditing(true);
      move(action.direction, false);
    } else if (action?.type === 'tab') {
      stopEditing(true);
      if (tab(action.direction)) event.preventDefault();
    }
  };

  const handleMouseDown = (event: MouseEvent<HTMLElement>, cell: CellPosition) => {
    if (event.button !== 0) return;
    // A second click on the focused active cell edits it (the way in on touch screens).
    const hadFocus = tableRef.current?.contains(document.activeElement) ?? false;
    const wasActive = hadFocus && !editing && active.row === cell.row && active.col === cell.col;
    if (editing && !(active.row === cell.row && active.col === cell.col)) stopEditing(true);
    if (event.shiftKey) {
      event.preventDefault();
      select({ anchor: selection.anchor, active: cell });
    } else if (wasActive && selection.anchor.row === cell.row && selection.anchor.col === cell.col) {
      startEditing(values[cell.row][cell.col]);
    } else {
      select(collapsedSelection(cell));
    }
  };

  const handleMouseEnter = (event: MouseEvent<HTMLElement>, cell: CellPosition) => {
    if (event.buttons === 1 && !editing) select({ anchor: selection.anchor, active: cell });
  };

  return (
    <Box style={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table
        ref={tableRef}
        role="grid"
        aria-label={label}
        aria-rowcount={data.length + 1}
        aria-colcount={columns.length}
        aria-multiselectable
        aria-readonly={readOnly || undefined}
        withTableBorder
        withColumnBorders
        style={{ userSelect: 'none', minWidth: 'max-content' }}
        onKeyDown={handleCellKeyDown}
      >
        <Table.Thead>
          <Table.Tr role="row" aria-rowindex={1}>
            {columns.map((column, c) => (
              <Table.Th
                key={column.key}
                role="columnheader"
                aria-colindex={c + 1}
                style={{ width: column.width, textAlign: column.align }}
              >
                {column.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((row, r) => (
            <Table.Tr key={getRowKey(row, r)} role="row" aria-rowindex={r + 2}>
              {columns.map((column, c) => {
                const cell = { row: r, col: c };
                const isActive = active.row === r && active.col === c;
                const selected = isCellSelected(selection, cell);
                const cellEditing = editing && isActive;
                return (
                  <Table.Td
                    key={column.key}
                    role="gridcell"
                    aria-colindex={c + 1}
                    aria-selected={selected}
                    aria-readonly={!isEditable(r, c) || undefined}
                    data-row={r}
                    data-col={c}
                    data-column={column.key}
                    data-active={isActive || undefined}
                    data-editing={cellEditing || undefined}
                    tabIndex={isActive ? 0 : -1}
                    onMouseDown={(event) => handleMouseDown(event, cell)}
                    onMouseEnter={(event) => handleMouseEnter(event, cell)}
                    onDoubleClick={() => startEditing(values[r][c])}
                    style={{
                      textAlign: column.align,
                      whiteSpace: 'pre',
                      cursor: 'cell',
                      minWidth: 64,
                      background: selected ? 'var(--mantine-color-blue-light)' : undefined,
                      outline: isActive ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                      outlineOffset: -2,
                      padding: cellEditing ? 0 : undefined,
                    }}
                  >
                    {cellEditing ? (
                      <input
                        ref={inputRef}
                        aria-label={t('ui.grid.editCell', { column: column.title, row: r + 1 })}
                        value={draft ?? ''}
                        onChange={(event) => setDraft(event.currentTarget.value)}
                        onKeyDown={handleInputKeyDown}
                        onBlur={() => stopEditing(true)}
                        onMouseDown={(event) => event.stopPropagation()}
                        style={{
                          width: '100%',
                          minWidth: 64,
                          border: 0,
                          padding: 'var(--table-vertical-spacing) var(--table-horizontal-spacing, 8px)',
                          font: 'inherit',
                          textAlign: column.align,
                          background: 'var(--mantine-color-body)',
                          color: 'inherit',
                          outline: 'none',
                        }}
                      />
                    ) : (
                      values[r][c]
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
