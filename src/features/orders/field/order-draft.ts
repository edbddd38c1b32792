// The phone's order form as data: its values, their checks (messages by field, as the server's) and
// the POST work-orders body it queues. Pure, so the unit tests can run it without a screen.
import { SalesChannel, type WorkOrderSave } from '../../../contract/orders';

export interface ProductRow {
  /** Stable key of the row in the form. */
  key: string;
  ProductID: string | null;
  ProductLineID: string | null;
  Quantity: number | string;
}

export interface OrderValues {
  /** `<IcdOfficeID>:<ProgramID>` (a program as worked at one of the rep's offices). */
  officeProgram: string | null;
  SaleDate: string;
  CustomerName: string;
  CustomerPhone: string;
  Comments: string;
  rows: ProductRow[];
}

export type OrderErrors = Partial<Record<string, string>>;

/** Messages are i18n keys under orders-field.errors. */
export function validateOrder(values: OrderValues): OrderErrors {
  const errors: OrderErrors = {};
  if (!values.officeProgram) errors.officeProgram = 'orders-field.errors.program';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.SaleDate)) errors.SaleDate = 'orders-field.errors.saleDate';
  if (values.rows.length === 0) errors.rows = 'orders-field.errors.noProduct';
  values.rows.forEach((row, i) => {
    if (!row.ProductID) errors[`rows.${i}.ProductID`] = 'orders-field.errors.product';
    if (!row.ProductLineID) errors[`rows.${i}.ProductLineID`] = 'orders-field.errors.line';
    const q = Number(row.Quantity);
    if (!Number.isInteger(q) || q < 1 || q > 1000)
      errors[`rows.${i}.Quantity`] = 'orders-field.errors.quantity';
  });
  if (values.CustomerPhone.trim().length > 30) errors.CustomerPhone = 'orders-field.errors.phone';
  if (values.Comments.trim().length > 2000) errors.Comments = 'orders-field.errors.notes';
  return errors;
}

const opt = (s: string) => (s.trim() ? s.trim() : null);

/** The body of POST work-orders for a valid form: a door-to-door sale from the lead, keyed once. */
export function orderBody(
  values: OrderValues,
  lead: { LeadID: number },
  clientRequestKey: string,
): WorkOrderSave & { ClientRequestKey: string } {
  const [office, program] = (values.officeProgram ?? '').split(':').map(Number);
  return {
    IcdOfficeID: office,
    ProgramID: program,
    LeadID: lead.LeadID,
    ClientRequestKey: clientRequestKey,
    SalesChannelID: SalesChannel.DoorToDoor,
    SaleDate: values.SaleDate,
    CustomerName: opt(values.CustomerName),
    CustomerPhone: opt(values.CustomerPhone),
    Comments: opt(values.Comments),
    ProductOrders: values.rows.map((r) => ({
      ProductID: Number(r.ProductID),
      ProductLineID: Number(r.ProductLineID),
      Quantity: Number(r.Quantity),
    })),
  };
}

/** Today on the phone's calendar (the sale date a rep means), as YYYY-MM-DD. */
export function localDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
