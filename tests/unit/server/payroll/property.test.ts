// Properties of the engine over random worked weeks (fast-check): every worked minute lands in exactly
// one class, the simple weekly rules match an independent count, each line is rate × units rounded
// to the cent, gross is the sum of the lines, and the engine is deterministic and leaves its input alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  CommissionType,
  type CommissionTypeID,
  computeEntry,
  type EntryInput,
  JURISDICTIONS,
  type JurisdictionRules,
  ONTARIO,
  type TimeEntryInput,
  US_FEDERAL,
} from '../../../../server/domain/payroll';
import { countedMinutes } from '../../../../server/domain/time/entry-rules';

// The period: Wednesday 2026-11-04 to Tuesday 2026-11-17; context from Monday 2026-11-02.
const FIRST = '2026-11-02';
const START = '2026-11-04';
const END = '2026-11-17';

const hm = (m: number) =>
  `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

const specArb = fc.record({
  day: fc.integer({ min: 0, max: 15 }),
  start: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  length: fc.integer({ min: 1, max: 16 * 60 }),
  breakAt: fc.integer({ min: 0, max: 600 }),
  breakLength: fc.integer({ min: 0, max: 90 }),
  training: fc.boolean(),
});

/**
 * Random days of work: up to two entries a day, each with up to one break inside; half the time every
 * day of the three workweeks is worked (so 7th days happen).
 */
const shiftsArb = fc
  .oneof(
    fc.array(specArb, { maxLength: 24 }),
    fc
      .array(specArb, { minLength: 16, maxLength: 16 })
      .map((specs) => specs.map((x, i) => ({ ...x, day: i }))),
  )
  .map((specs) => {
    const entries: TimeEntryInput[] = [];
    let id = 1;
    const taken = new Map<number, number>();
    for (const s of specs) {
      if ((taken.get(s.day) ?? 0) >= 2) continue;
      taken.set(s.day, (taken.get(s.day) ?? 0) + 1);
      const date = addDays(FIRST, s.day);
      const workId = id++;
      entries.push({
        TimeEntryID: workId,
        Date: date,
        StartTime: hm(s.start),
        EndTime: hm(s.start + s.length),
        IsTraining: s.training,
      });
      if (s.breakLength > 0 && s.breakAt + s.breakLength < s.length) {
        const b = s.start + s.breakAt;
        entries.push({
          TimeEntryID: id++,
          Date: date,
          StartTime: hm(b),
          EndTime: hm(b + s.breakLength),
          IsBreak: true,
          ParentTimeEntryID: workId,
        });
      }
    }
    return entries;
  });

type InputSpec = {
  rules: JurisdictionRules;
  entries: TimeEntryInput[];
  PayRate: number;
  type: CommissionTypeID | null;
  paidGuaranteed: boolean;
  paidCommission: boolean;
  manual: number;
  pieces: { PieceQty: number; PieceRate: number }[];
  bonus: number;
  chargeback: number;
  meal: number;
  minimumWage: number;
  late: { day: number; minutes: number }[];
};

const inputArb: fc.Arbitrary<InputSpec> = fc.record({
  rules: fc.constantFrom(...JURISDICTIONS),
  entries: shiftsArb,
  PayRate: fc.integer({ min: 0, max: 9999 }),
  type: fc.constantFrom<CommissionTypeID | null>(null, 1, 2, 3, 4),
  paidGuaranteed: fc.boolean(),
  paidCommission: fc.boolean(),
  manual: fc.integer({ min: 0, max: 200000 }),
  pieces: fc.array(
    fc.record({ PieceQty: fc.integer({ min: 0, max: 50 }), PieceRate: fc.integer({ min: 1, max: 9999 }) }),
    { maxLength: 4 },
  ),
  bonus: fc.integer({ min: 0, max: 100000 }),
  chargeback: fc.integer({ min: 0, max: 10000 }),
  meal: fc.integer({ min: 0, max: 8 }),
  minimumWage: fc.integer({ min: 0, max: 2500 }),
  late: fc.array(
    fc.record({ day: fc.integer({ min: -20, max: 0 }), minutes: fc.integer({ min: -240, max: 240 }) }),
    {
      maxLength: 3,
    },
  ),
});

function toInput(x: InputSpec): EntryInput {
  return {
    PayPeriod: { PayPeriodID: 1, StartDate: START, EndDate: END },
    Rules: x.rules,
    Basis: {
      PayRate: x.PayRate,
      Salary: null,
      CommissionTypeID: x.type,
      CommissionThreshold: 5000,
      IsPaidGuaranteed: x.paidGuaranteed,
      IsPaidCommission: x.paidCommission,
    },
    TimeEntries: x.entries,
    Inputs: {
      ManualCommissionAmount: x.manual,
      Bonus: x.bonus,
      Chargeback: x.chargeback,
      MealPeriodPremiumTime: x.meal / 4,
    },
    CommissionPieces: x.pieces.map((p, i) => ({ PieceNumber: i + 1, ...p })),
    MinimumWages: x.minimumWage
      ? [{ StartDate: '2026-01-01', EndDate: null, MinimumWage: x.minimumWage }]
      : [],
    LateAdjustments: x.late.map((l, i) => ({
      LateAdjustmentID: 70 + i,
      TimeEntryID: 700 + i,
      EntryDate: addDays(FIRST, l.day),
      Minutes: l.minutes,
    })),
  };
}

/** Worked minutes of each work entry: its duration less its breaks (computed here, not by the engine). */
function workedOf(entries: readonly TimeEntryInput[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const e of entries) if (!e.IsBreak) out.set(e.TimeEntryID, countedMinutes(e));
  for (const e of entries)
    if (e.IsBreak && e.ParentTimeEntryID)
      out.set(e.ParentTimeEntryID, (out.get(e.ParentTimeEntryID) ?? 0) - countedMinutes(e));
  return out;
}

describe('payroll engine properties', () => {
  it('classifies every worked minute into exactly one class', () => {
    fc.assert(
      fc.property(inputArb, (x) => {
        const input = toInput(x);
        const r = computeEntry(input);
        const worked = workedOf(input.TimeEntries);
        for (const e of r.Entries) {
          for (const cls of [e.Regular, e.Overtime, e.DoubleTime, e.Training])
            expect(cls).toBeGreaterThanOrEqual(0);
          expect(e.Regular + e.Overtime + e.DoubleTime + e.Training).toBe(worked.get(e.TimeEntryID));
        }
        expect(r.Entries.map((e) => e.TimeEntryID).sort((a, b) => a - b)).toEqual(
          [...worked.keys()].sort((a, b) => a - b),
        );
        const inPeriod = input.TimeEntries.filter((e) => !e.IsBreak && e.Date >= START && e.Date <= END);
        const total = inPeriod.reduce((t, e) => t + (worked.get(e.TimeEntryID) ?? 0), 0);
        expect(r.Hours.WorkedMinutes).toBe(total);
        const entryTraining = r.Entries.filter((e) => !e.IsContext).reduce((t, e) => t + e.Training, 0);
        const late = x.late.reduce((t, l) => t + l.minutes, 0);
        expect(r.Hours.LateAdjustment).toBe(late);
        expect(r.Hours.Regular + r.Hours.Overtime + r.Hours.DoubleTime + entryTraining).toBe(total + late);
      }),
      { numRuns: 300 },
    );
  });

  it('weekly-only rules: overtime is the hours past the threshold in each workweek', () => {
    fc.assert(
      fc.property(shiftsArb, fc.constantFrom(US_FEDERAL, ONTARIO), (entries, rules) => {
        const r = computeEntry(toInput({ ...sample, entries, rules }));
        const worked = workedOf(entries);
        const weeks = [0, 7, 14].map((offset) => {
          const from = addDays(FIRST, offset);
          const to = addDays(FIRST, offset + 6);
          const days = entries.filter((e) => !e.IsBreak && e.Date >= from && e.Date <= to);
          const all = days.reduce((t, e) => t + (worked.get(e.TimeEntryID) ?? 0), 0);
          const before = days
            .filter((e) => e.Date < START)
            .reduce((t, e) => t + (worked.get(e.TimeEntryID) ?? 0), 0);
          const over = Math.max(0, all - (rules.WeeklyOvertimeAfter ?? 0));
          // Overtime falls on the last minutes of the week; the context days are never the last.
          return Math.min(over, all - before);
        });
        expect(r.Hours.Overtime).toBe(weeks.reduce((a, b) => a + b, 0));
        expect(r.Hours.DoubleTime).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it('every jurisdiction: overtime and double time match a day-by-day count of its rules', () => {
    fc.assert(
      fc.property(shiftsArb, fc.constantFrom(...JURISDICTIONS), (entries, rules) => {
        const r = computeEntry(toInput({ ...sample, entries, rules }));
        const worked = workedOf(entries);
        const perDay = new Map<string, number>();
        for (const e of entries)
          if (!e.IsBreak) perDay.set(e.Date, (perDay.get(e.Date) ?? 0) + (worked.get(e.TimeEntryID) ?? 0));
        let ot = 0;
        let dt = 0;
        for (const week of [0, 7, 14]) {
          let straightSoFar = 0;
          const totals = [0, 1, 2, 3, 4, 5, 6].map((i) => perDay.get(addDays(FIRST, week + i)) ?? 0);
          totals.forEach((d, i) => {
            const paid = addDays(FIRST, week + i) >= START && addDays(FIRST, week + i) <= END;
            const seventh = rules.SeventhDay && i === 6 && totals.every((t) => t > 0);
            let dayOt = 0;
            let dayDt = 0;
            if (seventh && rules.SeventhDay) {
              dayOt = Math.min(d, rules.SeventhDay.OvertimeUpTo);
              dayDt = d - dayOt;
            } else {
              const otAt = rules.DailyOvertimeAfter ?? Infinity;
              const dtAt = rules.DailyDoubleTimeAfter ?? Infinity;
              dayDt = Math.max(0, d - dtAt);
              dayOt = Math.max(0, Math.min(d, dtAt) - otAt);
              const straight = d - dayOt - dayDt;
              const limit = rules.WeeklyOvertimeAfter ?? Infinity;
              dayOt += Math.max(0, straightSoFar + straight - Math.max(limit, straightSoFar));
              straightSoFar += straight;
            }
            if (paid) {
              ot += dayOt;
              dt += dayDt;
            }
          });
        }
        expect([r.Hours.Overtime, r.Hours.DoubleTime]).toEqual([ot, dt]);
      }),
      { numRuns: 300 },
    );
  });

  it('each line is its rate × units rounded to the cent, and gross is the sum of the paid lines', () => {
    fc.assert(
      fc.property(inputArb, (x) => {
        const r = computeEntry(toInput(x));
        for (const l of r.Lines) {
          expect(Number.isInteger(l.Amount)).toBe(true);
          if (l.Rate !== null && l.Units !== null)
            expect(Math.abs(l.Amount - l.Rate * l.Units)).toBeLessThanOrEqual(0.5 + 1e-6);
        }
        expect(r.Amounts.GrossPay).toBe(r.Lines.filter((l) => !l.IsDetail).reduce((t, l) => t + l.Amount, 0));
        expect(r.Amounts.MinimumWageAdvance).toBeGreaterThanOrEqual(0);
        // Whatever the type, the pay before the chargeback is at least the minimum wage for the hours.
        const late = x.late.reduce((t, l) => t + l.minutes, 0);
        const required = Math.round((x.minimumWage * (r.Hours.WorkedMinutes + late)) / 60);
        expect(r.Amounts.GrossPay + r.Amounts.Chargeback).toBeGreaterThanOrEqual(required - 1);
        if (x.type === CommissionType.PieceBased) expect(r.Lines.every((l) => !l.IsDetail)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic and does not change its input', () => {
    fc.assert(
      fc.property(inputArb, (x) => {
        const input = toInput(x);
        const copy = structuredClone(input);
        const first = computeEntry(input);
        expect(input).toEqual(copy);
        expect(computeEntry(copy)).toEqual(first);
        expect(computeEntry({ ...copy, TimeEntries: [...copy.TimeEntries].reverse() })).toEqual(first);
      }),
      { numRuns: 200 },
    );
  });
});

const sample: InputSpec = {
  rules: US_FEDERAL,
  entries: [],
  PayRate: 1500,
  type: null,
  paidGuaranteed: true,
  paidCommission: true,
  manual: 0,
  pieces: [],
  bonus: 0,
  chargeback: 0,
  meal: 0,
  minimumWage: 0,
  late: [],
};
