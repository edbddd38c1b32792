// An event draft that met a change made meanwhile (409): what the server holds now against the draft,
// field by field, so the manager sees what differs before choosing (pure, no React).
import type { OutboxRow } from '../../offline/db';
import { wireDay } from './api/wire';

/** The fields of an event a manager edits, as both sides are compared. */
export interface ComparableEvent {
  Title: string;
  Date: string;
  StartTime: string;
  EndTime: string;
  EventHostName: string | null;
  ProgramID: number | null;
  StoreID: number | null;
  StreetLine1: string | null;
  StreetLine2: string | null;
  City: string | null;
  StateProvince: string | null;
  PostalCode: string | null;
  Notes: string | null;
  TimeSlots: readonly { StartTime: string; EndTime: string; Capacity: number }[];
}

export interface ConflictView {
  /** The server's message. */
  message: string;
  /** The event on the server now (null when the answer carried none). */
  current: (ComparableEvent & { Version: number }) | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** The 409 kept with an outbox row (it went through IndexedDB, so it is read leniently). */
export function readConflict(row: OutboxRow | undefined): ConflictView | null {
  if (row?.status !== 'conflict') return null;
  const body = (row.conflict ?? {}) as { Message?: unknown; Current?: Record<string, unknown> };
  const c = body.Current;
  const current =
    c && typeof c.Version === 'number'
      ? {
          Title: String(c.Title ?? ''),
          Date: wireDay(c.Date),
          StartTime: String(c.StartTime ?? ''),
          EndTime: String(c.EndTime ?? ''),
          EventHostName: text(c.EventHostName),
          ProgramID: num(c.ProgramID),
          StoreID: num(c.StoreID),
          StreetLine1: text(c.StreetLine1),
          StreetLine2: text(c.StreetLine2),
          City: text(c.City),
          StateProvince: text(c.StateProvince),
          PostalCode: text(c.PostalCode),
          Notes: text(c.Notes),
          TimeSlots: (Array.isArray(c.TimeSlots) ? (c.TimeSlots as Record<string, unknown>[]) : []).map(
            (s) => ({
              StartTime: String(s.StartTime ?? ''),
              EndTime: String(s.EndTime ?? ''),
              Capacity: Number(s.Capacity ?? 0),
            }),
          ),
          Version: c.Version,
        }
      : null;
  return { message: typeof body.Message === 'string' ? body.Message : (row.lastError ?? ''), current };
}

export type ConflictField =
  | 'title'
  | 'date'
  | 'time'
  | 'host'
  | 'program'
  | 'store'
  | 'address'
  | 'notes'
  | 'slots';

export interface ConflictRow {
  field: ConflictField;
  theirs: string;
  mine: string;
  /** What merging keeps: the draft's value where the manager changed this field, else the server's. */
  kept: 'theirs' | 'mine';
}

/** The save payload's keys behind each compared field. */
export const FIELD_KEYS: Record<ConflictField, readonly string[]> = {
  title: ['Title'],
  date: ['Date'],
  time: ['StartTime', 'EndTime'],
  host: ['EventHostID'],
  program: ['ProgramID'],
  store: ['StoreID'],
  address: ['StreetLine1', 'StreetLine2', 'City', 'StateProvince', 'PostalCode', 'CountryID'],
  notes: ['Notes'],
  slots: ['TimeSlots'],
};

export interface ConflictFormat {
  day(date: string): string;
  range(start: string, end: string): string;
  program(id: number | null): string | null;
  store(id: number | null): string | null;
  /** One time slot with its capacity, e.g. '10:00 AM – 2:00 PM (3)'. */
  slot(start: string, end: string, capacity: number): string;
}

function address(e: ComparableEvent): string {
  return [e.StreetLine1, e.StreetLine2, e.City, e.StateProvince, e.PostalCode].filter(Boolean).join(', ');
}

/**
 * The fields that differ between the server's event and the draft, in the form's order. `changed` lists
 * the payload keys the manager edited in the draft (absent for an older draft: merging keeps all of the draft).
 */
export function conflictRows(
  theirs: ComparableEvent,
  mine: ComparableEvent,
  f: ConflictFormat,
  changed?: readonly string[],
): ConflictRow[] {
  const slots = (e: ComparableEvent) =>
    [...e.TimeSlots]
      .sort((a, b) => a.StartTime.localeCompare(b.StartTime))
      .map((s) => f.slot(s.StartTime, s.EndTime, s.Capacity))
      .join('; ');
  const fields: [ConflictField, (e: ComparableEvent) => string][] = [
    ['title', (e) => e.Title],
    ['date', (e) => f.day(e.Date)],
    ['time', (e) => f.range(e.StartTime, e.EndTime)],
    ['host', (e) => e.EventHostName ?? ''],
    ['program', (e) => f.program(e.ProgramID) ?? ''],
    ['store', (e) => f.store(e.StoreID) ?? ''],
    ['address', address],
    ['notes', (e) => e.Notes ?? ''],
    ['slots', slots],
  ];
  const kept = (field: ConflictField): ConflictRow['kept'] =>
    !changed || FIELD_KEYS[field].some((k) => changed.includes(k)) ? 'mine' : 'theirs';
  return fields
    .map(([field, read]) => ({ field, theirs: read(theirs), mine: read(mine), kept: kept(field) }))
    .filter((r) => r.theirs !== r.mine);
}
