// Keyboard data-grid model (spec 000 §9, spec 002 §8, §9): moving and extending the selection,
// clearing cells, and copying/pasting tab-separated text (what spreadsheets put on the clipboard).

export interface CellPosition {
  row: number;
  col: number;
}

/** A rectangular selection: from the anchor (where it started) to the active cell (focused). */
export interface GridSelection {
  anchor: CellPosition;
  active: CellPosition;
}

export interface GridSize {
  rows: number;
  cols: number;
}

export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export type GridDirection = 'up' | 'down' | 'left' | 'right';

export type GridKeyAction =
  | { type: 'move'; direction: GridDirection; extend: boolean }
  | { type: 'tab'; direction: 'left' | 'right' }
  | { type: 'clear' }
  | { type: 'copy' }
  | { type: 'paste' };

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * The grid's key map: Enter and ArrowDown move down, ArrowUp up, Ctrl+ArrowLeft/Right sideways, Tab and
 * Shift+Tab right and left; with Shift a move extends the selection; Delete clears the selected cells;
 * Ctrl+C copies and Ctrl+V pastes (Cmd on a Mac). Other keys are not the grid's (null).
 */
export function gridKeyAction(event: KeyLike): GridKeyAction | null {
  if (event.altKey) return null;
  const ctrl = event.ctrlKey || event.metaKey;
  const extend = event.shiftKey;
  switch (event.key) {
    case 'Enter':
    case 'ArrowDown':
      return ctrl && event.key === 'Enter' ? null : { type: 'move', direction: 'down', extend };
    case 'ArrowUp':
      return { type: 'move', direction: 'up', extend };
    case 'ArrowLeft':
      return ctrl ? { type: 'move', direction: 'left', extend } : null;
    case 'ArrowRight':
      return ctrl ? { type: 'move', direction: 'right', extend } : null;
    case 'Tab':
      return ctrl ? null : { type: 'tab', direction: event.shiftKey ? 'left' : 'right' };
    case 'Delete':
      return ctrl || extend ? null : { type: 'clear' };
  }
  if (ctrl && !extend && event.key.toLowerCase() === 'c') return { type: 'copy' };
  if (ctrl && !extend && event.key.toLowerCase() === 'v') return { type: 'paste' };
  return null;
}

const STEP: Record<GridDirection, CellPosition> = {
  up: { row: -1, col: 0 },
  down: { row: 1, col: 0 },
  left: { row: 0, col: -1 },
  right: { row: 0, col: 1 },
};

function clamp(value: number, max: number): number {
  return Math.min(Math.max(0, value), Math.max(0, max - 1));
}

/** The neighbouring cell in a direction, or null at the edge of the grid. */
export function stepCell(cell: CellPosition, direction: GridDirection, size: GridSize): CellPosition | null {
  const row = cell.row + STEP[direction].row;
  const col = cell.col + STEP[direction].col;
  if (row < 0 || col < 0 || row >= size.rows || col >= size.cols) return null;
  return { row, col };
}

export function collapsedSelection(cell: CellPosition): GridSelection {
  return { anchor: cell, active: cell };
}

/**
 * The selection after a move: the active cell steps one cell (staying put at the edge); without
 * `extend` the selection collapses onto it, with `extend` the anchor stays and the range grows.
 */
export function moveSelection(
  selection: GridSelection,
  direction: GridDirection,
  extend: boolean,
  size: GridSize,
): GridSelection {
  const active = stepCell(selection.active, direction, size) ?? selection.active;
  return extend ? { anchor: selection.anchor, active } : collapsedSelection(active);
}

export function selectionRange({ anchor, active }: GridSelection): CellRange {
  return {
    top: Math.min(anchor.row, active.row),
    bottom: Math.max(anchor.row, active.row),
    left: Math.min(anchor.col, active.col),
    right: Math.max(anchor.col, active.col),
  };
}

export function isCellSelected(selection: GridSelection, cell: CellPosition): boolean {
  const range = selectionRange(selection);
  return (
    cell.row >= range.top && cell.row <= range.bottom && cell.col >= range.left && cell.col <= range.right
  );
}

/** Keeps a selection inside the grid (after rows were removed, for instance). */
export function clampSelection(selection: GridSelection, size: GridSize): GridSelection {
  const keepInside = (cell: CellPosition) => ({
    row: clamp(cell.row, size.rows),
    col: clamp(cell.col, size.cols),
  });
  return { anchor: keepInside(selection.anchor), active: keepInside(selection.active) };
}

/** Rows of string cells: what the grid edits. */
export type GridValues = readonly (readonly string[])[];

/** The values inside a range, row by row. */
export function rangeValues(values: GridValues, range: CellRange): string[][] {
  const out: string[][] = [];
  for (let row = range.top; row <= range.bottom; row++) {
    out.push(values[row].slice(range.left, range.right + 1).map((v) => v ?? ''));
  }
  return out;
}

/**
 * A copy of `values` with every cell in `range` set to ''. `isEditable(row, col)` protects read-only
 * cells.
 */
export function clearRange(
  values: GridValues,
  range: CellRange,
  isEditable: (row: number, col: number) => boolean = () => true,
): string[][] {
  return values.map((cells, row) =>
    cells.map((value, col) =>
      row >= range.top &&
      row <= range.bottom &&
      col >= range.left &&
      col <= range.right &&
      isEditable(row, col)
        ? ''
        : value,
    ),
  );
}

function needsQuotes(cell: string): boolean {
  return /[\t\n\r"]/.test(cell);
}

/** Tab-separated text, one line per row; cells holding tabs, newlines or quotes are quoted. */
export function toTsv(rows: readonly (readonly string[])[]): string {
  return rows
    .map((cells) =>
      cells.map((cell) => (needsQuotes(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join('\t'),
    )
    .join('\n');
}

/**
 * Parses tab-separated text as spreadsheets copy it: rows by newline (\n or \r\n), cells by tab,
 * quoted cells may hold tabs, newlines and doubled quotes; a final newline adds no empty row.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let atCellStart = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
      continue;
    }
    if (char === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
    } else if (char === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
    } else {
      cell += char;
      atCellStart = false;
    }
  }
  if (!atCellStart || row.length > 0 || cell !== '') {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

export interface PasteResult {
  values: string[][];
  /** The cells the paste covered (clipped to the grid), to select afterwards. */
  range: CellRange;
}

/**
 * Writes a block of values into `values` from `start` rightwards and downwards. What falls outside
 * the grid is dropped; read-only cells keep their value.
 */
export function pasteBlock(
  values: GridValues,
  start: CellPosition,
  block: readonly (readonly string[])[],
  isEditable: (row: number, col: number) => boolean = () => true,
): PasteResult {
  const out = values.map((cells) => [...cells]);
  const rows = values.length;
  const cols = values[0]?.length ?? 0;
  let bottom = start.row;
  let right = start.col;
  block.forEach((cells, r) => {
    const row = start.row + r;
    if (row >= rows) return;
    cells.forEach((value, c) => {
      const col = start.col + c;
      if (col >= cols) return;
      bottom = Math.max(bottom, row);
      right = Math.max(right, col);
      if (isEditable(row, col)) out[row][col] = value;
    });
  });
  return { values: out, range: { top: start.row, left: start.col, bottom, right } };
}
