// Pure helpers of the office orders screens: the status moves offered, the server's field errors and
// row messages, pasted bulk rows, and days shown without a time zone shift.
import { describe, expect, it } from 'vitest';
import { ResponseError } from '../../../src/api/errors';
import { serverFieldErrors, serverMessages } from '../../../src/api/field-errors';
import {
  canMove,
  formatDay,
  formatMoney,
  localDay,
  parseBulkRows,
  rowErrors,
  statusTargets,
} from '../../../src/features/orders/office/helpers';

const STATUSES = [
  { ProductOrderStatusID: 11, StatusKind: 1 },
  { ProductOrderStatusID: 12, StatusKind: 2 },
  { ProductOrderStatusID: 13, StatusKind: 3 },
  { ProductOrderStatusID: 14, StatusKind: 4 },
  { ProductOrderStatusID: 15, StatusKind: 1 },
];

describe('status moves', () => {
  it('offers Booked → Installed | Cancelled and another Booked status', () => {
    expect(statusTargets(STATUSES, 11).map((s) => s.ProductOrderStatusID)).toEqual([12, 13, 15]);
  });
  it('offers Installed → Cancelled | Disconnect', () => {
    expect(statusTargets(STATUSES, 12).map((s) => s.ProductOrderStatusID)).toEqual([13, 14]);
  });
  it('offers nothing out of Cancelled or Disconnect, nor from an unknown status', () => {
    expect(statusTargets(STATUSES, 13)).toEqual([]);
    expect(statusTargets(STATUSES, 14)).toEqual([]);
    expect(statusTargets(STATUSES, 99)).toEqual([]);
    expect(canMove(1, 4)).toBe(false);
    expect(canMove(2, 1)).toBe(false);
  });
});

describe('server refusals', () => {
  const refusal = new ResponseError({
    status: 400,
    data: {
      Message: 'No status was changed: fix the rows named.',
      Messages: ['Row 2: A product order cannot go from Cancelled to Installed.'],
      Errors: {
        'Changes[1].ProductOrderStatusID': ['A product order cannot go from Cancelled to Installed.'],
        'WorkOrders[3].SaleDate': ['Use the format YYYY-MM-DD', 'second'],
        Name: ['Enter the product name'],
      },
    },
  });
  it('reads the first message of each field', () => {
    expect(serverFieldErrors(refusal)).toEqual({
      'Changes[1].ProductOrderStatusID': 'A product order cannot go from Cancelled to Installed.',
      'WorkOrders[3].SaleDate': 'Use the format YYYY-MM-DD',
      Name: 'Enter the product name',
    });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
  it('reads the row messages', () => {
    expect(serverMessages(refusal)).toEqual([
      'Row 2: A product order cannot go from Cancelled to Installed.',
    ]);
    expect(serverMessages(new ResponseError({ status: 500, data: 'oops' }))).toEqual([]);
  });
  it('groups bulk-create errors by row', () => {
    expect(rowErrors(serverFieldErrors(refusal))).toEqual(
      new Map([[3, ['SaleDate: Use the format YYYY-MM-DD']]]),
    );
  });
});

describe('pasted rows', () => {
  it('skips the header and blank lines, reads tabs, commas or semicolons', () => {
    const rows = parseBulkRows(
      'OrderNumber\tSaleDate\tCustomerName\n' +
        'R-1\t2026-03-02\tAda Lovelace\t7\t3\t12\t40\t9\t2\t1\n\n' +
        'R-2;2026-03-03;Bob;7;3;;40;9;x;5\n',
    );
    expect(rows).toEqual([
      {
        OrderNumber: 'R-1',
        SaleDate: '2026-03-02',
        CustomerName: 'Ada Lovelace',
        ProgramID: 7,
        IcdOfficeID: 3,
        EmployeeID: 12,
        SalesChannelID: 1,
        ProductOrders: [{ ProductID: 40, ProductLineID: 9, Quantity: 2 }],
      },
      {
        OrderNumber: 'R-2',
        SaleDate: '2026-03-03',
        CustomerName: 'Bob',
        ProgramID: 7,
        IcdOfficeID: 3,
        EmployeeID: null,
        SalesChannelID: 0,
        ProductOrders: [{ ProductID: 40, ProductLineID: 9, Quantity: 1 }],
      },
    ]);
  });
  it('sends a value that is not a number as null for the server to name', () => {
    expect(parseBulkRows('R-3,2026-03-04,Cy,abc,3,,40,9,1,0')[0].ProgramID).toBeNull();
  });
});

describe('days and money', () => {
  it('shows a wire day as that day whatever the time zone', () => {
    expect(formatDay('2026-03-01', 'en_CA')).toContain('1');
    expect(formatDay('2026-03-01', 'en_CA')).toMatch(/Mar/);
  });
  it('gives the local calendar day of a moment', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
  it('shows 2 decimals', () => {
    expect(formatMoney(-12.5, 'en_CA')).toBe('-12.50');
    expect(formatMoney(1234, 'en_US')).toBe('1,234.00');
  });
});
