// Editing a payroll entry (spec 001 §3 "Payroll entry save payload"): the fields a processor types,
// the text drafts the inputs hold, and the payload sent to `PUT payrolls/{id}/entries/{payPeriodId}`
// (pure; no React). Amounts travel as decimal numbers with 2 decimals; Salary and ContractorPayment
// go as null when they equal their defaults.

export type FieldKind = 'money' | 'hours';

export interface EditField {
  key: NumericEntryField;
  kind: FieldKind;
}

/** The numeric inputs of the payload, in the order the entry drawer lists them. */
export const NUMERIC_FIELDS = [
  'ExtraHoursWorked',
  'Bonus',
  'CommissionBonus',
  'VolumeBonus',
  'ManualCommissionAmount',
  'CommissionThreshold',
  'Salary',
  'ContractorPayment',
  'TravelAllowance',
  'CellAllowance',
  'Tip',
  'SickPay',
  'SplitTime',
  'ReportingTime',
  'MealPeriodPremiumTime',
  'HolidayPay',
  'TrainingPayHours',
  'Chargeback',
  'NetPayAddition',
  'NetPayDeduction',
] as const;
export type NumericEntryField = (typeof NUMERIC_FIELDS)[number];

const HOUR_FIELDS = new Set<NumericEntryField>([
  'ExtraHoursWorked',
  'SplitTime',
  'ReportingTime',
  'MealPeriodPremiumTime',
  'TrainingPayHours',
]);

export function fieldKind(key: NumericEntryField): FieldKind {
  return HOUR_FIELDS.has(key) ? 'hours' : 'money';
}

/** The fields edited in the grid's row itself; the drawer has them all. */
export const GRID_FIELDS = [
  'ExtraHoursWorked',
  'Bonus',
  'CommissionBonus',
  'Tip',
  'SickPay',
  'Chargeback',
  'NetPayAddition',
  'NetPayDeduction',
] as const satisfies readonly NumericEntryField[];

/** Null on the wire when equal to the employment record's default. */
export const DEFAULTED_FIELDS = ['Salary', 'ContractorPayment'] as const;
type DefaultedField = (typeof DEFAULTED_FIELDS)[number];

/** Null on the wire when left blank: the commission from pieces, the employment record's threshold. */
export const BLANK_NULL_FIELDS = ['ManualCommissionAmount', 'CommissionThreshold'] as const;
type BlankNullField = (typeof BLANK_NULL_FIELDS)[number];

export interface CommissionPieceDraft {
  PieceNumber: number;
  PieceQty: string;
  PieceRate: string;
  /** Earned by a sale: shown read only and sent back as it is (the order decides it). */
  FromSale?: boolean;
}

export interface EntryDraft {
  values: Record<NumericEntryField, string>;
  IsPaidGuaranteed: boolean;
  IsPaidCommission: boolean;
  Comments: string;
  CommissionPieces: CommissionPieceDraft[];
}

/** What the draft is built from: the entry's saved inputs (numbers or null) and the defaults. */
export interface EntryInputs {
  PayPeriodID: number;
  IsPaidGuaranteed: boolean;
  IsPaidCommission: boolean;
  Comments: string | null;
  CommissionPieces: { PieceNumber: number; PieceQty: number; PieceRate: number; FromSale?: boolean }[];
  [field: string]: unknown;
}

export interface EntryDefaults {
  Salary: number | null;
  ContractorPayment: number | null;
}

