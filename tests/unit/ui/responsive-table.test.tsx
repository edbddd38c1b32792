import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Layout,
  type ResponsiveColumn,
  ResponsiveTable,
  type TableSort,
} from '../../../src/ui/responsive-table';
import { renderUi } from './render';

interface Person {
  id: number;
  name: string;
  office: string;
  hours: number;
  state: string;
}

const people: Person[] = [
  { id: 1, name: 'Sam Lee', office: 'Toronto', hours: 38, state: 'Open' },
  { id: 2, name: 'Ada Roy', office: 'Ottawa', hours: 41, state: 'Approved' },
];

const columns: ResponsiveColumn<Person>[] = [
  { key: 'name', label: 'Employee', sortable: true, hideInCard: true, cell: (p) => p.name },
  { key: 'office', label: 'Office', cell: (p) => p.office },
  {
    key: 'hours',
    label: 'Worked',
    sortable: true,
    descendingFirst: true,
    align: 'right',
    cell: (p) => p.hours,
  },
  { key: 'state', label: 'Status', sortable: 'ascending', cell: (p) => p.state },
];

function People({
  layout,
  onSort = () => {},
  onApprove = () => {},
  selectable = false,
}: {
  layout?: Layout;
  onSort?: (s: TableSort) => void;
  onApprove?: (p: Person) => void;
  selectable?: boolean;
}) {
  const [sort, setSort] = useState<TableSort>({ column: 'name', descending: false });
  const [open, setOpen] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  return (
    <ResponsiveTable
      label="Pay periods"
      layout={layout}
      testId="people"
      rows={people}
      rowKey={(p) => p.id}
      rowProps={(p) => ({ 'data-person': p.id })}
      title={(p) => p.name}
      subtitle={(p) => p.office}
      columns={columns}
      sort={sort}
      onSortChange={(s) => {
        setSort(s);
        onSort(s);
      }}
      actions={(p, shape) => (
        <>
          <Button size={shape === 'cards' ? 'sm' : 'xs'} onClick={() => setOpen(open === p.id ? null : p.id)}>
            Review
          </Button>
          <Button onClick={() => onApprove(p)} aria-label={`Approve ${p.name}`} data-layout={shape}>
            Approve
          </Button>
        </>
      )}
      detail={(p) => (open === p.id ? <p data-testid="detail">Entries of {p.name}</p> : null)}
      selection={
        selectable
          ? {
              isSelected: (p) => selected.includes(p.id),
              onToggle: (p) =>
                setSelected((s) => (s.includes(p.id) ? s.filter((x) => x !== p.id) : [...s, p.id])),
              label: (p) => `Select ${p.name}`,
              all: {
                checked: selected.length === people.length,
                indeterminate: selected.length > 0 && selected.length < people.length,
                onToggle: () =>
                  setSelected((s) => (s.length === people.length ? [] : people.map((p) => p.id))),
                label: 'Select every period',
              },
            }
          : undefined
      }
    />
  );
}

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

/** A screen whose width does (or does not) reach Mantine's sm breakpoint. */
function screenWidth(wide: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('min-width') ? wide : !wide,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

describe('ResponsiveTable as a table', () => {
  it('draws a header per column, the rows, and the actions in the last column', async () => {
    await renderUi(<People layout="table" />);
    const table = screen.getByRole('table', { name: 'Pay periods' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Employee', 'Office', 'Worked', 'Status', 'Actions']);
    const row = table.querySelector('tr[data-person="2"]') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ada Roy', 'Ottawa', '41', 'Approved', 'ReviewApprove']);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('button', { name: 'Approve Ada Roy' }).dataset.layout).toBe('table');
  });

  it('sorts by header: the same column flips, another starts its own way, a one-way column stays', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn<(s: TableSort) => void>();
    await renderUi(<People layout="table" onSort={onSort} />);
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    expect(header('Employee').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Worked').getAttribute('aria-sort')).toBe('none');

    await user.click(within(header('Employee')).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ column: 'name', descending: true });
    expect(header('Employee').getAttribute('aria-sort')).toBe('descending');

    await user.click(within(header('Worked')).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ column: 'hours', descending: true });
    expect(header('Employee').getAttribute('aria-sort')).toBe('none');

    await user.click(within(header('Status')).getByRole('button'));
    await user.click(within(header('Status')).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ column: 'state', descending: false });
    expect(header('Status').getAttribute('aria-sort')).toBe('ascending');
    expect(within(header('Office')).queryByRole('button')).toBeNull();
  });

  it("opens a row's detail once, under its row, across every column", async () => {
    const user = userEvent.setup();
    await renderUi(<People layout="table" />);
    await user.click(screen.getAllByRole('button', { name: 'Review' })[1]);
    const detail = screen.getByTestId('detail');
    expect(detail.textContent).toBe('Entries of Ada Roy');
    expect(detail.closest('td')?.getAttribute('colspan')).toBe('5');
    expect(screen.getAllByTestId('detail')).toHaveLength(1);
  });
});

