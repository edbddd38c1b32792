// Deleting an SGI id from an employee's history (SGI id report): the question shows with Cancel
// focused, so Enter on it never deletes; nothing is sent until Delete is pressed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SgiReportPage from '../../../src/features/onboarding/sgi/sgi-report-page';
import { json } from '../api/helpers';
import { renderApp } from '../ui/render-app';

const ROW = {
  EmployeeID: 7,
  FirstName: 'Ana',
  LastName: 'Lopez',
  OfficeNames: ['Toronto'],
  SgiID: 'SGI-7',
  EffectiveDate: '2026-10-01',
};
const HISTORY = [
  {
    EmployeeSgiIdHistoryID: 31,
    EmployeeID: 7,
    SgiID: 'SGI-7',
    EffectiveDate: '2026-10-01',
    CreatedAt: '2026-10-01T12:00:00Z',
  },
];

describe('SGI id history, delete', () => {
  it('asks first, with Cancel focused; Delete then sends one call', async () => {
    const { server } = await renderApp(<SgiReportPage />, {
      grants: ['onboarding:manage'],
      routes: {
        'GET /api/sgi-id-report': () => json([ROW]),
        'GET /api/employee-sgi-id-history': () => json(HISTORY),
        'DELETE /api/employee-sgi-id-history/31': () => json({}),
      },
    });
    fireEvent.click(await screen.findByText('Lopez, Ana'));
    const history = await screen.findByTestId('sgi-history');
    fireEvent.click(within(history).getByRole('button', { name: /SGI-7/ }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    expect(server.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/employee-sgi-id-history/31')).toHaveLength(1));
  });
});
