// The manual payroll submission lifecycle (statuses and transitions: src/contract/payroll-manual.ts).
// Each step runs in one transaction on the locked submission row, records itself in History and
// bumps Version; a refused transition is 409 with the reason and changes nothing.
import { eq } from 'drizzle-orm';
import { toCents } from '../../../src/contract/payroll';
import {
  MANUAL_ALREADY_SUBMITTED,
  MANUAL_CANCELLED,
  MANUAL_DAY_FUTURE,
  MANUAL_DAY_OUTSIDE,
  MANUAL_EMPTY,
  MANUAL_NO_PROCESSOR,
  MANUAL_NOT_PROCESSOR,
  MANUAL_NOT_SUBMITTED,
  MANUAL_OTHER_PROCESSOR,
  MANUAL_PROCESSED,
  type ManualSubmission,
  type ManualSubmissionAmend,
  ManualSubmissionStatus as S,
} from '../../../src/contract/payroll-manual';
import type { Db } from '../../db/client';
import type { ManualSubmissionEvent } from '../../db/schema/payroll-manual';
import { employees, payrollManualShowHours, payrollManualSubmissions } from '../../db/tables';
import { officeToday } from '../../domain/time-management/office-day';
import { AppError, badRequest, notFound } from '../../errors';
import { type Actor, inScope, loadActor } from '../access/service';
import { conflict, type Tx } from '../scheduling/scope';
import { type EntryRow, entryInScope, PROCESS, SUBMIT, submissionOfEntry } from './read';

type SubmissionRow = typeof payrollManualSubmissions.$inferSelect;
type Parsed = {
  ExtraShowHours: { Date: string; Hours: number; Amount: number; Comments: string }[];
  Bonus: number;
  NetPayAddition: number;
  NetPayDeduction: number;
  Comments: string;
};
export type SubmitBody = Parsed;
export type AmendBody = Parsed & { Version: ManualSubmissionAmend['Version'] };

const refuse = (message: string, current?: ManualSubmission | null) =>
  new AppError(409, message, current ? { body: { Current: current } } : {});

/** Submitted or Amended, from the submission's own history. */
const baseStatus = (s: Pick<SubmissionRow, 'AmendedAt'>) => (s.AmendedAt ? S.Amended : S.Submitted);

function statusOf(s: Pick<SubmissionRow, 'AmendedAt' | 'IsPending' | 'IsWorkingOn'>): number {
  if (s.IsWorkingOn) return S.WorkingOn;
  if (s.IsPending) return S.Pending;
  return baseStatus(s);
}

function event(actor: Actor, action: string, StatusID: number, now: Date): ManualSubmissionEvent {
  return {
    At: now.toISOString(),
    ByID: actor.EmployeeID,
    ByName: `${actor.FirstName} ${actor.LastName}`,
    Action: action,
    StatusID,
  };
}

function checkBody(entry: EntryRow, body: Parsed, now: Date): void {
  const errors: Record<string, string[]> = {};
  const today = officeToday(entry.TimeZone, now);
  body.ExtraShowHours.forEach((d, i) => {
    if (d.Date < entry.StartDate || d.Date > entry.EndDate)
      errors[`ExtraShowHours.${i}.Date`] = [`${MANUAL_DAY_OUTSIDE} (${entry.StartDate} – ${entry.EndDate})`];
    else if (d.Date > today) errors[`ExtraShowHours.${i}.Date`] = [MANUAL_DAY_FUTURE];
  });
  if (Object.keys(errors).length) throw badRequest('The request is not valid.', errors);
  const empty = !body.ExtraShowHours.length && !body.Bonus && !body.NetPayAddition && !body.NetPayDeduction;
  if (empty) throw badRequest(MANUAL_EMPTY, { ExtraShowHours: [MANUAL_EMPTY] });
}

const amounts = (body: Parsed) => ({
  BonusCents: toCents(body.Bonus),
  NetPayAdditionCents: toCents(body.NetPayAddition),
  NetPayDeductionCents: toCents(body.NetPayDeduction),
  Comments: body.Comments,
});

async function writeDays(tx: Tx, submissionId: number, body: Parsed): Promise<void> {
  await tx.delete(payrollManualShowHours).where(eq(payrollManualShowHours.ManualSubmissionID, submissionId));
  if (!body.ExtraShowHours.length) return;
  await tx.insert(payrollManualShowHours).values(
    [...body.ExtraShowHours]
      .sort((a, b) => a.Date.localeCompare(b.Date))
      .map((d, i) => ({
        ManualSubmissionID: submissionId,
        Date: d.Date,
        Hours: d.Hours.toFixed(2),
        AmountCents: toCents(d.Amount),
        Comments: d.Comments,
        SortIndex: i,
      })),
  );
}

