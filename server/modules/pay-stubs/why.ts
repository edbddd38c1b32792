// *Why* a difference between two versions of a pay period's entry moved (beyond the spec), pure:
// from the versions in between (their inputs, pieces, line rates and traces, who triggered each) and
// the timekeeping events of the window (entries created, corrected or deleted by someone, late
// adjustments accepted into the period). Each difference gets the causes that can move its column:
// - time columns (hours and their amounts): the time events, narrowed to the entries the lines'
//   traces name when they name any;
// - input columns: the input's changes, attributed to the version that first carried them;
// - commission columns: piece changes and commission inputs;
// - amounts paid at a rate: a change of the line's rate;
// - Commission, Minimum Wage Advance, Chargeback and Gross Pay (indirect, spec 001 §3): when nothing
//   above explains them, the other differences they follow from; Gross Pay also names changed inputs
//   that have no column of their own (Bonus, Discretionary Bonus…).
// Anything left unexplained says when and by whom it was recalculated.
import type { Difference, Why, WhyKind } from '../../../src/contract/pay-stubs';
import { COLUMNS, type Column, type ColumnDiff } from './columns';

export interface VersionLine {
  Kind: string;
  Rate: number | null;
  AmountCents: number;
  Trace: { TimeEntryIDs?: number[]; LateAdjustmentIDs?: number[]; [k: string]: unknown } | null;
}

export interface VersionFacts {
  SnapshotNumber: number;
  Trigger: string;
  ByName: string | null;
  At: Date;
  Inputs: Readonly<Record<string, unknown>>;
  Lines: readonly VersionLine[];
  Pieces: readonly { PieceNumber: number; PieceQty: number; PieceRateCents: number }[];
}

