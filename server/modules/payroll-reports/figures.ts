// The figures the reports add up, from payroll entries and their earnings lines (money in integer
// cents until the answer is built). Pure: no database.
import { EARNINGS_LINE_ORDER, type PayFigures, PIECE_CAPTION } from '../../../src/contract/payroll-reports';

export type LineClass =
  | 'regular'
  | 'overtime'
  | 'doubleTime'
  | 'training'
  | 'extraHours'
  | 'salary'
  | 'commission'
  | 'premium'
  | 'other';

/** A kind or caption without case, spaces or punctuation ('Double Time', 'DoubleTime' → 'doubletime'). */
const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

const CLASS_OF: Record<string, LineClass> = {
  regular: 'regular',
  regularhours: 'regular',
  overtime: 'overtime',
  doubletime: 'doubleTime',
  trainingpay: 'training',
  training: 'training',
  extrahoursworked: 'extraHours',
  salary: 'salary',
  commissions: 'commission',
  commission: 'commission',
  commissionpiece: 'commission',
  mealperiodpremium: 'premium',
  splitshiftpremium: 'premium',
  splitshift: 'premium',
  reportingtime: 'premium',
  statutoryholidaypay: 'premium',
  holidaypay: 'premium',
  paidsickleave: 'premium',
  sickpay: 'premium',
};

export interface LineLike {
  Kind: string;
  Caption: string;
  Rate: number | null;
  Units: number | null;
  AmountCents: number;
  /** Details another line (commission pieces of types 1–3): shown, not added into the gross. */
  IsDetail: boolean;
}

/** What a line counts as in the reports (by its kind, else its caption). */
export function classOf(line: Pick<LineLike, 'Kind' | 'Caption'>): LineClass {
  if (PIECE_CAPTION.test(line.Caption)) return 'commission';
  return CLASS_OF[norm(line.Kind)] ?? CLASS_OF[norm(line.Caption)] ?? 'other';
}

/** Lines paid for time worked: a program/store filter scales them by the share of hours there. */
export function isHourLine(line: Pick<LineLike, 'Kind' | 'Caption'>): boolean {
  const c = classOf(line);
  return c === 'regular' || c === 'overtime' || c === 'doubleTime' || c === 'training' || c === 'extraHours';
}

const ORDER = new Map<string, number>(EARNINGS_LINE_ORDER.map((k, i) => [norm(k), i]));
const ALIASES: Record<string, string> = {
  commission: 'commissions',
  trainingpay: 'trainingpay',
  holidaypay: 'statutoryholidaypay',
  sickpay: 'paidsickleave',
  splitshift: 'splitshiftpremium',
};

/** Statement position of a line: the spec's kinds in order, then piece lines (by number), then the rest. */
export function lineRank(line: Pick<LineLike, 'Kind' | 'Caption'>): number {
  const piece = /^Commission Piece #(\d+)$/.exec(line.Caption);
  if (piece) return 1000 + Number(piece[1]);
  // Extra hours worked are paid hours: after Double Time.
  if (norm(line.Kind) === 'extrahoursworked') return (ORDER.get('doubletime') ?? 0) + 0.5;
  for (const key of [norm(line.Caption), norm(line.Kind)]) {
    const rank = ORDER.get(ALIASES[key] ?? key);
    if (rank !== undefined) return rank;
  }
  return 100_000;
}

/** The sums of one or more entries, in cents and hours. */
export interface Sums {
  employees: Set<number>;
  regularHours: number;
  overtimeHours: number;
  doubleTimeHours: number;
  trainingHours: number;
  extraHours: number;
  wages: number;
  commission: number;
  premiums: number;
  gross: number;
}

export function emptySums(): Sums {
  return {
    employees: new Set(),
    regularHours: 0,
    overtimeHours: 0,
    doubleTimeHours: 0,
    trainingHours: 0,
    extraHours: 0,
    wages: 0,
    commission: 0,
    premiums: 0,
    gross: 0,
  };
}

export interface EntryLike {
  EmployeeID: number;
  RegularHours: number;
  OvertimeHours: number;
  DoubleTimeHours: number;
  GrossPayCents: number;
  lines: readonly LineLike[];
}

/** The figures of one entry scaled by `share` (1: whole; a program's share of its hours otherwise). */
export function entrySums(entry: EntryLike, share = 1): Sums {
  const s = emptySums();
  s.employees.add(entry.EmployeeID);
  s.regularHours = entry.RegularHours * share;
  s.overtimeHours = entry.OvertimeHours * share;
  s.doubleTimeHours = entry.DoubleTimeHours * share;
  for (const line of entry.lines) {
    if (line.IsDetail) continue;
    const c = classOf(line);
    if (c === 'training') s.trainingHours += (line.Units ?? 0) * share;
    if (c === 'extraHours') s.extraHours += (line.Units ?? 0) * share;
    if (
      c === 'regular' ||
      c === 'overtime' ||
      c === 'doubleTime' ||
      c === 'training' ||
      c === 'extraHours' ||
      c === 'salary'
    )
      s.wages += line.AmountCents * share;
    else if (c === 'commission') s.commission += line.AmountCents * share;
    else if (c === 'premium') s.premiums += line.AmountCents * share;
  }
  s.gross = entry.GrossPayCents * share;
  return s;
}

export function addSums(into: Sums, more: Sums): Sums {
  for (const id of more.employees) into.employees.add(id);
  into.regularHours += more.regularHours;
  into.overtimeHours += more.overtimeHours;
  into.doubleTimeHours += more.doubleTimeHours;
  into.trainingHours += more.trainingHours;
  into.extraHours += more.extraHours;
  into.wages += more.wages;
  into.commission += more.commission;
  into.premiums += more.premiums;
  into.gross += more.gross;
  return into;
}

/** Cents (possibly fractional after scaling) → a wire amount, rounded half-up to the cent. */
export function money(cents: number): number {
  const rounded = Math.sign(cents) * Math.round(Math.abs(cents));
  return rounded / 100 + 0;
}

/** Hours rounded to 2 decimals. */
export function hours(h: number): number {
  return Math.round(h * 100) / 100 + 0;
}

export function toFigures(s: Sums): PayFigures {
  const wages = Math.round(s.wages);
  const commission = Math.round(s.commission);
  const premiums = Math.round(s.premiums);
  const gross = Math.round(s.gross);
  return {
    EmployeeCount: s.employees.size,
    RegularHours: hours(s.regularHours),
    OvertimeHours: hours(s.overtimeHours),
    DoubleTimeHours: hours(s.doubleTimeHours),
    TrainingHours: hours(s.trainingHours),
    TotalHours: hours(s.regularHours + s.overtimeHours + s.doubleTimeHours + s.trainingHours + s.extraHours),
    Wages: money(wages),
    Commission: money(commission),
    Premiums: money(premiums),
    // Whatever the gross holds besides: bonuses, allowances, tip, chargeback, minimum wage advance.
    Other: money(gross - wages - commission - premiums),
    GrossPay: money(gross),
  };
}

/** a − b field by field (EmployeeCount too), for the comparison with a previous payroll. */
export function diffFigures(a: PayFigures, b: PayFigures): PayFigures {
  const out = {} as PayFigures;
  for (const key of Object.keys(a) as (keyof PayFigures)[]) {
    const d = a[key] - b[key];
    out[key] = key === 'EmployeeCount' ? d : Math.round(d * 100) / 100 + 0;
  }
  return out;
}