async function lockedSubmission(tx: Tx, entryId: number): Promise<SubmissionRow | undefined> {
  const [row] = await tx
    .select()
    .from(payrollManualSubmissions)
    .where(eq(payrollManualSubmissions.PayrollEntryID, entryId))
    .for('update');
  return row;
}

async function current(tx: Tx, entryId: number): Promise<ManualSubmission> {
  const wire = await submissionOfEntry(tx, entryId);
  if (!wire) throw notFound('The manual submission');
  return wire;
}

/** A submission that may still change: not cancelled, not processed. */
async function open(tx: Tx, entryId: number): Promise<SubmissionRow> {
  const row = await lockedSubmission(tx, entryId);
  if (!row) throw refuse(MANUAL_NOT_SUBMITTED);
  if (row.StatusID === S.Cancelled) throw refuse(MANUAL_CANCELLED, await current(tx, entryId));
  if (row.StatusID === S.Processed) throw refuse(MANUAL_PROCESSED, await current(tx, entryId));
  return row;
}

async function save(
  tx: Tx,
  row: SubmissionRow,
  changes: Partial<SubmissionRow>,
  ev: ManualSubmissionEvent,
): Promise<ManualSubmission> {
  await tx
    .update(payrollManualSubmissions)
    .set({ ...changes, History: [...row.History, ev], Version: row.Version + 1 })
    .where(eq(payrollManualSubmissions.ManualSubmissionID, row.ManualSubmissionID));
  return current(tx, row.PayrollEntryID);
}

interface Ctx {
  db: Db;
  actor: Actor;
  entryId: number;
  now?: Date;
}

/** PUT: submit (again, when the previous submission was cancelled). */
export async function submit(p: Ctx & { body: Parsed }): Promise<ManualSubmission> {
  const now = p.now ?? new Date();
  return p.db.transaction(async (tx) => {
    const entry = await entryInScope(tx, p.actor, p.entryId, SUBMIT);
    checkBody(entry, p.body, now);
    const existing = await lockedSubmission(tx, p.entryId);
    if (existing && existing.StatusID !== S.Cancelled)
      throw refuse(MANUAL_ALREADY_SUBMITTED, await current(tx, p.entryId));
    const fresh = {
      ...amounts(p.body),
      StatusID: S.Submitted,
      SubmittedByID: p.actor.EmployeeID,
      SubmittedAt: now,
      AmendedAt: null,
      CancelledAt: null,
      ProcessorID: null,
      IsPending: false,
      IsWorkingOn: false,
      CompletedAt: null,
      CompletedByID: null,
    };
    const ev = event(p.actor, existing ? 'Submitted again' : 'Submitted', S.Submitted, now);
    let id: number;
    if (existing) {
      await tx
        .update(payrollManualSubmissions)
        .set({ ...fresh, History: [...existing.History, ev], Version: existing.Version + 1 })
        .where(eq(payrollManualSubmissions.ManualSubmissionID, existing.ManualSubmissionID));
      id = existing.ManualSubmissionID;
    } else {
      const [row] = await tx
        .insert(payrollManualSubmissions)
        .values({ ...fresh, PayrollEntryID: p.entryId, History: [ev] })
        .returning({ id: payrollManualSubmissions.ManualSubmissionID });
      id = row.id;
    }
    await writeDays(tx, id, p.body);
    return current(tx, p.entryId);
  });
}

/** PATCH: amend the request (the whole of it), with the Version read. */
export async function amend(p: Ctx & { body: AmendBody }): Promise<ManualSubmission> {
  const now = p.now ?? new Date();
  return p.db.transaction(async (tx) => {
    const entry = await entryInScope(tx, p.actor, p.entryId, SUBMIT);
    const row = await open(tx, p.entryId);
    if (row.Version !== p.body.Version) throw conflict(await current(tx, p.entryId));
    checkBody(entry, p.body, now);
    await writeDays(tx, row.ManualSubmissionID, p.body);
    return save(
      tx,
      row,
      { ...amounts(p.body), StatusID: S.Amended, AmendedAt: now, IsPending: false, IsWorkingOn: false },
      event(p.actor, 'Amended', S.Amended, now),
    );
  });
}

/** DELETE: cancel (kept, with its history; a later PUT submits again). */
export async function cancel(p: Ctx & { version?: number }): Promise<ManualSubmission> {
  const now = p.now ?? new Date();
  return p.db.transaction(async (tx) => {
    await entryInScope(tx, p.actor, p.entryId, SUBMIT);
    const row = await open(tx, p.entryId);
    if (p.version !== undefined && row.Version !== p.version) throw conflict(await current(tx, p.entryId));
    return save(
      tx,
      row,
      { StatusID: S.Cancelled, CancelledAt: now, IsPending: false, IsWorkingOn: false },
      event(p.actor, 'Cancelled', S.Cancelled, now),
    );
  });
}