describe('ResponsiveTable as cards', () => {
  it('draws one card per row: the name first, the other columns as label and value, then the buttons', async () => {
    await renderUi(<People layout="cards" />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Pay periods' });
    expect(list.dataset.testid).toBe('people-cards');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const ada = cards[1];
    expect(ada.dataset.person).toBe('2');
    expect(ada.querySelector('[data-card-title]')?.textContent).toBe('Ada Roy');
    expect(ada.querySelector('[data-card-title]')?.nextElementSibling?.textContent).toBe('Ottawa');
    // The employee column is the title: not repeated as a pair.
    expect([...ada.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Office', 'Worked', 'Status']);
    expect([...ada.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['Ottawa', '41', 'Approved']);
    expect(within(ada).getByRole('button', { name: 'Approve Ada Roy' }).dataset.layout).toBe('cards');
  });

  it("runs a card's action and opens its detail inside the card", async () => {
    const user = userEvent.setup();
    const onApprove = vi.fn<(p: Person) => void>();
    await renderUi(<People layout="cards" onApprove={onApprove} />);
    await user.click(screen.getByRole('button', { name: 'Approve Sam Lee' }));
    expect(onApprove).toHaveBeenCalledWith(people[0]);
    const sam = screen.getAllByRole('listitem')[0];
    await user.click(within(sam).getByRole('button', { name: 'Review' }));
    expect(within(sam).getByTestId('detail').textContent).toBe('Entries of Sam Lee');
  });

  it('sorts with a "Sort by" select: both ways of each sortable column, one for a one-way column', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn<(s: TableSort) => void>();
    await renderUi(<People layout="cards" onSort={onSort} />);
    const select = screen
      .getAllByLabelText('Sort by')
      .find((e): e is HTMLInputElement => e instanceof HTMLInputElement) as HTMLInputElement;
    expect(select.value).toBe('Employee, ascending');
    await user.click(select);
    // The dropdown's opening transition leaves it display: none in happy-dom; the options are there.
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual([
      'Employee, ascending',
      'Employee, descending',
      'Worked, ascending',
      'Worked, descending',
      'Status',
    ]);
    await user.click(screen.getByRole('option', { name: 'Worked, descending', hidden: true }));
    expect(onSort).toHaveBeenLastCalledWith({ column: 'hours', descending: true });
    expect(select.value).toBe('Worked, descending');
  });

  it('keeps the selection checkboxes, each named after its row, and the select-all', async () => {
    const user = userEvent.setup();
    await renderUi(<People layout="cards" selectable />);
    const sam = screen.getByRole('checkbox', { name: 'Select Sam Lee' }) as HTMLInputElement;
    await user.click(sam);
    expect(sam.checked).toBe(true);
    const all = screen.getByRole('checkbox', { name: 'Select every period' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    await user.click(all);
    expect((screen.getByRole('checkbox', { name: 'Select Ada Roy' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('ResponsiveTable by the width of the screen', () => {
  it('is a table from the sm breakpoint up and cards below it, from the first render', async () => {
    screenWidth(true);
    const { unmount } = await renderUi(<People />);
    expect(screen.getByRole('table', { name: 'Pay periods' })).toBeTruthy();
    unmount();
    screenWidth(false);
    await renderUi(<People />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
