// How the employment queues show a change's values (pure; no React).
import { formatDay } from '../../lib/date-display';
import { formatMoney } from '../payroll/processing/format';

/** A recorded value as read: a pay rate as money ('$18.50'), a hire date as a day, others as sent. */
export function changeValue(field: string, value: string, language: string): string {
  if (field === 'PayRate' && value.trim() !== '' && Number.isFinite(Number(value)))
    return formatMoney(Number(value), 'CAD', language.replace('_', '-'));
  if (field === 'HireDate') return formatDay(value, { locale: language }) || value;
  return value;
}
