import { describe, expect, it } from 'vitest';
import { isNumeric, parseNumeric } from '../../../src/lib/numeric';

describe('parseNumeric', () => {
  it('strips dollar signs, commas, percent signs, spaces and closing parentheses', () => {
    expect(parseNumeric('$1,234.50')).toBe(1234.5);
    expect(parseNumeric(' 12 % ')).toBe(12);
    expect(parseNumeric('1 000 000')).toBe(1000000);
    expect(parseNumeric('7)')).toBe(7);
  });

  it('reads an opening parenthesis as minus', () => {
    expect(parseNumeric('(45.00)')).toBe(-45);
    expect(parseNumeric('($1,200.25)')).toBe(-1200.25);
  });

  it('keeps an ordinary minus and decimals', () => {
    expect(parseNumeric('-3.5')).toBe(-3.5);
    expect(parseNumeric('.25')).toBe(0.25);
  });

  it('gives 0 for what cannot be parsed', () => {
    for (const value of [
      '',
      'abc',
      '12abc',
      '1.2.3',
      '--1',
      '0x10',
      '1e3',
      'Infinity',
      null,
      undefined,
      {},
    ]) {
      expect(parseNumeric(value)).toBe(0);
    }
    expect(parseNumeric(Number.NaN)).toBe(0);
    expect(parseNumeric(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('passes finite numbers through', () => {
    expect(parseNumeric(42.5)).toBe(42.5);
  });
});

describe('isNumeric', () => {
  it('accepts finite values made of digits, minus and dot', () => {
    expect(isNumeric('123')).toBe(true);
    expect(isNumeric('-12.5')).toBe(true);
    expect(isNumeric(7)).toBe(true);
    expect(isNumeric(-0.5)).toBe(true);
  });

  it('rejects anything else', () => {
    for (const value of [
      '',
      '$5',
      '1,000',
      '1e3',
      ' 1',
      '1-2',
      '-',
      '.',
      'abc',
      Number.NaN,
      Infinity,
      1e21,
      null,
      true,
    ]) {
      expect(isNumeric(value)).toBe(false);
    }
  });
});
