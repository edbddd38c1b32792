// Deleting an invoice policy is confirmed in the app's delete dialog (not the browser's confirm box):
// the dialog names the policy, Cancel sends nothing, Delete sends the delete with the policy's version
// and closes once done; a refused delete (the policy changed meanwhile) stays in the dialog, said.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import InvoicePoliciesPage from '../../../src/features/invoices/policies-page';
import { type Handler, json } from '../api/helpers';
import { renderApp } from '../ui/render-app';

const POLICY = {
  PayrollInvoicePolicyID: 5,
  Name: 'Rogers standard',
  IcdCorporationID: null,
  CorporationName: null,
  DivisionID: 2,
  DivisionName: 'Rogers',
  IncludeGrossPay: true,
  EmployerTaxRate: 12,
  GrossPayPercent: 8,
  FeePerEmployee: 4,
  FixedLines: [],
  PaymentMethodID: 1,
  InvoiceCount: 3,
  Version: 7,
};
const DELETE = '/api/payroll-invoice-policies/5';

async function openDelete(answer: Handler = () => new Response(null, { status: 204 })) {
  const app = await renderApp(<InvoicePoliciesPage />, {
    grants: ['invoices:read', 'invoices:write'],
    routes: { 'GET /api/payroll-invoice-policies': () => json([POLICY]), [`DELETE ${DELETE}`]: answer },
  });
  const row = await screen.findByTestId('policy-row');
  fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this policy?' });
  return { ...app, dialog };
}

describe('invoice policies, delete', () => {
  it('asks in the app dialog, naming the policy; Cancel sends nothing', async () => {
    const { dialog, server } = await openDelete();
    expect(
      within(dialog).getByText('Delete the policy Rogers standard? Its invoices keep their lines.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('DELETE', DELETE)).toHaveLength(0);
  });

  it('deletes with the version shown and closes once done', async () => {
    const { dialog, server } = await openDelete();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('DELETE', DELETE)).toHaveLength(1));
    expect(server.callsTo('DELETE', DELETE)[0].url).toContain('version=7');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps a refused delete in the dialog, with the reason', async () => {
    const { dialog } = await openDelete(() =>
      json({ Message: 'The policy was changed by someone else. Reload it and try again.' }, 409),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain(
        'The policy was changed by someone else.',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Delete this policy?' })).toBeTruthy();
  });
});
