import { describe, expect, it } from 'vitest';
import {
  clearRange,
  collapsedSelection,
  gridKeyAction,
  isCellSelected,
  moveSelection,
  parseTsv,
  pasteBlock,
  rangeValues,
  selectionRange,
  toTsv,
} from '../../../src/lib/grid';

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('gridKeyAction', () => {
  it('maps the spec keys', () => {
    expect(gridKeyAction(key('Enter'))).toEqual({ type: 'move', direction: 'down', extend: false });
    expect(gridKeyAction(key('ArrowDown'))).toEqual({ type: 'move', direction: 'down', extend: false });
    expect(gridKeyAction(key('ArrowUp'))).toEqual({ type: 'move', direction: 'up', extend: false });
    expect(gridKeyAction(key('ArrowLeft', { ctrlKey: true }))).toEqual({
      type: 'move',
      direction: 'left',
      extend: false,
    });
    expect(gridKeyAction(key('ArrowRight', { ctrlKey: true }))).toEqual({
      type: 'move',
      direction: 'right',
      extend: false,
    });
    expect(gridKeyAction(key('Tab'))).toEqual({ type: 'tab', direction: 'right' });
    expect(gridKeyAction(key('Tab', { shiftKey: true }))).toEqual({ type: 'tab', direction: 'left' });
    expect(gridKeyAction(key('Delete'))).toEqual({ type: 'clear' });
    expect(gridKeyAction(key('c', { ctrlKey: true }))).toEqual({ type: 'copy' });
    expect(gridKeyAction(key('v', { metaKey: true }))).toEqual({ type: 'paste' });
  });

  it('extends with Shift', () => {
    expect(gridKeyAction(key('ArrowDown', { shiftKey: true }))).toEqual({
      type: 'move',
      direction: 'down',
      extend: true,
    });
    expect(gridKeyAction(key('ArrowRight', { ctrlKey: true, shiftKey: true }))).toMatchObject({
      extend: true,
    });
  });

  it('leaves plain left/right and other keys alone', () => {
    expect(gridKeyAction(key('ArrowLeft'))).toBeNull();
    expect(gridKeyAction(key('ArrowRight'))).toBeNull();
    expect(gridKeyAction(key('a'))).toBeNull();
    expect(gridKeyAction(key('c'))).toBeNull();
  });
});

describe('selection', () => {
  const size = { rows: 3, cols: 3 };

  it('moves and stays at the edges', () => {
    const start = collapsedSelection({ row: 0, col: 0 });
    expect(moveSelection(start, 'down', false, size).active).toEqual({ row: 1, col: 0 });
    expect(moveSelection(start, 'up', false, size).active).toEqual({ row: 0, col: 0 });
    expect(moveSelection(start, 'left', false, size).active).toEqual({ row: 0, col: 0 });
  });

  it('extends from the anchor with Shift, and collapses without', () => {
    let sel = collapsedSelection({ row: 1, col: 1 });
    sel = moveSelection(sel, 'down', true, size);
    sel = moveSelection(sel, 'right', true, size);
    expect(selectionRange(sel)).toEqual({ top: 1, left: 1, bottom: 2, right: 2 });
    expect(isCellSelected(sel, { row: 2, col: 2 })).toBe(true);
    expect(isCellSelected(sel, { row: 0, col: 1 })).toBe(false);
    expect(moveSelection(sel, 'up', false, size)).toEqual(collapsedSelection({ row: 1, col: 2 }));
  });
});

describe('cells', () => {
  const values = [
    ['a', 'b', 'c'],
    ['d', 'e', 'f'],
  ];

  it('reads and clears a range, sparing read-only cells', () => {
    const range = { top: 0, left: 1, bottom: 1, right: 2 };
    expect(rangeValues(values, range)).toEqual([
      ['b', 'c'],
      ['e', 'f'],
    ]);
    expect(clearRange(values, range, (_row, col) => col !== 2)).toEqual([
      ['a', '', 'c'],
      ['d', '', 'f'],
    ]);
  });

  it('pastes a block from a cell, clipped to the grid', () => {
    const result = pasteBlock(values, { row: 1, col: 1 }, [
      ['x', 'y', 'z'],
      ['w', 'v', 'u'],
    ]);
    expect(result.values).toEqual([
      ['a', 'b', 'c'],
      ['d', 'x', 'y'],
    ]);
    expect(result.range).toEqual({ top: 1, left: 1, bottom: 1, right: 2 });
  });
});

describe('TSV', () => {
  it('round-trips, quoting tabs, newlines and quotes', () => {
    const rows = [
      ['1', 'plain', 'with\ttab'],
      ['2', 'two\nlines', 'say "hi"'],
    ];
    const text = toTsv(rows);
    expect(text).toBe('1\tplain\t"with\ttab"\n2\t"two\nlines"\t"say ""hi"""');
    expect(parseTsv(text)).toEqual(rows);
  });

  it('parses what spreadsheets copy: CRLF, a trailing newline, empty cells', () => {
    expect(parseTsv('a\tb\r\nc\t\r\n')).toEqual([
      ['a', 'b'],
      ['c', ''],
    ]);
    expect(parseTsv('')).toEqual([]);
    expect(parseTsv('5" screen')).toEqual([['5" screen']]);
  });
});
