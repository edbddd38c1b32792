// Time entries: what every use case shares: the row and draft shapes, an entry on the wire (toWire),
// the drafts a request body or a stored row makes, and the shared errors (a broken rule answers 400,
// a stale Version 409 with the current entry).
import type { TimeEntry, TimeEntrySave } from '../../../src/contract/time';
import type { Db } from '../../db/client';
import type { timeEntries } from '../../db/tables';
import { countedMinutes, endsNextDay, type RuleError } from '../../domain/time/entry-rules';
import { AppError, badRequest } from '../../errors';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;
export type Row = typeof timeEntries.$inferSelect;

export const STALE_MESSAGE = 'This item was changed by someone else. Review the current version.';

/** What is stored for an entry (everything but the owner and the bookkeeping columns). */
export interface Draft {
  Date: string;
  TimeEntryTypeID: number;
  IcdOfficeID: number;
  ProgramID: number | null;
  StoreID: number | null;
  Comments: string | null;
  IsRealTime: boolean;
  TimeZoneOffset: number;
  StartTime: string | null;
  EndTime: string | null;
  IsBreak: boolean;
  ParentTimeEntryID: number | null;
  Latitude: number | null;
  Longitude: number | null;
  LocationAccuracy: number | null;
}

export function toWire(row: Row): TimeEntry {
  return {
    Id: row.Id,
    EmployeeID: row.EmployeeID,
    ...draftFromRow(row),
    Minutes: countedMinutes(row),
    EndsNextDay: endsNextDay(row),
    CreatedAt: row.CreatedAt,
    UpdatedAt: row.UpdatedAt,
    Version: row.Version,
  };
}

export function cleanComments(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function draftFromSave(body: Omit<TimeEntrySave, 'EmployeeID' | 'employeeId'>): Draft {
  return {
    Date: body.Date,
    TimeEntryTypeID: body.TimeEntryTypeID,
    IcdOfficeID: body.IcdOfficeID,
    ProgramID: body.ProgramID ?? null,
    StoreID: body.StoreID ?? null,
    Comments: cleanComments(body.Comments),
    IsRealTime: body.IsRealTime ?? false,
    TimeZoneOffset: body.TimeZoneOffset,
    StartTime: body.StartTime ?? null,
    EndTime: body.EndTime ?? null,
    IsBreak: body.IsBreak ?? false,
    ParentTimeEntryID: body.ParentTimeEntryID ?? null,
    Latitude: body.Latitude ?? null,
    Longitude: body.Longitude ?? null,
    LocationAccuracy: body.LocationAccuracy ?? null,
  };
}

export function draftFromRow(row: Row): Draft {
  return {
    Date: row.Date,
    TimeEntryTypeID: row.TimeEntryTypeID,
    IcdOfficeID: row.IcdOfficeID,
    ProgramID: row.ProgramID,
    StoreID: row.StoreID,
    Comments: row.Comments,
    IsRealTime: row.IsRealTime,
    TimeZoneOffset: row.TimeZoneOffset,
    StartTime: row.StartTime,
    EndTime: row.EndTime,
    IsBreak: row.IsBreak,
    ParentTimeEntryID: row.ParentTimeEntryID,
    Latitude: row.Latitude,
    Longitude: row.Longitude,
    LocationAccuracy: row.LocationAccuracy,
  };
}

export function ruleFailed(error: RuleError, prefix = ''): AppError {
  return badRequest(
    error.message,
    error.field ? { [`${prefix}${error.field}`]: [error.message] } : undefined,
  );
}

export function stale(row: Row): AppError {
  return new AppError(409, STALE_MESSAGE, { body: { Current: toWire(row) } });
}

export function checkVersion(row: Row, version: number | undefined): void {
  if (version !== undefined && version !== row.Version) throw stale(row);
}

export function assertSameEmployee(row: Row, requested: number | undefined): void {
  if (requested !== undefined && requested !== row.EmployeeID) {
    const message = 'A time entry cannot be moved to another employee.';
    throw badRequest(message, { EmployeeID: [message] });
  }
}
