// A refused save of a manual claim (orders office): a reason the server gives for a field the form
// shows is said beside that field, with no banner above the form repeating the refusal; a refusal
// naming no field keeps its banner, and a claim changed meanwhile (409) says so.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ManualClaimModal } from '../../../src/features/orders/office/manual-claim-modal';
import { type Handler, json } from '../api/helpers';
import { bannerTexts, errorBeside, refusal } from '../ui/refusal';
import { renderApp } from '../ui/render-app';

const CLAIM = {
  WorkOrderManualClaimID: 41,
  EmployeeID: 7,
  EmployeeName: 'Riley Chen',
  IcdOfficeID: 3,
  OfficeName: 'Toronto Central',
  DivisionID: 2,
  OrderNumber: 'RG-1001',
  SaleDate: '2026-03-02',
  CustomerName: 'Ada Park',
  Comments: null,
  StatusID: 1,
  ResolutionComments: null,
  WorkOrderID: null,
  ResolvedByEmployeeID: null,
  ResolvedAt: null,
  CreatedAt: '2026-03-02T15:00:00Z',
  Version: 2,
};

const PATH = '/api/work-order-manual-claims/41';

// Mantine's autosizing Textarea (Comments) listens to document.fonts, which happy-dom has not.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

async function saveClaim(answer: Handler) {
  const { server } = await renderApp(<ManualClaimModal editing={CLAIM} onClose={() => {}} />, {
    routes: {
      'GET /api/employees/roster': () =>
        json([{ EmployeeID: 7, FullName: 'Riley Chen', IcdOfficeID: 3, OfficeName: 'Toronto Central' }]),
      'GET /api/divisions': () => json([{ DivisionID: 2, Name: 'Rogers' }]),
      'GET /api/icd-offices': () => json([{ IcdOfficeID: 3, OfficeName: 'Toronto Central' }]),
      [`PUT ${PATH}`]: answer,
    },
  });
  fireEvent.click(await screen.findByTestId('manual-claim-save'));
  await waitFor(() => expect(server.callsTo('PUT', PATH)).toHaveLength(1));
}

describe('manual claim, refused', () => {
  it('says a reason of a field it shows beside the field only', async () => {
    const taken = 'This order number is already claimed.';
    await saveClaim(refusal(400, 'The request is not valid.', { OrderNumber: [taken] }));
    await waitFor(() => expect(errorBeside(/^Order number/)).toBe(taken));
    expect(bannerTexts()).toEqual([]);
  });

  it('keeps the banner for a refusal naming no field', async () => {
    await saveClaim(refusal(422, 'The rep no longer works at this office.'));
    await waitFor(() => expect(bannerTexts().join(' ')).toContain('The rep no longer works at this office.'));
  });

  it('says the claim changed meanwhile (409), whatever fields it names', async () => {
    await saveClaim(refusal(409, 'Changed.', { OrderNumber: ['Changed.'] }));
    await waitFor(() => expect(bannerTexts()).toHaveLength(1));
  });
});