function text(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

export function toDraft(entry: EntryInputs, defaults: EntryDefaults): EntryDraft {
  const values = {} as Record<NumericEntryField, string>;
  for (const key of NUMERIC_FIELDS) {
    const own = entry[key];
    values[key] =
      (key === 'Salary' || key === 'ContractorPayment') && (own === null || own === undefined)
        ? text(defaults[key])
        : text(own);
  }
  return {
    values,
    IsPaidGuaranteed: entry.IsPaidGuaranteed,
    IsPaidCommission: entry.IsPaidCommission,
    Comments: entry.Comments ?? '',
    CommissionPieces: entry.CommissionPieces.map((p) => ({
      PieceNumber: p.PieceNumber,
      PieceQty: text(p.PieceQty),
      PieceRate: text(p.PieceRate),
      ...(p.FromSale ? { FromSale: true } : {}),
    })),
  };
}

const NUMBER = /^-?\d+(\.\d+)?$/;

export type ParseProblem = 'number' | 'decimals';

/**
 * A typed amount or hours: '' is 0, '1,234.5' and '$12' are read; at most 2 decimals. Returns the
 * number, or the problem.
 */
export function parseAmount(raw: string): { value: number } | { problem: ParseProblem } {
  const cleaned = raw.replace(/[$,\s]/g, '');
  if (cleaned === '') return { value: 0 };
  if (!NUMBER.test(cleaned)) return { problem: 'number' };
  if ((cleaned.split('.')[1] ?? '').length > 2) return { problem: 'decimals' };
  return { value: Number(cleaned) + 0 };
}

export interface EntryPayload {
  PayPeriodID: number;
  IsPaidGuaranteed: boolean;
  IsPaidCommission: boolean;
  Comments: string | null;
  CommissionPieces: { PieceNumber: number; PieceQty: number; PieceRate: number; FromSale?: boolean }[];
  [field: string]: unknown;
}

export type DraftProblems = Record<string, ParseProblem>;

/**
 * The save payload of a draft, or the problems by field (keys as the server's `Errors`: the field
 * name, `CommissionPieces[i].PieceQty`…). Salary and ContractorPayment are null when equal to their
 * defaults (spec 001 §3).
 */
export function toPayload(
  payPeriodId: number,
  draft: EntryDraft,
  defaults: EntryDefaults,
): { payload: EntryPayload } | { problems: DraftProblems } {
  const problems: DraftProblems = {};
  const payload: EntryPayload = {
    PayPeriodID: payPeriodId,
    IsPaidGuaranteed: draft.IsPaidGuaranteed,
    IsPaidCommission: draft.IsPaidCommission,
    Comments: draft.Comments.trim() === '' ? null : draft.Comments.trim(),
    CommissionPieces: [],
  };
  for (const key of NUMERIC_FIELDS) {
    const parsed = parseAmount(draft.values[key]);
    if ('problem' in parsed) {
      problems[key] = parsed.problem;
      continue;
    }
    const blank = draft.values[key].trim() === '';
    if (isDefaulted(key)) payload[key] = blank || parsed.value === defaults[key] ? null : parsed.value;
    else if (isBlankNull(key)) payload[key] = blank ? null : parsed.value;
    else payload[key] = parsed.value;
  }
  draft.CommissionPieces.forEach((piece, i) => {
    const qty = parseAmount(piece.PieceQty);
    const rate = parseAmount(piece.PieceRate);
    if ('problem' in qty) problems[`CommissionPieces[${i}].PieceQty`] = qty.problem;
    if ('problem' in rate) problems[`CommissionPieces[${i}].PieceRate`] = rate.problem;
    if ('value' in qty && 'value' in rate)
      // Numbers are kept: the stub's 'Commission Piece #N' and a sale's piece keep theirs.
      payload.CommissionPieces.push({
        PieceNumber: piece.PieceNumber,
        PieceQty: qty.value,
        PieceRate: rate.value,
      });
  });
  return Object.keys(problems).length ? { problems } : { payload };
}

function isDefaulted(key: NumericEntryField): key is DefaultedField {
  return (DEFAULTED_FIELDS as readonly string[]).includes(key);
}

function isBlankNull(key: NumericEntryField): key is BlankNullField {
  return (BLANK_NULL_FIELDS as readonly string[]).includes(key);
}

/** Whether the draft differs from what was saved (compared as payloads, so '5' and '5.00' are equal). */
export function isDirty(
  payPeriodId: number,
  saved: EntryDraft,
  draft: EntryDraft,
  defaults: EntryDefaults,
): boolean {
  const a = toPayload(payPeriodId, saved, defaults);
  const b = toPayload(payPeriodId, draft, defaults);
  if (!('payload' in a) || !('payload' in b)) return true;
  return JSON.stringify(a.payload) !== JSON.stringify(b.payload);
}

/** The server's `Errors` (field → messages) as one message per field. */
export function fieldErrors(data: unknown): Record<string, string> {
  const errors = (data as { Errors?: Record<string, string[] | string> } | undefined)?.Errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [k, Array.isArray(v) ? v.join(' · ') : String(v)]),
  );
}
