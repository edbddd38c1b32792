// Pure helpers of the office orders screens: the status
// moves a product order may make (the server's rule, so the menu offers only those), money in the
// reader's language and the local calendar day.
import { StatusKind } from '../../../contract/orders';
import { formatDay as formatSharedDay } from '../../../lib/date-display';

/** Whether a product order may move from a status of one kind to one of another (server rule). */
export function canMove(from: number, to: number): boolean {
  if (from === StatusKind.Cancelled || from === StatusKind.Disconnect) return false;
  if (from === to) return true;
  if (from === StatusKind.Booked) return to === StatusKind.Installed || to === StatusKind.Cancelled;
  if (from === StatusKind.Installed) return to === StatusKind.Cancelled || to === StatusKind.Disconnect;
  return false;
}

/** The statuses a product order in `fromStatusID` may move to. */
export function statusTargets<S extends { ProductOrderStatusID: number; StatusKind: number }>(
  statuses: readonly S[],
  fromStatusID: number,
): S[] {
  const from = statuses.find((s) => s.ProductOrderStatusID === fromStatusID);
  if (!from) return [];
  return statuses.filter(
    (s) => s.ProductOrderStatusID !== fromStatusID && canMove(from.StatusKind, s.StatusKind),
  );
}

/** A decimal amount with 2 places in the reader's language (no currency sign: the office knows it). */
export function formatMoney(amount: number, language: string): string {
  return new Intl.NumberFormat(language.replace('_', '-'), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** The calendar day (YYYY-MM-DD) of `at` where the reader is. */
export function localDay(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}`;
}

/** A wire day (YYYY-MM-DD) in the reader's language, without any time zone shift. */
export function formatDay(day: string, language: string): string {
  return formatSharedDay(day, { locale: language });
}

export const STATUS_KIND_COLOURS: Record<number, string> = {
  [StatusKind.Booked]: 'blue',
  [StatusKind.Installed]: 'green',
  [StatusKind.Cancelled]: 'gray',
  [StatusKind.Disconnect]: 'red',
};

/** The columns of a pasted bulk-create row, in order (a header line naming them is skipped). */
export const BULK_COLUMNS = [
  'OrderNumber',
  'SaleDate',
  'CustomerName',
  'ProgramID',
  'IcdOfficeID',
  'EmployeeID',
  'ProductID',
  'ProductLineID',
  'Quantity',
  'SalesChannelID',
] as const;

export interface BulkRow {
  OrderNumber: string | null;
  SaleDate: string;
  CustomerName: string | null;
  ProgramID: number;
  IcdOfficeID: number;
  EmployeeID: number | null;
  SalesChannelID: 0 | 1 | 2;
  ProductOrders: { ProductID: number; ProductLineID: number; Quantity: number }[];
}

const int = (v: string | undefined) => {
  const n = Number((v ?? '').trim());
  return (v ?? '').trim() !== '' && Number.isInteger(n) ? n : Number.NaN;
};

/**
 * Pasted rows (tab, comma or semicolon separated; one work order with one product per line) →
 * work orders to send. The server checks every value and names failing rows; a number that is not one
 * is sent as NaN → null so the server's message shows for that field.
 */
export function parseBulkRows(text: string): BulkRow[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^ordernumber\b/i.test(line))
    .map((line) => {
      const cells = line.split(/\t|;|,/).map((c) => c.trim());
      const get = (name: (typeof BULK_COLUMNS)[number]) => cells[BULK_COLUMNS.indexOf(name)];
      const num = (name: (typeof BULK_COLUMNS)[number]) => {
        const n = int(get(name));
        return Number.isNaN(n) ? (null as unknown as number) : n;
      };
      const channel = int(get('SalesChannelID'));
      const employee = int(get('EmployeeID'));
      const quantity = int(get('Quantity'));
      return {
        OrderNumber: get('OrderNumber') || null,
        SaleDate: get('SaleDate') ?? '',
        CustomerName: get('CustomerName') || null,
        ProgramID: num('ProgramID'),
        IcdOfficeID: num('IcdOfficeID'),
        EmployeeID: Number.isNaN(employee) ? null : employee,
        SalesChannelID: (channel === 1 || channel === 2 ? channel : 0) as 0 | 1 | 2,
        ProductOrders: [
          {
            ProductID: num('ProductID'),
            ProductLineID: num('ProductLineID'),
            Quantity: Number.isNaN(quantity) ? 1 : quantity,
          },
        ],
      };
    });
}

/** The server's field errors of a bulk call grouped by row index (`WorkOrders[2].SaleDate` → 2). */
export function rowErrors(fieldErrors: Record<string, string>, list = 'WorkOrders'): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const pattern = new RegExp(`^${list}[.[](\\d+)\\]?\\.?(.*)$`);
  for (const [key, message] of Object.entries(fieldErrors)) {
    const m = pattern.exec(key);
    if (!m) continue;
    const i = Number(m[1]);
    out.set(i, [...(out.get(i) ?? []), m[2] ? `${m[2]}: ${message}` : message]);
  }
  return out;
}