/** PUT processors/{userId}: the user (who must be able to process this entry's payroll) takes it. */
export async function assign(p: Ctx & { userId: number }): Promise<ManualSubmission> {
  const now = p.now ?? new Date();
  // The candidate's access is read before the transaction (it reads many tables).
  const entry = await entryInScope(p.db, p.actor, p.entryId, PROCESS);
  const [user] = await p.db
    .select({ FirstName: employees.FirstName, LastName: employees.LastName })
    .from(employees)
    .where(eq(employees.EmployeeID, p.userId));
  if (!user) throw notFound('The user');
  const candidate = await loadActor(p.db, p.userId);
  if (!candidate?.has(PROCESS) || !inScope(candidate.offices(PROCESS), entry.IcdOfficeID))
    throw badRequest(MANUAL_NOT_PROCESSOR, { userId: [MANUAL_NOT_PROCESSOR] });
  return p.db.transaction(async (tx) => {
    const row = await open(tx, p.entryId);
    if (row.ProcessorID === p.userId) return current(tx, p.entryId);
    const changes = { ProcessorID: p.userId, IsWorkingOn: false };
    const status = statusOf({ ...row, ...changes });
    return save(
      tx,
      row,
      { ...changes, StatusID: status },
      event(p.actor, `Assigned to ${user.FirstName} ${user.LastName}`, status, now),
    );
  });
}

/** DELETE processors/{userId}: the assigned processor lets it go (working-on ends). */
export async function unassign(p: Ctx & { userId: number }): Promise<ManualSubmission> {
  const now = p.now ?? new Date();
  return p.db.transaction(async (tx) => {
    await entryInScope(tx, p.actor, p.entryId, PROCESS);
    const row = await open(tx, p.entryId);
    if (row.ProcessorID !== p.userId) throw refuse(MANUAL_OTHER_PROCESSOR, await current(tx, p.entryId));
    const changes = { ProcessorID: null, IsWorkingOn: false };
    const status = statusOf({ ...row, ...changes });
    return save(tx, row, { ...changes, StatusID: status }, event(p.actor, 'Unassigned', status, now));
  });
}

/** PUT pending/{flag}. Pending and working-on exclude each other. */
export async function setPending(p: Ctx & { flag: boolean }): Promise<ManualSubmission> {
  const now = p.now ?? new Date();
  return p.db.transaction(async (tx) => {
    await entryInScope(tx, p.actor, p.entryId, PROCESS);
    const row = await open(tx, p.entryId);
    if (row.IsPending === p.flag) return current(tx, p.entryId);
    const changes = p.flag ? { IsPending: true, IsWorkingOn: false } : { IsPending: false };
    const status = statusOf({ ...row, ...changes });
    return save(
      tx,
      row,
      { ...changes, StatusID: status },
      event(p.actor, p.flag ? 'Saved as pending' : 'No longer pending', status, now),
    );
  });
}

/** PUT workingon/{flag}: needs an assigned processor. */
export async function setWorkingOn(p: Ctx & { flag: boolean }): Promise<ManualSubmission> {
  const now = p.now ?? new Date();
  return p.db.transaction(async (tx) => {
    await entryInScope(tx, p.actor, p.entryId, PROCESS);
    const row = await open(tx, p.entryId);
    if (p.flag && row.ProcessorID === null) throw refuse(MANUAL_NO_PROCESSOR, await current(tx, p.entryId));
    if (row.IsWorkingOn === p.flag) return current(tx, p.entryId);
    const changes = p.flag ? { IsWorkingOn: true, IsPending: false } : { IsWorkingOn: false };
    const status = statusOf({ ...row, ...changes });
    return save(
      tx,
      row,
      { ...changes, StatusID: status },
      event(p.actor, p.flag ? 'Saved as working on' : 'No longer working on', status, now),
    );
  });
}

/** PUT manual-submission/processed: final. */
export async function markProcessed(p: Ctx): Promise<ManualSubmission> {
  const now = p.now ?? new Date();
  return p.db.transaction(async (tx) => {
    await entryInScope(tx, p.actor, p.entryId, PROCESS);
    const row = await open(tx, p.entryId);
    return save(
      tx,
      row,
      {
        StatusID: S.Processed,
        ProcessorID: row.ProcessorID ?? p.actor.EmployeeID,
        IsPending: false,
        IsWorkingOn: false,
        CompletedAt: now,
        CompletedByID: p.actor.EmployeeID,
      },
      event(p.actor, 'Processed', S.Processed, now),
    );
  });
}
