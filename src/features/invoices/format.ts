// How the invoice screens name statuses and payment methods and show money (pure; no React).
import { PaymentMethod, PayrollInvoiceStatus } from '../../contract/invoices';

export const STATUS_KEYS: Record<number, string> = {
  [PayrollInvoiceStatus.NotPosted]: 'NotPosted',
  [PayrollInvoiceStatus.Posted]: 'Posted',
};
export const METHOD_KEYS: Record<number, string> = {
  [PaymentMethod.DrawFromLocalBankAccount]: 'DrawFromLocalBankAccount',
  [PaymentMethod.OutOfSecurity]: 'OutOfSecurity',
};

/** A wire day ('YYYY-MM-DD') from a date input's value or a revived Date. */
export function wireDayOf(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** A decimal typed in a field ('1,234.50', '-25.5') → number, or null when it is not one. */
export function parseDecimal(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '' || !/^-?\d*(\.\d*)?$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}
