import { Table } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FilterBar, SearchInput, useListControls } from '../../../src/ui/list-controls';
import { renderUi } from './render';

type Column = 'name' | 'created';

// A list that shows what it would ask the server for.
function Probe() {
  const controls = useListControls<Column>({ sort: 'created', descendingFirst: (c) => c === 'created' });
  const [office, setOffice] = useState('');
  return (
    <>
      <FilterBar>
        <SearchInput
          label="Search"
          placeholder="Name"
          value={controls.search}
          onChange={controls.setSearch}
          w={{}}
        />
        <button type="button" onClick={() => controls.filter(setOffice)('7')}>
          Office 7
        </button>
      </FilterBar>
      <Table>
        <Table.Thead>
          <Table.Tr>
            {controls.header('name', 'Name')}
            {controls.header('created', 'Created')}
          </Table.Tr>
        </Table.Thead>
      </Table>
      <output data-testid="query">
        {`${controls.sort} ${controls.descending ? 'desc' : 'asc'} page ${controls.pageIndex} office ${office}`}
      </output>
      {controls.footer('60 rows', 60)}
    </>
  );
}

const query = () => screen.getByTestId('query').textContent;

describe('useListControls', () => {
  it('starts on its first column, in the direction that column starts in', async () => {
    await renderUi(<Probe />);
    expect(query()).toBe('created desc page 0 office ');
    expect(screen.getByRole('columnheader', { name: 'Created' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('none');
  });

  it('sorts by a new column in its own first direction, reverses on a second click, and goes back to page 1', async () => {
    await renderUi(<Probe />);
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(query()).toBe('created desc page 2 office ');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(query()).toBe('name asc page 0 office ');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(query()).toBe('name desc page 0 office ');
    await userEvent.click(screen.getByRole('button', { name: 'Created' }));
    expect(query()).toBe('created desc page 0 office ');
  });

  it('goes back to page 1 when a filter or the search changes', async () => {
    await renderUi(<Probe />);
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Office 7' }));
    expect(query()).toBe('created desc page 0 office 7');
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Ann' } });
    expect(query()).toBe('created desc page 0 office 7');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('Ann');
    expect(screen.getByText('60 rows')).toBeTruthy();
  });
});
