// The commission policies screen as an owner reads it (commission:read without commission:write): no
// "New policy" on any tab, a policy opens with its fields disabled, a read-only note and no save or
// delete; a payroll processor (commission:write) gets the buttons. The multi-play editor offers only
// the division's product lines, grouped by program.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductLine } from '../../../src/contract/orders';
import { lineGroups } from '../../../src/features/commission/multi-play-editor';
import CommissionPoliciesPage from '../../../src/features/commission/policies-page';
import { json } from '../api/helpers';
import { renderApp } from '../ui/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

const line = (id: number, name: string, programId: number, program: string, division: number) =>
  ({
    ProductLineID: id,
    ProgramID: programId,
    ProgramName: program,
    DivisionID: division,
    Name: name,
    SortIndex: 0,
    IsActive: true,
    Version: 1,
  }) satisfies ProductLine;
const LINES = [
  line(1, 'New activation', 10, 'Rogers Door-to-Door', 35),
  line(2, 'Upgrade', 10, 'Rogers Door-to-Door', 35),
  line(3, 'New activation', 11, 'Rogers Retail Kiosk', 35),
  line(4, 'New activation', 20, 'Dtv Residential', 31),
];
const POLICY = {
  MultiPlayCommissionPolicyID: 7,
  DivisionID: 35,
  Name: 'Ignite TV + Internet',
  MinimumPlays: 2,
  Bonus: 25,
  Pairs: [
    { ProductID: 100, ProductLineID: null },
    { ProductID: 101, ProductLineID: 1 },
  ],
  IsActive: true,
  Version: 3,
};
const product = (id: number, name: string) => ({
  ProductID: id,
  DivisionID: 35,
  Name: name,
  Code: null,
  RogersCategoryID: null,
  RogersCategoryName: null,
  IsActive: true,
  Version: 1,
});

async function renderPage(keys: string[], tab: string) {
  const { server } = await renderApp(<CommissionPoliciesPage />, {
    grants: keys,
    path: `/commission/policies?tab=${tab}&division=35`,
    routes: {
      'GET /api/divisions': () => json([{ DivisionID: 35, Name: 'Rogers' }]),
      'GET /api/corporations': () => json([{ IcdCorporationID: 1, ClientName: 'Northwind' }]),
      'GET /api/corporations/1/commission-policies': () => json([]),
      'GET /api/corporations/1/commission-permissions': () =>
        json({
          IcdCorporationID: 1,
          CanRead: true,
          CanWrite: keys.includes('commission:write'),
          CommissionTypes: [],
          Programs: [],
        }),
      'GET /api/product-commission-policies': () => json([]),
      'GET /api/divisions/35/multi-play-commission-policies': () => json([POLICY]),
      'GET /api/programs': () =>
        json([{ ProgramID: 10, Name: 'Rogers Door-to-Door', DivisionID: 35, IsActive: true }]),
      'GET /api/products': () =>
        json([product(100, 'Ignite Internet 1 Gbps'), product(101, 'Ignite TV Premier')]),
      'GET /api/product-lines': () => json(LINES.filter((l) => l.DivisionID === 35)),
    },
  });
  return server;
}

const inDisabledFieldset = (el: HTMLElement) => el.closest('fieldset')?.disabled === true;

async function openPolicy() {
  const table = await screen.findByTestId('multi-play-policies');
  await waitFor(() => expect(within(table).getByText(/Ignite Internet 1 Gbps/)).toBeTruthy());
  fireEvent.click(within(table).getByText('Ignite TV + Internet'));
  return screen.findByTestId('multi-play-editor');
}

describe('commission policies without commission:write', () => {
  it('offers no New policy on any tab and opens a policy read only', async () => {
    const server = await renderPage(['commission:read'], 'multiPlay');
    const editor = await openPolicy();
    expect(screen.queryByTestId('new-multi-play-policy')).toBeNull();
    expect(within(editor).getByTestId('read-only-note').textContent).toBe(
      'Read only: you can see this policy but not change it.',
    );
    expect(within(editor).queryByTestId('save-multi-play')).toBeNull();
    expect(within(editor).queryByTestId('delete-multi-play')).toBeNull();
    // Inside a disabled fieldset: the browser disables every input and button of the form.
    expect(inDisabledFieldset(within(editor).getByLabelText(/Name/))).toBe(true);
    expect(inDisabledFieldset(within(editor).getByTestId('add-pair'))).toBe(true);
    expect(server.calls.filter((c) => c.method !== 'GET' && !c.url.includes('auth/'))).toEqual([]);
  });

  it('shows no New policy on the ICD and product tabs', async () => {
    await renderPage(['commission:read'], 'product');
    await screen.findByText('No policy yet.');
    expect(screen.queryByTestId('new-product-policy')).toBeNull();
    cleanup();
    await renderPage(['commission:read'], 'icd');
    await screen.findByText('No policy yet.');
    expect(screen.queryByTestId('new-icd-policy')).toBeNull();
  });
});

describe('commission policies with commission:write', () => {
  it('offers New policy, and a policy opens editable with save and delete', async () => {
    await renderPage(['commission:read', 'commission:write'], 'multiPlay');
    const editor = await openPolicy();
    expect(screen.getByTestId('new-multi-play-policy')).toBeTruthy();
    expect(within(editor).queryByTestId('read-only-note')).toBeNull();
    expect(within(editor).getByTestId('save-multi-play')).toBeTruthy();
    expect(within(editor).getByTestId('delete-multi-play')).toBeTruthy();
    expect(inDisabledFieldset(within(editor).getByLabelText(/Name/))).toBe(false);
    // Delete asks first, with Cancel focused: Enter on the question never deletes.
    fireEvent.click(within(editor).getByTestId('delete-multi-play'));
    expect(within(editor).getByTestId('confirm-delete')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
  });

  it('shows New policy on the product tab', async () => {
    await renderPage(['commission:read', 'commission:write'], 'product');
    expect(await screen.findByTestId('new-product-policy')).toBeTruthy();
  });
});

describe('multi-play product lines', () => {
  it('offers only the division’s lines, grouped by program, each named with its program', () => {
    expect(lineGroups(LINES, 35)).toEqual([
      {
        group: 'Rogers Door-to-Door',
        items: [
          { value: '1', label: 'New activation · Rogers Door-to-Door' },
          { value: '2', label: 'Upgrade · Rogers Door-to-Door' },
        ],
      },
      {
        group: 'Rogers Retail Kiosk',
        items: [{ value: '3', label: 'New activation · Rogers Retail Kiosk' }],
      },
    ]);
    expect(lineGroups(LINES, 31).flatMap((g) => g.items.map((i) => i.value))).toEqual(['4']);
  });
});
