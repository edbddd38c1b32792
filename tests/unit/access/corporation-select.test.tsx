// The shared corporation picker: by default it lists the corporations lookup (GET corporations, cached
// under the lookup's query key), shows 'Loading…' until the list arrives, hands the chosen id back;
// with `multiple` it is a MultiSelect; a screen's own list (`source`) can be filtered (`include`) and
// completed with corporations it lacks (`extra`); a failed list shows its error only when asked.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  type CorporationOption,
  CorporationSelect,
  type CorporationSource,
} from '../../../src/features/access/corporation-select';
import { json } from '../api/helpers';
import { renderApp } from '../ui/render-app';

const NORTHWIND = { IcdCorporationID: 1, ClientName: 'Northwind' };
const CONTOSO = { IcdCorporationID: 2, ClientName: 'Contoso' };

const renderWith = (ui: ReactElement, corporations: () => Response | Promise<Response>) =>
  renderApp(ui, { routes: { 'GET /api/corporations': corporations } });

const loaded = <C extends CorporationOption>(data: C[]): CorporationSource<C> => ({
  data,
  isPending: false,
  isError: false,
  error: null,
});

/** The texts of the open dropdown's options (the opening transition leaves it hidden in happy-dom). */
async function optionTexts(): Promise<string[]> {
  return (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent ?? '');
}

const input = (label: string) =>
  screen.getAllByLabelText(label).find((e): e is HTMLInputElement => e instanceof HTMLInputElement)!;

describe('CorporationSelect', () => {
  it('lists the corporations lookup by name, under its query key, and hands back the chosen id', async () => {
    let answer: (r: Response) => void = () => undefined;
    const onChange = vi.fn();
    const { server, queryClient } = await renderWith(
      <CorporationSelect label="Corporation" value={null} onChange={onChange} />,
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    // Until the list arrives the field says so.
    await waitFor(() => expect(input('Corporation').placeholder).toBe('Loading…'));
    answer(json([NORTHWIND, CONTOSO]));
    await waitFor(() => expect(input('Corporation').placeholder).toBe(''));
    expect(queryClient.getQueryData(['access', 'lookup', 'corporations'])).toEqual([NORTHWIND, CONTOSO]);
    expect(server.callsTo('GET', '/api/corporations')).toHaveLength(1);

    await userEvent.click(input('Corporation'));
    expect(await optionTexts()).toEqual(['Northwind', 'Contoso']);
    await userEvent.click(screen.getByRole('option', { name: 'Contoso', hidden: true }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.lastCall?.[0]).toBe('2');
  });

  it('shows the chosen corporation by name and is searchable', async () => {
    await renderWith(<CorporationSelect label="Corporation" value="2" onChange={() => undefined} />, () =>
      json([NORTHWIND, CONTOSO]),
    );
    await waitFor(() => expect(input('Corporation').value).toBe('Contoso'));
    expect(input('Corporation').readOnly).toBe(false);
  });

  it('with multiple: keeps the chosen ids, offers the extras the list lacks and adds the one picked', async () => {
    const onChange = vi.fn();
    await renderWith(
      <CorporationSelect
        multiple
        source={loaded([NORTHWIND, CONTOSO])}
        include={(c) => c.IcdCorporationID !== CONTOSO.IcdCorporationID}
        extra={[NORTHWIND, { IcdCorporationID: 9, ClientName: 'Linked Ltd' }]}
        value={['9']}
        onChange={onChange}
      />,
      () => json([]),
    );
    // The default label, translated; the chosen extra shows by name.
    expect(input('Corporations')).toBeTruthy();
    const pills = () => [...document.querySelectorAll('.mantine-Pill-label')].map((p) => p.textContent);
    expect(pills()).toEqual(['Linked Ltd']);

    await userEvent.click(input('Corporations'));
    expect(await optionTexts()).toEqual(['Northwind', 'Linked Ltd']);
    await userEvent.click(screen.getByRole('option', { name: 'Northwind', hidden: true }));
    expect(onChange.mock.lastCall?.[0]).toEqual(['9', '1']);
  });

  it('shows a failed list as the field error only when asked to', async () => {
    const failed: CorporationSource = {
      data: undefined,
      isPending: false,
      isError: true,
      error: new Error('The server is unreachable'),
    };
    await renderWith(
      <>
        <CorporationSelect label="Asked" source={failed} showLoadError />
        <CorporationSelect label="Quiet" source={failed} />
        <CorporationSelect label="Own error" source={failed} showLoadError error="Choose one" />
      </>,
      () => json([]),
    );
    expect(screen.getAllByText('The server is unreachable')).toHaveLength(1);
    expect(input('Asked').getAttribute('aria-invalid')).toBe('true');
    expect(input('Quiet').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByText('Choose one')).toBeTruthy();
  });
});
