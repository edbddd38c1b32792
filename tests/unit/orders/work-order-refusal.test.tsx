// A refused save on a work order's page (orders office): a reason the server gives for a field the
// card or dialog shows is said beside that field, with no banner above repeating the refusal; a reason
// for a field it does not show (the program, the rep) is said in the banner — never twice, never
// nowhere. Covers the order's own fields and the status change of one product order.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import WorkOrderPage from '../../../src/features/orders/office/work-order-page';
import { type Handler, json } from '../api/helpers';
import { bannerTexts, errorBeside, refusal } from '../ui/refusal';
import { renderApp } from '../ui/render-app';

const PRODUCT = {
  ProductOrderID: 81,
  WorkOrderID: 5,
  ProductID: 40,
  ProductName: 'Ignite Internet 1G',
  RogersCategoryID: 1,
  ProductLineID: 9,
  ProductLineName: 'New activation',
  Quantity: 1,
  ProductOrderStatusID: 11,
  StatusName: 'Booked',
  StatusKind: 1,
  StatusDate: '2026-03-02',
  InstallDate: null,
  CommissionPaid: 0,
  Version: 1,
};

const ORDER = {
  WorkOrderID: 5,
  DivisionID: 2,
  ProgramID: 7,
  ProgramName: 'Rogers Retail',
  IcdOfficeID: 3,
  OfficeName: 'Toronto Central',
  EmployeeID: 12,
  EmployeeName: 'Riley Chen',
  RetailerID: null,
  RetailerName: null,
  LeadID: null,
  SalesChannelID: 1,
  OrderNumber: 'RG-1001',
  SaleDate: '2026-03-02',
  CustomerName: 'Ada Park',
  CustomerPhone: null,
  StreetLine1: null,
  StreetLine2: null,
  City: null,
  StateProvince: null,
  PostalCode: null,
  Comments: null,
  ProductOrders: [PRODUCT],
  CreatedAt: '2026-03-02T15:00:00Z',
  UpdatedAt: '2026-03-02T15:00:00Z',
  Version: 4,
  History: [],
  Adjustments: [],
  Commissions: [],
};

const STATUSES = [
  {
    ProductOrderStatusID: 11,
    DivisionID: 2,
    Name: 'Booked',
    StatusKind: 1,
    StatusKindName: 'Booked',
    SortIndex: 1,
  },
  {
    ProductOrderStatusID: 12,
    DivisionID: 2,
    Name: 'Installed',
    StatusKind: 2,
    StatusKindName: 'Installed',
    SortIndex: 2,
  },
];

const PATCH = '/api/work-orders/5';
const STATUS = '/api/product-order-status/bulk';

// Mantine's autosizing Textarea (Comments) listens to document.fonts, which happy-dom has not.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

async function openOrder(routes: Record<string, Handler>) {
  return renderApp(
    <Routes>
      <Route path="/orders/:id" element={<WorkOrderPage />} />
    </Routes>,
    {
      path: '/orders/5',
      routes: {
        'GET /api/work-orders/5': () => json(ORDER),
        'GET /api/divisions/2/product-order-statuses': () => json(STATUSES),
        ...routes,
      },
    },
  );
}

/** Changes the order number and the customer on the order's card and saves them. */
async function saveOrderFields(answer: Handler) {
  const { server } = await openOrder({ [`PATCH ${PATCH}`]: answer });
  fireEvent.change(await screen.findByLabelText(/^Order number/), { target: { value: 'RG-1002' } });
  fireEvent.change(screen.getByLabelText(/^Customer/), { target: { value: 'Ada Parker' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.callsTo('PATCH', PATCH)).toHaveLength(1));
}

describe("work order's own fields, refused", () => {
  it('says reasons of fields the card shows beside them only', async () => {
    const taken = 'Work order 12 already has this order number.';
    const paid = 'Commission was paid on this order: its sale date cannot change.';
    await saveOrderFields(
      refusal(400, 'The work order could not be saved.', { OrderNumber: [taken], SaleDate: [paid] }),
    );
    await waitFor(() => expect(errorBeside(/^Order number/)).toBe(taken));
    expect(errorBeside(/^Sale date/)).toBe(paid);
    expect(screen.getAllByText(taken)).toHaveLength(1);
    expect(bannerTexts()).toEqual([]);
  });

  it('says a reason of a field the card does not show in the banner, and the others beside their fields', async () => {
    const taken = 'Work order 12 already has this order number.';
    const program = 'This office does not work this program.';
    await saveOrderFields(
      refusal(400, 'The work order could not be saved.', { OrderNumber: [taken], ProgramID: [program] }),
    );
    await waitFor(() => expect(bannerTexts()).toHaveLength(1));
    const [banner] = bannerTexts();
    expect(banner).toContain('The work order could not be saved.');
    expect(banner).toContain(program);
    // The order number's reason is beside its field, not repeated in the banner.
    expect(banner).not.toContain(taken);
    expect(errorBeside(/^Order number/)).toBe(taken);
  });

  it('says the order changed meanwhile (409), whatever fields it names', async () => {
    await saveOrderFields(
      refusal(409, 'This item was changed by someone else.', { OrderNumber: ['Changed.'] }),
    );
    await waitFor(() => expect(bannerTexts()).toHaveLength(1));
    expect(bannerTexts()[0]).toContain('Take the current version');
    expect(screen.getByRole('button', { name: 'Take the current version' })).toBeTruthy();
  });
});

/** Opens the status change of the order's product, picks Installed and applies it. */
async function changeStatus(answer: Handler) {
  const { server } = await openOrder({ [`PATCH ${STATUS}`]: answer });
  const open = await screen.findByRole('button', { name: 'Change the status of Ignite Internet 1G' });
  await waitFor(() => expect(open.hasAttribute('disabled')).toBe(false));
  await userEvent.click(open);
  const status = (await screen.findAllByLabelText(/^New status/)).find((e) => e instanceof HTMLInputElement);
  if (!status) throw new Error('no status input');
  await userEvent.click(status);
  // The dropdown's opening transition leaves it display: none in happy-dom; the options are there.
  await userEvent.click(await screen.findByRole('option', { name: 'Installed', hidden: true }));
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(server.callsTo('PATCH', STATUS)).toHaveLength(1));
}

describe('status change of a product order, refused', () => {
  it('says a reason of the effective day beside it only', async () => {
    const early = 'The status date cannot be before the sale date.';
    await changeStatus(
      refusal(400, 'No status was changed: fix the rows named.', { 'Changes[0].StatusDate': [early] }),
    );
    await waitFor(() => expect(errorBeside(/^Effective day/)).toBe(early));
    expect(bannerTexts()).toEqual([]);
  });

  it('says a reason of no field it shows in the banner', async () => {
    const twice = 'This product order is already changed in another row.';
    await changeStatus(
      refusal(400, 'No status was changed: fix the rows named.', { 'Changes[0].ProductOrderID': [twice] }),
    );
    await waitFor(() => expect(bannerTexts().join(' ')).toContain(twice));
  });
});
