// Time entries: the writes themselves (inside a transaction, under the employee's lock): insert,
// update (the breaks follow their work entry) and soft delete (DeletedAt, the entry's breaks with
// it). Each is recorded in the timekeeping audit; one made by someone other than the employee becomes
// a time-entry modification the employee acknowledges (server/modules/time-management/record.ts).
import { and, eq, sql } from 'drizzle-orm';
import { timeEntries } from '../../db/tables';
import { badRequest, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { type Doer, doerOf, recordTimeEntryChange } from '../time-management/record';
import { liveBreaksOf, liveRow } from './access';
import { type Draft, type Row, stale, type Tx, toWire } from './model';
import { prepare } from './rules';

/** How a write is recorded in the audit (default: made by the actor). */
interface RecordOptions {
  /** Who made the change (a late adjustment is the change of its requester). */
  by?: Doer;
  lateAdjustmentId?: number;
  note?: string;
}

export async function insertEntry(
  tx: Tx,
  actor: Actor,
  employeeId: number,
  input: Draft,
  prefix = '',
  options: RecordOptions & { id?: number; prepared?: Draft } = {},
): Promise<Row> {
  const draft =
    options.prepared ?? (await prepare(tx, { actor, employeeId, selfId: null, children: [], prefix }, input));
  const by = options.by ?? doerOf(actor);
  const [row] = await tx
    .insert(timeEntries)
    .values({
      ...draft,
      ...(options.id !== undefined ? { Id: options.id } : {}),
      EmployeeID: employeeId,
      CreatedByEmployeeID: by.EmployeeID,
      UpdatedByEmployeeID: by.EmployeeID,
    })
    .returning();
  await recordTimeEntryChange(tx, {
    kind: 'Created',
    by,
    before: null,
    after: toWire(row),
    lateAdjustmentId: options.lateAdjustmentId,
    note: options.note,
  });
  return row;
}

export async function updateEntry(
  tx: Tx,
  actor: Actor,
  row: Row,
  input: Draft,
  options: { prefix?: string; skipChildIds?: readonly number[] } & RecordOptions = {},
): Promise<Row> {
  const by = options.by ?? doerOf(actor);
  const children = row.IsBreak ? [] : await liveBreaksOf(tx, row.Id);
  if (input.IsBreak && children.length) {
    const message = 'This entry has breaks. Delete them before making it a break.';
    throw badRequest(message, { IsBreak: [message] });
  }
  const skip = new Set(options.skipChildIds ?? []);
  const draft = await prepare(
    tx,
    {
      actor,
      employeeId: row.EmployeeID,
      selfId: row.Id,
      children: children.filter((c) => !skip.has(c.Id)),
      prefix: options.prefix,
    },
    input,
  );
  const now = new Date();
  const [updated] = await tx
    .update(timeEntries)
    .set({ ...draft, Version: row.Version + 1, UpdatedAt: now, UpdatedByEmployeeID: by.EmployeeID })
    .where(and(eq(timeEntries.Id, row.Id), eq(timeEntries.Version, row.Version)))
    .returning();
  if (!updated) {
    const current = await liveRow(tx, row.Id);
    if (!current) throw notFound('The time entry');
    throw stale(current);
  }
  await recordTimeEntryChange(tx, {
    kind: 'Updated',
    by,
    before: toWire(row),
    after: toWire(updated),
    lateAdjustmentId: options.lateAdjustmentId,
    note: options.note,
    at: now,
  });
  // The breaks follow their work entry's date, office, program, store and type.
  for (const child of children) {
    const follows =
      child.Date === draft.Date &&
      child.IcdOfficeID === draft.IcdOfficeID &&
      child.ProgramID === draft.ProgramID &&
      child.StoreID === draft.StoreID &&
      child.TimeEntryTypeID === draft.TimeEntryTypeID;
    if (follows) continue;
    const [moved] = await tx
      .update(timeEntries)
      .set({
        Date: draft.Date,
        IcdOfficeID: draft.IcdOfficeID,
        ProgramID: draft.ProgramID,
        StoreID: draft.StoreID,
        TimeEntryTypeID: draft.TimeEntryTypeID,
        Version: child.Version + 1,
        UpdatedAt: now,
        UpdatedByEmployeeID: by.EmployeeID,
      })
      .where(eq(timeEntries.Id, child.Id))
      .returning();
    await recordTimeEntryChange(tx, {
      kind: 'Updated',
      by,
      before: toWire(child),
      after: toWire(moved),
      track: false,
      note: 'Follows its work entry',
      at: now,
    });
  }
  return updated;
}

/** Sets DeletedAt on an entry and its breaks, recording each. */
export async function softDelete(tx: Tx, row: Row, by: Doer, lateAdjustmentId?: number): Promise<void> {
  const now = new Date();
  const children = row.IsBreak ? [] : await liveBreaksOf(tx, row.Id);
  for (const entry of [row, ...children]) {
    await tx
      .update(timeEntries)
      .set({
        DeletedAt: now,
        UpdatedAt: now,
        UpdatedByEmployeeID: by.EmployeeID,
        Version: sql`${timeEntries.Version} + 1`,
      })
      .where(eq(timeEntries.Id, entry.Id));
    await recordTimeEntryChange(tx, {
      kind: 'Deleted',
      by,
      before: toWire(entry),
      after: null,
      track: entry === row,
      note: entry === row ? null : 'Deleted with its work entry',
      lateAdjustmentId,
      at: now,
    });
  }
}
