// Builders for payroll engine tests: shifts with breaks, a default pay basis and an entry input.
import type {
  EntryInput,
  JurisdictionRules,
  PayBasis,
  TimeEntryInput,
} from '../../../../server/domain/payroll';

/** A work entry and its breaks ([start, end] pairs), ids from `id` (breaks id+1, id+2 …). */
export function shift(
  id: number,
  date: string,
  StartTime: string,
  EndTime: string,
  breaks: [string, string][] = [],
  extra: Partial<TimeEntryInput> = {},
): TimeEntryInput[] {
  return [
    { TimeEntryID: id, Date: date, StartTime, EndTime, ...extra },
    ...breaks.map(([s, e], i) => ({
      TimeEntryID: id + i + 1,
      Date: date,
      StartTime: s,
      EndTime: e,
      IsBreak: true,
      ParentTimeEntryID: id,
    })),
  ];
}

export function basis(over: Partial<PayBasis> = {}): PayBasis {
  return {
    PayRate: 2000,
    Salary: null,
    CommissionTypeID: null,
    CommissionThreshold: null,
    IsPaidGuaranteed: true,
    IsPaidCommission: true,
    ...over,
  };
}

export function entry(
  rules: JurisdictionRules,
  StartDate: string,
  EndDate: string,
  TimeEntries: TimeEntryInput[],
  over: Partial<EntryInput> = {},
): EntryInput {
  return {
    PayPeriod: { PayPeriodID: 7, StartDate, EndDate },
    Rules: rules,
    Basis: basis(),
    TimeEntries,
    Inputs: {},
    CommissionPieces: [],
    MinimumWages: [],
    LateAdjustments: [],
    ...over,
  };
}

/** The lines as [Caption, Rate, Units, Amount] rows (rate and amount in cents) for exact comparison. */
export function rows(
  lines: { Caption: string; Rate: number | null; Units: number | null; Amount: number }[],
) {
  return lines.map((l) => [l.Caption, l.Rate, l.Units, l.Amount]);
}
