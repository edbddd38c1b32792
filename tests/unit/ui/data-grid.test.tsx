import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataGrid, type DataGridColumn, type DataGridRow } from '../../../src/ui/data-grid';
import { renderUi } from './render';

const columns: DataGridColumn[] = [
  { key: 'rep', title: 'Rep' },
  { key: 'office', title: 'Office' },
  { key: 'sales', title: 'Sales', align: 'right' },
  { key: 'id', title: 'ID', editable: false },
];

const initialRows: DataGridRow[] = [
  { rep: 'Ana', office: 'Toronto', sales: '12', id: 'r1' },
  { rep: 'Ben', office: 'Calgary', sales: '7', id: 'r2' },
  { rep: 'Cy', office: 'Halifax', sales: '3', id: 'r3' },
];

let latestRows: DataGridRow[] = initialRows;

function Harness({ onError }: { onError?: (message: string) => void }) {
  const [rows, setRows] = useState(initialRows);
  latestRows = rows;
  return <DataGrid label="Sales" columns={columns} rows={rows} onRowsChange={setRows} onError={onError} />;
}

function cell(row: number, col: number): HTMLElement {
  const found = document.querySelector<HTMLElement>(
    `[role="gridcell"][data-row="${row}"][data-col="${col}"]`,
  );
  if (!found) throw new Error(`no cell ${row},${col}`);
  return found;
}

function activeCell(): [number, number] {
  const el = document.activeElement as HTMLElement;
  return [Number(el.dataset.row), Number(el.dataset.col)];
}

