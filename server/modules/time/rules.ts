// Time entries: the validation of one entry before it is stored (spec 002 §3, §5, with the rules of
// server/domain/time): times, coordinates, type, office rights, program and store, a break inside
// its work entry and apart from its siblings, no overlap between one employee's work entries.
import { and, asc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import { officePrograms, stores, timeEntries, timeEntryTypes } from '../../db/tables';
import { allOrFirstError } from '../../db/together';
import { addDays } from '../../domain/time/clock-time';
import {
  breakLeftOutside,
  breakOverlapMessage,
  breakSpan,
  checkBreakDate,
  checkBreakInside,
  checkCoordinates,
  checkTimes,
  type DatedTimes,
  findOverlap,
  MESSAGES,
  type Span,
  workOverlapMessage,
  workSpan,
} from '../../domain/time/entry-rules';
import { badRequest } from '../../errors';
import type { Actor } from '../access/service';
import { assertMayWriteAt, liveBreaksOf, liveRow, type OfficeFacts, typeAndOfficeFacts } from './access';
import { type Conn, type Draft, type Row, ruleFailed } from './model';

/**
 * A stored entry's span on the timeline of entry-rules.ts, in SQL: its start in seconds since
 * 1970-01-01 00:00 wall clock (null without a start time), and its length (an end before the start is
 * the next day; an open entry is 0 long: its start instant). Used only to narrow what is read.
 */
const START_SECOND = sql`((${timeEntries.Date} - date '1970-01-01') * 86400 + extract(epoch from ${timeEntries.StartTime}))`;
const LENGTH_SECONDS = sql`coalesce(extract(epoch from ${timeEntries.EndTime} - ${timeEntries.StartTime}) + case when ${timeEntries.EndTime} < ${timeEntries.StartTime} then 86400 else 0 end, 0)`;

interface PrepareContext {
  actor: Actor;
  employeeId: number;
  /** The entry being changed (null for a new one). */
  selfId: number | null;
  /** Breaks of the entry being changed that must still fit (a work entry being edited). */
  children: readonly Row[];
  /** Request field prefix of the times ('Break.' for the break of a v2 body). */
  prefix?: string;
}

/**
 * A break is filed under its work entry: same date (a break dated otherwise is refused), office,
 * program, store and type.
 */
function fileUnder(draft: Draft, parent: Draft): void {
  const dateError = checkBreakDate(draft.Date, parent.Date);
  if (dateError) throw ruleFailed(dateError);
  draft.Date = parent.Date;
  draft.IcdOfficeID = parent.IcdOfficeID;
  draft.ProgramID = parent.ProgramID;
  draft.StoreID = parent.StoreID;
  draft.TimeEntryTypeID = parent.TimeEntryTypeID;
}

/** Checks a draft against every rule and returns what is to be stored. */
export async function prepare(tx: Conn, ctx: PrepareContext, input: Draft): Promise<Draft> {
  const prefix = ctx.prefix ?? '';
  const draft: Draft = { ...input };
  const timesError = checkTimes(draft, undefined, draft.IsBreak && prefix ? 'break' : 'entry');
  if (timesError) throw ruleFailed(timesError, prefix);
  const coordinates = checkCoordinates(draft.Latitude, draft.Longitude);
  if (coordinates) throw ruleFailed(coordinates);
  // A work entry's office is known now: its type and office are read together.
  let office: OfficeFacts | undefined;
  let typeActive: boolean | null | undefined;
  let neighbours: DatedTimes[] = [];
  if (draft.IsBreak) {
    const [type] = await tx
      .select({ IsActive: timeEntryTypes.IsActive })
      .from(timeEntryTypes)
      .where(eq(timeEntryTypes.TimeEntryTypeID, draft.TimeEntryTypeID))
      .limit(1);
    typeActive = type?.IsActive;
  } else {
    // The entries its span could meet are read at the same time (checked below, after the office rules).
    [{ typeActive, office }, neighbours] = await allOrFirstError(tx, [
      () => typeAndOfficeFacts(tx, draft.TimeEntryTypeID, ctx.employeeId, draft.IcdOfficeID),
      () => overlapCandidates(tx, ctx, draft),
    ] as const);
  }
  if (!typeActive) {
    const message = 'This time entry type does not exist.';
    throw badRequest(message, { TimeEntryTypeID: [message] });
  }

  if (draft.IsBreak) {
    if (draft.ParentTimeEntryID === null)
      throw ruleFailed({ field: 'ParentTimeEntryID', message: MESSAGES.breakNeedsParent });
    if (draft.ParentTimeEntryID === ctx.selfId)
      throw ruleFailed({ field: 'ParentTimeEntryID', message: 'An entry cannot be its own work entry.' });
    const parent = await liveRow(tx, draft.ParentTimeEntryID);
    if (!parent || parent.EmployeeID !== ctx.employeeId)
      throw ruleFailed({
        field: 'ParentTimeEntryID',
        message: 'The work entry of this break was not found.',
      });
    if (parent.IsBreak)
      throw ruleFailed({
        field: 'ParentTimeEntryID',
        message: 'A break belongs to a work entry, not to another break.',
      });
    fileUnder(draft, parent);
    await assertMayWriteAt(tx, ctx.actor, ctx.employeeId, draft.IcdOfficeID);
    const parentSpan = workSpan(parent) as Span;
    const span = breakSpan(parentSpan, draft) as Span;
    const inside = checkBreakInside(parentSpan, span);
    if (inside) throw ruleFailed(inside, prefix);
    const siblings = (await liveBreaksOf(tx, parent.Id)).filter((b) => b.Id !== ctx.selfId);
    const overlap = findOverlap(
      span,
      siblings.flatMap((b) => {
        const s = breakSpan(parentSpan, b);
        return s ? [{ item: b, span: s }] : [];
      }),
    );
    if (overlap) throw ruleFailed({ field: 'StartTime', message: breakOverlapMessage(overlap.span) }, prefix);
    return draft;
  }

  if (draft.ParentTimeEntryID !== null)
    throw ruleFailed({ field: 'ParentTimeEntryID', message: MESSAGES.workHasNoParent });
  await assertMayWriteAt(tx, ctx.actor, ctx.employeeId, draft.IcdOfficeID, office);
  await checkProgramAndStore(tx, draft);

  const span = workSpan(draft) as Span;
  const overlap = findOverlap(
    span,
    neighbours.flatMap((n) => {
      const s = workSpan(n);
      return s ? [{ item: n, span: s }] : [];
    }),
  );
  if (overlap) throw ruleFailed({ field: 'StartTime', message: workOverlapMessage(overlap.span) });
  const outside = breakLeftOutside(span, ctx.children);
  if (outside) throw ruleFailed(outside);
  return draft;
}

/**
 * The other live work entries of the employee whose span meets a work entry's, in order (the first
 * overlap is the one named). The dates around it narrow the index scan; the spans, what comes back.
 */
async function overlapCandidates(tx: Conn, ctx: PrepareContext, draft: Draft): Promise<DatedTimes[]> {
  const span = workSpan(draft) as Span;
  const conditions = [
    eq(timeEntries.EmployeeID, ctx.employeeId),
    eq(timeEntries.IsBreak, false),
    isNull(timeEntries.DeletedAt),
    gte(timeEntries.Date, addDays(draft.Date, -1)),
    lte(timeEntries.Date, addDays(draft.Date, 1)),
    // Only the entries whose span meets this one's come back (findOverlap still decides): a busy day,
    // or a device replaying a week, would otherwise send every entry of three days.
    sql`${START_SECOND} <= ${span.end ?? span.start}`,
    sql`${START_SECOND} + ${LENGTH_SECONDS} >= ${span.start}`,
  ];
  if (ctx.selfId !== null) conditions.push(ne(timeEntries.Id, ctx.selfId));
  return tx
    .select({ Date: timeEntries.Date, StartTime: timeEntries.StartTime, EndTime: timeEntries.EndTime })
    .from(timeEntries)
    .where(and(...conditions))
    .orderBy(asc(timeEntries.Date), asc(timeEntries.StartTime), asc(timeEntries.Id));
}

/** The program must be one the office works; the store must be the office's (and the program's). */
async function checkProgramAndStore(db: Conn, draft: Draft): Promise<void> {
  if (draft.StoreID !== null) {
    const [store] = await db.select().from(stores).where(eq(stores.StoreID, draft.StoreID)).limit(1);
    if (!store || store.IcdOfficeID !== draft.IcdOfficeID) {
      const message = 'This store does not belong to this office.';
      throw badRequest(message, { StoreID: [message] });
    }
    if (draft.ProgramID === null) draft.ProgramID = store.ProgramID;
    else if (store.ProgramID !== draft.ProgramID) {
      const message = 'This store is not part of the chosen program.';
      throw badRequest(message, { StoreID: [message] });
    }
  }
  if (draft.ProgramID !== null) {
    const [link] = await db
      .select({ ProgramID: officePrograms.ProgramID })
      .from(officePrograms)
      .where(
        and(eq(officePrograms.IcdOfficeID, draft.IcdOfficeID), eq(officePrograms.ProgramID, draft.ProgramID)),
      )
      .limit(1);
    if (!link) {
      const message = 'This program is not worked at this office.';
      throw badRequest(message, { ProgramID: [message] });
    }
  }
}

/** The rules of a break whose work entry is only proposed (not stored). */
export async function prepareBreakOf(
  tx: Conn,
  actor: Actor,
  employeeId: number,
  parent: Draft,
  parentId: number,
  input: Draft,
  prefix = '',
): Promise<Draft> {
  const draft: Draft = { ...input, ParentTimeEntryID: parentId, IsBreak: true };
  const timesError = checkTimes(draft, undefined, 'break');
  if (timesError) throw ruleFailed(timesError, prefix);
  fileUnder(draft, parent);
  await assertMayWriteAt(tx, actor, employeeId, draft.IcdOfficeID);
  const parentSpan = workSpan(parent) as Span;
  const inside = checkBreakInside(parentSpan, breakSpan(parentSpan, draft) as Span);
  if (inside) throw ruleFailed(inside, prefix);
  return draft;
}
