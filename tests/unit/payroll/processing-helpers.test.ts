// The payroll screens' pure helpers: sort orders (spec 001 §9), flags, export address, and the entry
// save payload built from what a processor typed (spec 001 §3).
import { describe, expect, it } from 'vitest';
import {
  type EntryDraft,
  type EntryInputs,
  fieldErrors,
  isDirty,
  parseAmount,
  toDraft,
  toPayload,
} from '../../../src/features/payroll/processing/entry-edit';
import { formatHours, formatMoney, humanize } from '../../../src/features/payroll/processing/format';
import {
  activeFlags,
  exportFormats,
  flagPath,
  nextSort,
  processingExportUrl,
  sortsDescending,
  wireSort,
} from '../../../src/features/payroll/processing/list-options';

describe('payroll list sorting', () => {
  it('sorts Owner, ClientName and Division ascending only, the dates both ways', () => {
    expect(['Owner', 'ClientName', 'Division'].map((c) => sortsDescending(c as 'Owner'))).toEqual([
      false,
      false,
      false,
    ]);
    expect(sortsDescending('StartDate')).toBe(true);
    expect(sortsDescending('CompletedDate')).toBe(true);
  });

  it('starts a date column newest first and flips it; a name column stays ascending', () => {
    let s = nextSort({ sort: 'Owner', descending: false }, 'LockedDate');
    expect(s).toEqual({ sort: 'LockedDate', descending: true });
    s = nextSort(s, 'LockedDate');
    expect(s).toEqual({ sort: 'LockedDate', descending: false });
    s = nextSort(s, 'ClientName');
    expect(s).toEqual({ sort: 'ClientName', descending: false });
    expect(nextSort(s, 'ClientName')).toEqual({ sort: 'ClientName', descending: false });
  });

  it("sends the spec's sort names", () => {
    expect(wireSort({ sort: 'StartDate', descending: true })).toBe('StartDateDesc');
    expect(wireSort({ sort: 'CompletedDate', descending: false })).toBe('CompletedDate');
    expect(wireSort({ sort: 'Owner', descending: true })).toBe('Owner');
  });
});

describe('names and amounts', () => {
  it('spells lookup identifiers as words', () => {
    expect(humanize('CommissionAboveThreshold')).toBe('Commission above threshold');
    expect(humanize('RawInput')).toBe('Raw input');
  });

  it('formats money by currency and hours with 2 decimals at most', () => {
    expect(formatMoney(1234.5, 'CAD', 'en-CA')).toBe('$1,234.50');
    expect(formatMoney(null)).toBe('—');
    expect(formatHours(38.456)).toBe('38.46');
  });
});

describe('payroll flags and export', () => {
  it('lists the set flags in order and addresses each flag call', () => {
    expect(
      activeFlags({
        IsVisible: true,
        IsLocked: true,
        IsDisclosed: false,
        IsPending: false,
        IsCompleted: true,
      }),
    ).toEqual(['visible', 'locked', 'completed']);
    expect(flagPath(7, 'locked', true)).toBe('payrolls/7/locked/true');
    expect(flagPath(7, 'locked', false)).toBe('payrolls/7/locked/false');
  });

  it('offers DefaultWithSsn only to a caller who may see SSNs', () => {
    expect(exportFormats(false)).toEqual(['Default', 'Canada', 'Pivoted']);
    expect(exportFormats(true)).toEqual(['Default', 'DefaultWithSsn', 'Canada', 'Pivoted']);
  });

  it('builds the spreadsheet address with the filters and format, leaving blanks out', () => {
    expect(
      processingExportUrl('Canada', { icdCorporationID: 2, startDate: '2026-11-01', endDate: '', x: null }),
    ).toBe('/api/payrolls/processing.xlsx?icdCorporationID=2&startDate=2026-11-01&format=Canada');
  });
});

