// Writing the timekeeping audit trail and time-entry modifications. Called inside the transaction of
// the change it records (time-entry writes in server/modules/time/writes.ts, approvals,
// acknowledgements, late adjustments), so a change and its record commit together.
import type { AuditAction, AuditEntityType, Snapshot } from '../../../src/contract/audit';
import { ModificationStatus, ModificationType } from '../../../src/contract/time-management';
import type { Db } from '../../db/client';
import { withoutWaiting } from '../../db/pglite-thread';
import { auditLogs, timeEntryModifications } from '../../db/tables';
import { diffEntries } from '../../domain/time-management/changes';
import type { Actor } from '../access/service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

/** Who did it: the signed-in actor (with the administrator behind a proxy session, if any). */
export interface Doer {
  EmployeeID: number;
  ProxyByEmployeeID: number | null;
}

export function doerOf(actor: Actor): Doer {
  return { EmployeeID: actor.EmployeeID, ProxyByEmployeeID: actor.ProxyByEmployeeID };
}

export interface AuditInput {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: number;
  by: Doer | null;
  employeeId: number | null;
  officeId: number | null;
  timeEntryId?: number | null;
  modificationId?: number | null;
  payPeriodId?: number | null;
  lateAdjustmentId?: number | null;
  entryDate?: string | null;
  before?: Snapshot | null;
  after?: Snapshot | null;
  note?: string | null;
  at?: Date;
}

/** A plain JSON copy (Dates as ISO strings), as stored. */
export function snapshot<T extends object>(value: T | null | undefined): Snapshot | null {
  return value ? (JSON.parse(JSON.stringify(value)) as Snapshot) : null;
}

function auditRow(input: AuditInput): typeof auditLogs.$inferInsert {
  return {
    OccurredAt: input.at ?? new Date(),
    Action: input.action,
    EntityType: input.entityType,
    EntityID: input.entityId,
    EmployeeID: input.employeeId,
    IcdOfficeID: input.officeId,
    ActorEmployeeID: input.by?.EmployeeID ?? null,
    ProxyByEmployeeID: input.by?.ProxyByEmployeeID ?? null,
    TimeEntryID: input.timeEntryId ?? null,
    TimeEntryModificationID: input.modificationId ?? null,
    PayPeriodID: input.payPeriodId ?? null,
    LateAdjustmentID: input.lateAdjustmentId ?? null,
    EntryDate: input.entryDate ?? null,
    Before: input.before ?? null,
    After: input.after ?? null,
    Note: input.note ?? null,
  };
}

export async function recordAudit(db: Conn, input: AuditInput): Promise<number> {
  const [row] = await db
    .insert(auditLogs)
    .values(auditRow(input))
    .returning({ AuditLogID: auditLogs.AuditLogID });
  return row.AuditLogID;
}

/**
 * recordAudit for a caller that needs no id back: on the embedded database's thread the insert
 * travels with the transaction's next statement (or its commit) instead of waiting for its own answer;
 * a failure still fails the transaction.
 */
export async function recordAuditQuietly(db: Conn, input: AuditInput): Promise<void> {
  await withoutWaiting(() => db.insert(auditLogs).values(auditRow(input)));
}

/** The fields of a time entry this module reads from its copies. */
export interface EntryCopy {
  Id: number;
  Date: string | Date;
  EmployeeID: number;
  IcdOfficeID: number;
}

export interface EntryChange {
  kind: 'Created' | 'Updated' | 'Deleted';
  by: Doer;
  before: EntryCopy | null;
  after: EntryCopy | null;
  /**
   * Record a modification for the employee when `by` is someone else (default true). Off for the
   * breaks that only follow their work entry.
   */
  track?: boolean;
  note?: string | null;
  lateAdjustmentId?: number | null;
  at?: Date;
}

const ACTIONS = {
  Created: 'TimeEntryCreated',
  Updated: 'TimeEntryUpdated',
  Deleted: 'TimeEntryDeleted',
} as const satisfies Record<EntryChange['kind'], AuditAction>;

const dayOf = (value: string | Date) =>
  typeof value === 'string' ? value : value.toISOString().slice(0, 10);

/**
 * Records a create, edit or delete of a time entry: an audit row, and — when someone other than the
 * employee made it and something visible changed — a pending modification for the employee.
 */
export async function recordTimeEntryChange(
  db: Conn,
  change: EntryChange,
): Promise<{ modificationId: number | null }> {
  const entry = (change.after ?? change.before) as EntryCopy;
  const before = snapshot(change.before);
  const after = snapshot(change.after);
  const entryDate = dayOf(entry.Date);
  const at = change.at ?? new Date();
  let modificationId: number | null = null;
  const someoneElse = change.by.EmployeeID !== entry.EmployeeID;
  if ((change.track ?? true) && someoneElse && diffEntries(before, after).length > 0) {
    const [mod] = await db
      .insert(timeEntryModifications)
      .values({
        TimeEntryID: entry.Id,
        EmployeeID: entry.EmployeeID,
        IcdOfficeID: entry.IcdOfficeID,
        ModificationTypeID: ModificationType[change.kind],
        StatusID: ModificationStatus.Pending,
        ModifiedByEmployeeID: change.by.EmployeeID,
        ModifiedAt: at,
        EntryDate: entryDate,
        Before: before,
        After: after,
      })
      .returning({ id: timeEntryModifications.TimeEntryModificationID });
    modificationId = mod.id;
  }
  await recordAuditQuietly(db, {
    action: ACTIONS[change.kind],
    entityType: 'TimeEntry',
    entityId: entry.Id,
    by: change.by,
    employeeId: entry.EmployeeID,
    officeId: entry.IcdOfficeID,
    timeEntryId: entry.Id,
    modificationId,
    lateAdjustmentId: change.lateAdjustmentId ?? null,
    entryDate,
    before,
    after,
    note: change.note ?? null,
    at,
  });
  return { modificationId };
}
