// The clock's rules, pure: where a shift stands, what each punch records, and how long things last.
// An entry counts only with both start and end (spec 002 §5); an end earlier than the start is the
// next day (overnight shift).
import { formatWireDate } from '../../api/revive-dates';

export interface LocalEntry {
  Id: number;
  Date: string;
  StartTime: string | null;
  EndTime: string | null;
  IsBreak: boolean;
  ParentTimeEntryID: number | null;
  IcdOfficeID: number;
  ProgramID: number | null;
  StoreID: number | null;
  TimeEntryTypeID: number;
  Version: number;
  /** The local change is not acknowledged yet. */
  pending?: boolean;
  /** The server refused the local change. */
  failed?: boolean;
}

export type ClockState =
  | { kind: 'off' }
  | { kind: 'working'; work: LocalEntry }
  | { kind: 'onBreak'; work: LocalEntry; brk: LocalEntry };

/** The open work entry (started, not ended) and its open break, if any. */
export function clockState(entries: LocalEntry[]): ClockState {
  const open = entries
    .filter((e) => !e.IsBreak && e.StartTime && !e.EndTime)
    .sort((a, b) => `${b.Date} ${b.StartTime}`.localeCompare(`${a.Date} ${a.StartTime}`))[0];
  if (!open) return { kind: 'off' };
  const brk = entries.find((e) => e.IsBreak && e.ParentTimeEntryID === open.Id && e.StartTime && !e.EndTime);
  return brk ? { kind: 'onBreak', work: open, brk } : { kind: 'working', work: open };
}

const pad2 = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD' of the local calendar day. */
export const wireDate = (d: Date) => formatWireDate(d);
/** 'HH:mm:ss' of the local wall clock. */
export const wireTime = (d: Date) => `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
/** Minutes to add to UTC for the wall clock here (ISO sign: Toronto in winter is -300). */
export const timeZoneOffset = (d: Date) => -d.getTimezoneOffset();

function seconds(time: string): number {
  const [h, m, s] = time.split(':').map(Number);
  return h * 3600 + m * 60 + (s || 0);
}

/** Minutes between start and end, across midnight when the end is earlier; 0 unless both are set. */
export function entryMinutes(e: Pick<LocalEntry, 'StartTime' | 'EndTime'>): number {
  if (!e.StartTime || !e.EndTime) return 0;
  let diff = seconds(e.EndTime) - seconds(e.StartTime);
  if (diff < 0) diff += 24 * 3600;
  return Math.floor(diff / 60);
}

/** Seconds elapsed since an open entry started, for the live timer. */
export function elapsedSeconds(e: Pick<LocalEntry, 'Date' | 'StartTime'>, now: Date): number {
  if (!e.StartTime) return 0;
  const [y, mo, d] = e.Date.split('-').map(Number);
  const [h, mi, s] = e.StartTime.split(':').map(Number);
  const start = new Date(y, mo - 1, d, h, mi, s || 0);
  return Math.max(0, Math.floor((now.getTime() - start.getTime()) / 1000));
}

/** Worked minutes: closed work entries minus their closed breaks. */
export function workedMinutes(entries: LocalEntry[]): number {
  const work = entries.filter((e) => !e.IsBreak).reduce((sum, e) => sum + entryMinutes(e), 0);
  const breaks = entries.filter((e) => e.IsBreak).reduce((sum, e) => sum + entryMinutes(e), 0);
  return Math.max(0, work - breaks);
}

export function formatDuration(totalMinutes: number): string {
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return `${h}:${String(m).padStart(2, '0')}`;
}

export function formatClock(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * Merges the server's entries with the local drafts: a draft replaces the server copy of the same
 * entry (by server id), drafts of entries created offline are added, deleted drafts are removed —
 * unless the server refused the delete: then the entry stays, marked failed.
 */
export function mergeEntries(
  server: LocalEntry[],
  drafts: {
    localId: number | string;
    serverId: number | string | null;
    data: unknown;
    deleted?: boolean;
    status: string;
  }[],
): LocalEntry[] {
  const byId = new Map<number, LocalEntry>(server.map((e) => [e.Id, e]));
  for (const d of drafts) {
    const data = d.data as LocalEntry;
    const id = Number(d.serverId ?? d.localId);
    if (d.deleted && d.status !== 'failed' && d.status !== 'conflict') {
      byId.delete(id);
      continue;
    }
    if (d.deleted) {
      // The server refused the delete: the entry is still there, shown with the failure until the
      // user retries or discards the delete on Pending changes.
      const current = byId.get(id) ?? data;
      byId.set(id, { ...current, Id: id, pending: false, failed: true });
      continue;
    }
    if (d.status === 'synced' && byId.has(id)) continue; // the server copy is as new
    byId.set(id, {
      ...data,
      Id: id,
      pending: d.status === 'pending',
      failed: d.status === 'failed' || d.status === 'conflict',
    });
  }
  // ISO dates and times: code-unit order is time order (localeCompare would build a collator on the
  // Clock's first screen, some 15 ms on a slow phone).
  const keyed = [...byId.values()].map((e) => ({ e, key: `${e.Date} ${e.StartTime ?? ''}` }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.e);
}