const entry: EntryInputs = {
  PayPeriodID: 41,
  IsPaidGuaranteed: true,
  IsPaidCommission: false,
  Comments: null,
  CommissionPieces: [{ PieceNumber: 1, PieceQty: 3, PieceRate: 12.5 }],
  Bonus: 25.5,
  Salary: null,
  ContractorPayment: null,
  ManualCommissionAmount: null,
  CommissionThreshold: null,
  ExtraHoursWorked: 1.25,
};
const defaults = { Salary: 1500, ContractorPayment: null };

describe('entry save payload', () => {
  it('reads typed amounts: blanks are 0, separators and $ allowed, at most 2 decimals', () => {
    expect(parseAmount('')).toEqual({ value: 0 });
    expect(parseAmount('$1,234.5')).toEqual({ value: 1234.5 });
    expect(parseAmount('-0')).toEqual({ value: 0 });
    expect(parseAmount('12.345')).toEqual({ problem: 'decimals' });
    expect(parseAmount('1e3')).toEqual({ problem: 'number' });
    expect(parseAmount('abc')).toEqual({ problem: 'number' });
  });

  it('round-trips an entry; Salary and ContractorPayment go as null when equal to their defaults', () => {
    const draft = toDraft(entry, defaults);
    expect(draft.values.Salary).toBe('1500');
    expect(draft.values.Bonus).toBe('25.5');
    expect(draft.values.Tip).toBe('');
    const result = toPayload(41, draft, defaults);
    if (!('payload' in result)) throw new Error('problems');
    expect(result.payload).toMatchObject({
      PayPeriodID: 41,
      Bonus: 25.5,
      Tip: 0,
      Salary: null,
      ContractorPayment: null,
      ManualCommissionAmount: null,
      CommissionThreshold: null,
      ExtraHoursWorked: 1.25,
      Comments: null,
      CommissionPieces: [{ PieceNumber: 1, PieceQty: 3, PieceRate: 12.5 }],
    });
  });

  it('sends a salary other than the default, and keeps each piece its number (a sale keeps its piece)', () => {
    const draft: EntryDraft = toDraft(entry, defaults);
    draft.values.Salary = '1600';
    draft.values.ContractorPayment = '80';
    draft.Comments = '  late receipt ';
    draft.CommissionPieces = [
      { PieceNumber: 4, PieceQty: '2', PieceRate: '10' },
      { PieceNumber: 9, PieceQty: '1', PieceRate: '7.25' },
    ];
    const result = toPayload(41, draft, defaults);
    if (!('payload' in result)) throw new Error('problems');
    expect(result.payload.Salary).toBe(1600);
    expect(result.payload.ContractorPayment).toBe(80);
    expect(result.payload.Comments).toBe('late receipt');
    expect(result.payload.CommissionPieces).toEqual([
      { PieceNumber: 4, PieceQty: 2, PieceRate: 10 },
      { PieceNumber: 9, PieceQty: 1, PieceRate: 7.25 },
    ]);
  });

  it('names each bad field, pieces included, and sends nothing', () => {
    const draft = toDraft(entry, defaults);
    draft.values.Bonus = '12.345';
    draft.CommissionPieces[0].PieceRate = 'x';
    expect(toPayload(41, draft, defaults)).toEqual({
      problems: { Bonus: 'decimals', 'CommissionPieces[0].PieceRate': 'number' },
    });
  });

  it('sees a change only when the payload changes', () => {
    const saved = toDraft(entry, defaults);
    const same = toDraft(entry, defaults);
    same.values.Bonus = '25.50';
    expect(isDirty(41, saved, same, defaults)).toBe(false);
    same.values.Bonus = '30';
    expect(isDirty(41, saved, same, defaults)).toBe(true);
  });

  it("reads the server's field errors", () => {
    expect(fieldErrors({ Message: 'x', Errors: { Bonus: ['Too big', 'Really'] } })).toEqual({
      Bonus: 'Too big · Really',
    });
    expect(fieldErrors(undefined)).toEqual({});
  });
});
