// How the employment queues show a change's values (pure; no React).
import { formatDay } from '../../lib/date-display';
import { formatMoney } from '../payroll/processing/format';

/** The recorded terms of pay that are amounts (server/modules/employments/record.ts sends them as '18.50'). */
const MONEY_FIELDS = new Set(['PayRate', 'Salary', 'CommissionThreshold', 'Garnishment']);

/** A recorded value as read: an amount as money ('$18.50'), a hire date as a day, others as sent. */
export function changeValue(field: string, value: string, language: string): string {
  if (MONEY_FIELDS.has(field) && value.trim() !== '' && Number.isFinite(Number(value)))
    return formatMoney(Number(value), 'CAD', language.replace('_', '-'));
  if (field === 'HireDate') return formatDay(value, { locale: language }) || value;
  return value;
}