function selectedCells(): string[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[role="gridcell"][aria-selected="true"]')).map(
    (el) => `${el.dataset.row},${el.dataset.col}`,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('DataGrid', () => {
  it('renders a labelled grid whose cells carry row, column and selection attributes', async () => {
    await renderUi(<Harness />);
    expect(screen.getByRole('grid', { name: 'Sales' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Rep',
      'Office',
      'Sales',
      'ID',
    ]);
    const first = cell(0, 0);
    expect(first.textContent).toBe('Ana');
    expect(first.getAttribute('data-column')).toBe('rep');
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(first.tabIndex).toBe(0);
    expect(cell(1, 1).getAttribute('aria-selected')).toBe('false');
    expect(cell(1, 1).tabIndex).toBe(-1);
    expect(cell(0, 3).getAttribute('aria-readonly')).toBe('true');
  });

  it('moves with Enter, ArrowDown, ArrowUp, Ctrl+ArrowLeft/Right, Tab and Shift+Tab; focus follows', async () => {
    const user = userEvent.setup();
    await renderUi(<Harness />);
    await user.click(cell(0, 0));
    expect(activeCell()).toEqual([0, 0]);
    await user.keyboard('{Enter}');
    expect(activeCell()).toEqual([1, 0]);
    await user.keyboard('{ArrowDown}');
    expect(activeCell()).toEqual([2, 0]);
    await user.keyboard('{ArrowDown}'); // stays at the edge
    expect(activeCell()).toEqual([2, 0]);
    await user.keyboard('{ArrowUp}');
    expect(activeCell()).toEqual([1, 0]);
    await user.keyboard('{ArrowRight}'); // plain arrows do not move sideways
    expect(activeCell()).toEqual([1, 0]);
    await user.keyboard('{Control>}{ArrowRight}{/Control}');
    expect(activeCell()).toEqual([1, 1]);
    await user.keyboard('{Control>}{ArrowLeft}{/Control}');
    expect(activeCell()).toEqual([1, 0]);
    await user.keyboard('{Tab}');
    expect(activeCell()).toEqual([1, 1]);
    await user.keyboard('{Tab}');
    expect(activeCell()).toEqual([1, 2]);
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(activeCell()).toEqual([1, 1]);
    expect(selectedCells()).toEqual(['1,1']);
    expect(cell(1, 1).getAttribute('aria-selected')).toBe('true');
  });

  it('extends the selection with Shift and clears selected editable cells with Delete', async () => {
    const user = userEvent.setup();
    await renderUi(<Harness />);
    await user.click(cell(0, 1));
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    await user.keyboard('{Control>}{Shift>}{ArrowRight}{ArrowRight}{/Shift}{/Control}');
    expect(selectedCells()).toEqual(['0,1', '0,2', '0,3', '1,1', '1,2', '1,3']);
    expect(activeCell()).toEqual([1, 3]);
    await user.keyboard('{Delete}');
    expect(latestRows.map((r) => [r.office, r.sales, r.id])).toEqual([
      ['', '', 'r1'],
      ['', '', 'r2'],
      ['Halifax', '3', 'r3'],
    ]);
  });

  it('edits a cell by typing; Enter saves and moves down, Escape cancels', async () => {
    const user = userEvent.setup();
    await renderUi(<Harness />);
    await user.click(cell(0, 2));
    await user.keyboard('40{Enter}');
    expect(latestRows[0].sales).toBe('40');
    expect(activeCell()).toEqual([1, 2]);

    await user.keyboard('99{Escape}');
    expect(latestRows[1].sales).toBe('7');
    expect(activeCell()).toEqual([1, 2]);

    await user.dblClick(cell(2, 0));
    const input = screen.getByRole('textbox', { name: 'Edit Rep, row 3' }) as HTMLInputElement;
    expect(input.value).toBe('Cy');
    await user.keyboard('rus{Tab}');
    expect(latestRows[2].rep).toBe('Cyrus');
    expect(activeCell()).toEqual([2, 1]);
  });

  it('does not edit read-only cells', async () => {
    const user = userEvent.setup();
    await renderUi(<Harness />);
    await user.click(cell(0, 3));
    await user.keyboard('x{Delete}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(latestRows[0].id).toBe('r1');
  });

  it('copies the selection to the clipboard as tab-separated text', async () => {
    const user = userEvent.setup();
    await renderUi(<Harness />);
    await user.click(cell(0, 0));
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}{Control>}{Shift>}{ArrowRight}{/Shift}{/Control}');
    await user.keyboard('{Control>}c{/Control}');
    await waitFor(async () =>
      expect(await navigator.clipboard.readText()).toBe('Ana\tToronto\nBen\tCalgary'),
    );
  });

  it('pastes tab-separated text from the active cell, clipped to the grid', async () => {
    const user = userEvent.setup();
    await renderUi(<Harness />);
    await navigator.clipboard.writeText('Dee\tOttawa\t5\nEd\tRegina\t8\nFlo\tNowhere\t1\n');
    await user.click(cell(1, 0));
    await user.keyboard('{Control>}v{/Control}');
    await waitFor(() => expect(latestRows[2].rep).toBe('Ed'));
    expect(latestRows.map((r) => [r.rep, r.office, r.sales, r.id])).toEqual([
      ['Ana', 'Toronto', '12', 'r1'],
      ['Dee', 'Ottawa', '5', 'r2'],
      ['Ed', 'Regina', '8', 'r3'],
    ]);
    expect(selectedCells()).toEqual(['1,0', '1,1', '1,2', '2,0', '2,1', '2,2']);
  });

  it('reports a failed paste or copy with the error message', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    await renderUi(<Harness onError={onError} />);
    vi.spyOn(navigator.clipboard, 'readText').mockRejectedValue(new Error('Read permission denied.'));
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Write permission denied.'));
    await user.click(cell(0, 0));
    await user.keyboard('{Control>}v{/Control}');
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Paste failed: Read permission denied.'));
    await user.keyboard('{Control>}c{/Control}');
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Copy failed: Write permission denied.'));
    expect(latestRows).toEqual(initialRows);
  });

  it('shows a notification by default when the clipboard fails', async () => {
    const user = userEvent.setup();
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    await renderUi(<DataGrid label="Sales" columns={columns} defaultRows={initialRows} />);
    vi.spyOn(navigator.clipboard, 'readText').mockRejectedValue(new Error('Denied'));
    await user.click(cell(0, 0));
    await user.keyboard('{Control>}v{/Control}');
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Paste failed: Denied' })),
    );
  });
});
