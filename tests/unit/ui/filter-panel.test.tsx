import { Select, TextInput } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { countSet, FilterPanel } from '../../../src/ui/filter-panel';
import type { Layout } from '../../../src/ui/responsive-table';
import { renderUi } from './render';

// A list's filters: an office and a day, with a search box beside them.
function Filters({ layout, clearOnWide }: { layout?: Layout; clearOnWide?: boolean }) {
  const [search, setSearch] = useState('');
  const [office, setOffice] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  return (
    <>
      <FilterPanel
        layout={layout}
        clearOnWide={clearOnWide}
        search={
          <TextInput label="Search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
        }
        count={countSet([office, from])}
        onClear={() => {
          setOffice(null);
          setFrom('');
        }}
      >
        <Select label="Office" data={['Toronto', 'Ottawa']} value={office} onChange={setOffice} />
        <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
      </FilterPanel>
      <output data-testid="query">{`${search}|${office ?? ''}|${from}`}</output>
    </>
  );
}

const query = () => screen.getByTestId('query').textContent;

describe('countSet', () => {
  it('counts the values that are set: not null, undefined, empty or false', () => {
    expect(countSet([null, undefined, '', false])).toBe(0);
    expect(countSet(['7', '', null, '2026-11-01'])).toBe(2);
    // A zero chosen in a select is a choice (the "in person" sales channel is 0).
    expect(countSet(['0', 0, true])).toBe(3);
  });
});

describe('FilterPanel on a phone', () => {
  const originalMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  it('shows the search and one Filters button; the fields open in place, labelled', async () => {
    await renderUi(<Filters layout="cards" />);
    expect(screen.getByLabelText('Search')).toBeTruthy();
    expect(screen.queryByLabelText('From')).toBeNull();
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const fields = screen.getByRole('group', { name: 'Filters of the list' });
    expect(button.getAttribute('aria-controls')).toBe(fields.id);
    expect(screen.getByLabelText('From')).toBeTruthy();
    // Nothing set yet: nothing to clear.
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    await userEvent.click(button);
    expect(screen.queryByLabelText('From')).toBeNull();
  });

  it('counts the filters set on its button, and Clear filters empties them but not the search', async () => {
    await renderUi(<Filters layout="cards" />);
    fireEvent.input(screen.getByLabelText('Search'), { target: { value: 'Ann' } });
    // The search is not a filter: the button still says none.
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    expect(screen.getByRole('button', { name: 'Filters · 1' })).toBeTruthy();
    const office = screen
      .getAllByLabelText('Office')
      .find((e): e is HTMLInputElement => e instanceof HTMLInputElement) as HTMLInputElement;
    await userEvent.click(office);
    // The dropdown's opening transition leaves it display: none in happy-dom; the options are there.
    await userEvent.click(await screen.findByRole('option', { name: 'Ottawa', hidden: true }));
    expect(screen.getByRole('button', { name: 'Filters · 2' })).toBeTruthy();
    expect(query()).toBe('Ann|Ottawa|2026-11-01');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(query()).toBe('Ann||');
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('follows the screen: below 48em the button, from 48em the card', async () => {
    const narrow = (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
    window.matchMedia = narrow as unknown as typeof window.matchMedia;
    const { unmount } = await renderUi(<Filters />);
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
    unmount();

    window.matchMedia = ((query: string) => ({
      ...narrow(query),
      matches: true,
    })) as unknown as typeof window.matchMedia;
    await renderUi(<Filters />);
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
    expect(screen.getByLabelText('From')).toBeTruthy();
  });
});

describe('FilterPanel on a tablet or desktop', () => {
  it('is the card of fields, the search first; Clear filters only where the list had it', async () => {
    await renderUi(<Filters layout="table" />);
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
    for (const label of ['Search', 'Office', 'From'])
      expect(screen.getAllByLabelText(label).length).toBeGreaterThan(0);
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('with clearOnWide, shows Clear filters while a filter is set', async () => {
    await renderUi(<Filters layout="table" clearOnWide />);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(query()).toBe('||');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});
