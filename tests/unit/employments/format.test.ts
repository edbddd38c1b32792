// How /employments shows a change's values: amounts (pay rate, salary, threshold, garnishment) as
// money, a hire date as a day.
import { describe, expect, it } from 'vitest';
import { changeValue } from '../../../src/features/employments/format';

describe('changeValue', () => {
  it('shows a pay rate as money, like the payroll screens', () => {
    expect(changeValue('PayRate', '18.5', 'en_CA')).toBe('$18.50');
    expect(changeValue('PayRate', '1250.00', 'en_US')).toBe('$1,250.00');
  });

  it('shows a salary, a commission threshold and a garnishment as money too', () => {
    expect(changeValue('Salary', '52000.00', 'en_CA')).toBe('$52,000.00');
    expect(changeValue('CommissionThreshold', '1500.00', 'en_US')).toBe('$1,500.00');
    expect(changeValue('Garnishment', '75.5', 'en_CA')).toBe('$75.50');
  });

  it('shows a hire date as the day every screen shows, not the wire day', () => {
    expect(changeValue('HireDate', '2026-07-28', 'en_CA')).toBe('Jul 28, 2026');
    expect(changeValue('HireDate', '2026-07-28', 'en_US')).toBe('Jul 28, 2026');
  });

  it('keeps other values, and a value that is not a number or a day, as recorded', () => {
    expect(changeValue('DefaultHours', '40.00', 'en_CA')).toBe('40.00');
    expect(changeValue('City', 'Toronto', 'en_CA')).toBe('Toronto');
    expect(changeValue('PayRate', 'n/a', 'en_CA')).toBe('n/a');
    expect(changeValue('HireDate', 'soon', 'en_CA')).toBe('soon');
  });
});