export interface TimeEvent {
  Kind: 'EntryCreated' | 'EntryChanged' | 'EntryDeleted' | 'LateAdjustment';
  TimeEntryID: number | null;
  EntryDate: string | null;
  /** Who made the change (for a late adjustment: who asked for it). */
  ByName: string | null;
  At: Date;
  /** For a late adjustment: its id, who accepted it and when. */
  LateAdjustmentID?: number | null;
  AcceptedByName?: string | null;
  AcceptedAt?: Date | null;
  Minutes: number | null;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 12' of a 'YYYY-MM-DD' day. */
function shortDay(day: string): string {
  const [, m, d] = day.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}`;
}

/** 'Tuesday' of a 'YYYY-MM-DD' day (the calendar's, not a time zone's). */
function weekday(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
}

/** The office-local day of an instant. */
export function localDay(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const hoursFmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function signed(hundredthsValue: number, isCurrency: boolean): string {
  const sign = hundredthsValue < 0 ? '-' : '+';
  const abs = Math.abs(hundredthsValue) / 100;
  return isCurrency ? `${sign}$${money.format(abs)}` : `${sign}${hoursFmt.format(abs)} h`;
}

/** '+1.5 h overtime', '+$25.50 gross pay'. */
export function differencePhrase(column: Column, hundredthsValue: number): string {
  const caption = column.isCurrency ? column.caption : column.caption.replace(/ Hours$/, '');
  return `${signed(hundredthsValue, column.isCurrency)} ${caption.toLowerCase()}`;
}

function minutesPhrase(minutes: number | null): string {
  if (!minutes) return '';
  return ` (${signed(Math.round((minutes / 60) * 100), false)})`;
}

/** Input keys as the save payload names them, and whether they are money (cents) or hours. */
function inputLabel(key: string): { name: string; kind: 'money' | 'hours' | 'flag' | 'text' } {
  if (key.endsWith('Cents')) return { name: key.slice(0, -5), kind: 'money' };
  if (key.startsWith('Is')) return { name: key, kind: 'flag' };
  if (key === 'Comments') return { name: key, kind: 'text' };
  return { name: key, kind: 'hours' };
}

function inputValue(key: string, value: unknown): string {
  const { kind } = inputLabel(key);
  if (value === null || value === undefined) return kind === 'money' ? 'default' : 'none';
  if (kind === 'money' && typeof value === 'number') return `$${money.format(value / 100)}`;
  if (kind === 'hours' && typeof value === 'number') return `${hoursFmt.format(value)} h`;
  if (kind === 'flag') return value ? 'yes' : 'no';
  return String(value);
}

const blank = {
  EntryDate: null,
  TimeEntryID: null,
  ByName: null,
  At: null,
  Field: null,
  Before: null,
  After: null,
  Minutes: null,
};

function why(kind: WhyKind, text: string, extra: Partial<Why>): Why {
  return { ...blank, Kind: kind, Text: text, ...extra };
}

/** "Tuesday's entry (Nov 10) corrected by Marco Rossi on Nov 12 (+1.5 h)". */
export function timeEventText(e: TimeEvent, timeZone: string): string {
  const entry = e.EntryDate ? `${weekday(e.EntryDate)}'s entry (${shortDay(e.EntryDate)})` : 'an entry';
  const by = e.ByName ? ` by ${e.ByName}` : '';
  const on = ` on ${shortDay(localDay(e.At, timeZone))}`;
  const minutes = minutesPhrase(e.Minutes);
  switch (e.Kind) {
    case 'EntryCreated':
      return `${capitalise(entry)} added${by}${on}${minutes}`;
    case 'EntryDeleted':
      return `${capitalise(entry)} removed${by}${on}${minutes}`;
    case 'LateAdjustment': {
      const accepted =
        e.AcceptedAt && e.AcceptedByName
          ? `, late change accepted by ${e.AcceptedByName} on ${shortDay(localDay(e.AcceptedAt, timeZone))}`
          : '';
      return `${capitalise(entry)} corrected${by}${on}${minutes}${accepted}`;
    }
    default:
      return `${capitalise(entry)} corrected${by}${on}${minutes}`;
  }
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function traceIds(
  lines: readonly VersionLine[],
  kinds: readonly string[],
  key: 'TimeEntryIDs' | 'LateAdjustmentIDs',
): Set<number> {
  const out = new Set<number>();
  for (const l of lines) {
    if (!kinds.includes(l.Kind)) continue;
    for (const id of l.Trace?.[key] ?? []) out.add(id);
  }
  return out;
}

/**
 * The time events that can move a column: entries its lines' traces name (all entries when the
 * traces name none), and late adjustments its traces name — or, when no trace names an adjustment,
 * those of the columns paying regular time (the engine pays late minutes as regular time).
 */
function eventsFor(
  c: Column,
  events: readonly TimeEvent[],
  left: VersionFacts,
  right: VersionFacts,
): TimeEvent[] {
  const entries = new Set([
    ...traceIds(left.Lines, c.lineKinds, 'TimeEntryIDs'),
    ...traceIds(right.Lines, c.lineKinds, 'TimeEntryIDs'),
  ]);
  const lates = new Set([
    ...traceIds(left.Lines, c.lineKinds, 'LateAdjustmentIDs'),
    ...traceIds(right.Lines, c.lineKinds, 'LateAdjustmentIDs'),
  ]);
  const anyLateTraced = [left, right].some((v) =>
    v.Lines.some((l) => (l.Trace?.LateAdjustmentIDs ?? []).length),
  );
  const timeEvents = events.filter((e) => e.Kind !== 'LateAdjustment');
  const named = timeEvents.filter((e) => e.TimeEntryID !== null && entries.has(e.TimeEntryID));
  const lateEvents = events.filter((e) =>
    e.Kind !== 'LateAdjustment'
      ? false
      : anyLateTraced
        ? e.LateAdjustmentID != null && lates.has(e.LateAdjustmentID)
        : c.lineKinds.includes('Regular'),
  );
  return [...(named.length ? named : timeEvents), ...lateEvents];
}

function rateOf(lines: readonly VersionLine[], kind: string): number | null {
  return lines.find((l) => l.Kind === kind && l.Rate !== null)?.Rate ?? null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

interface InputChange {
  key: string;
  before: unknown;
  after: unknown;
  version: VersionFacts;
}

function inputChanges(chain: readonly VersionFacts[]): InputChange[] {
  const out: InputChange[] = [];
  for (let i = 1; i < chain.length; i++) {
    const [a, b] = [chain[i - 1], chain[i]];
    const keys = new Set([...Object.keys(a.Inputs), ...Object.keys(b.Inputs)]);
    for (const key of keys) {
      if (key === 'Comments') continue;
      if (!same(a.Inputs[key], b.Inputs[key]))
        out.push({ key, before: a.Inputs[key], after: b.Inputs[key], version: b });
    }
  }
  return out;
}

function pieceWhys(chain: readonly VersionFacts[], timeZone: string): Why[] {
  const out: Why[] = [];
  for (let i = 1; i < chain.length; i++) {
    const [a, b] = [chain[i - 1], chain[i]];
    const before = new Map(a.Pieces.map((p) => [p.PieceNumber, p]));
    const after = new Map(b.Pieces.map((p) => [p.PieceNumber, p]));
    const numbers = [...new Set([...before.keys(), ...after.keys()])].sort((x, y) => x - y);
    const fmt = (p: { PieceQty: number; PieceRateCents: number } | undefined) =>
      p ? `${hoursFmt.format(p.PieceQty)} × $${money.format(p.PieceRateCents / 100)}` : 'none';
    for (const n of numbers) {
      const [x, y] = [before.get(n), after.get(n)];
      if (x && y && x.PieceQty === y.PieceQty && x.PieceRateCents === y.PieceRateCents) continue;
      const what = !x ? 'added' : !y ? 'removed' : `changed from ${fmt(x)} to ${fmt(y)}`;
      const detail = !x ? ` (${fmt(y)})` : !y ? ` (${fmt(x)})` : '';
      const by = b.ByName ? ` by ${b.ByName}` : '';
      out.push(
        why(
          'PiecesChanged',
          `Commission Piece #${n} ${what}${detail}${by} on ${shortDay(localDay(b.At, timeZone))}`,
          {
            Field: `Commission Piece #${n}`,
            Before: x ? fmt(x) : null,
            After: y ? fmt(y) : null,
            ByName: b.ByName,
            At: b.At.toISOString(),
          },
        ),
      );
    }
  }
  return out;
}

function inputWhy(c: InputChange, timeZone: string): Why {
  const { name } = inputLabel(c.key);
  const [before, after] = [inputValue(c.key, c.before), inputValue(c.key, c.after)];
  const by = c.version.ByName ? ` by ${c.version.ByName}` : '';
  return why(
    'InputChanged',
    `${name} changed from ${before} to ${after}${by} on ${shortDay(localDay(c.version.At, timeZone))}`,
    {
      Field: name,
      Before: before,
      After: after,
      ByName: c.version.ByName,
      At: c.version.At.toISOString(),
    },
  );
}

function timeWhy(e: TimeEvent, timeZone: string): Why {
  return why(e.Kind, timeEventText(e, timeZone), {
    EntryDate: e.EntryDate,
    TimeEntryID: e.TimeEntryID,
    ByName: e.ByName,
    At: e.At.toISOString(),
    Minutes: e.Minutes,
  });
}

/**
 * The differences of the spec's record with their why. `chain`: the versions from the left one to
 * the right one, oldest first (at least the right one).
 */
export function explain(args: {
  diffs: readonly ColumnDiff[];
  chain: readonly VersionFacts[];
  events: readonly TimeEvent[];
  timeZone: string;
}): Difference[] {
  const { diffs, chain, events, timeZone } = args;
  const left = chain[0];
  const right = chain[chain.length - 1];
  const inputs = inputChanges(chain);
  const pieces = pieceWhys(chain, timeZone);
  const changed = diffs.filter((d) => d.left !== d.right);
  const knownInputs = new Set(COLUMNS.flatMap((c) => c.inputs));
  const byOrder = (a: Why, b: Why) => String(a.At ?? '').localeCompare(String(b.At ?? ''));

  return diffs.map((d) => {
    const c = d.column;
    const delta = d.right - d.left;
    const phrase = differencePhrase(c, delta);
    const reasons: Why[] = [];
    if (delta !== 0) {
      if (c.time) for (const e of eventsFor(c, events, left, right)) reasons.push(timeWhy(e, timeZone));
      for (const ch of inputs) if (c.inputs.includes(ch.key)) reasons.push(inputWhy(ch, timeZone));
      if (c.pieces) reasons.push(...pieces);
      for (const kind of c.rateOf ?? []) {
        const [a, b] = [rateOf(left.Lines, kind), rateOf(right.Lines, kind)];
        if (a !== null && b !== null && Math.abs(a - b) >= 0.005)
          reasons.push(
            why(
              'RateChanged',
              `${kind} rate changed from $${money.format(a)} to $${money.format(b)} an hour`,
              {
                Field: `${kind} rate`,
                Before: money.format(a),
                After: money.format(b),
              },
            ),
          );
      }
      if (c.field === 'GrossPay')
        for (const ch of inputs) if (!knownInputs.has(ch.key)) reasons.push(inputWhy(ch, timeZone));
      // Gross Pay moves with every other amount: it names them too; the other indirect columns only
      // when nothing moved them directly.
      if (c.indirect && (c.field === 'GrossPay' || !reasons.length))
        for (const other of changed) {
          if (other === d || !other.column.isCurrency || other.column.indirect) continue;
          const p = differencePhrase(other.column, other.right - other.left);
          reasons.push(
            why('Indirect', `Follows from ${p}`, {
              Field: other.column.field,
              Before: String(other.left / 100),
              After: String(other.right / 100),
            }),
          );
        }
      if (!reasons.length)
        reasons.push(
          why(
            'Recalculated',
            `Recalculated (${right.Trigger})${right.ByName ? ` by ${right.ByName}` : ''} on ${shortDay(localDay(right.At, timeZone))}`,
            { ByName: right.ByName, At: right.At.toISOString() },
          ),
        );
    }
    const sorted = reasons.filter((r) => r.Kind !== 'Indirect').sort(byOrder);
    const ordered = [...sorted, ...reasons.filter((r) => r.Kind === 'Indirect')];
    return {
      field: c.field,
      left: d.left / 100,
      right: d.right / 100,
      difference: delta / 100,
      caption: c.caption,
      isCurrency: c.isCurrency,
      why: ordered.map((r) => ({ ...r, Text: `${phrase}: ${r.Text}` })),
    };
  });
}
