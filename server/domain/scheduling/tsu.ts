// TSU (time-slot utilisation) reports, pure: per slot — capacity, places taken, answers and hours;
// per employee — slots offered, accepted, rejected, pending, withdrawn and hours.
import type { EmployeeTsuRow, TsuSlotRow, TsuTotals } from '../../../src/contract/scheduling';
import { AssignmentStatus } from '../../../src/contract/scheduling';
import { hoursBetween, round2, round4 } from './times';

export interface TsuSlotInput {
  ScheduleEventID: number;
  IcdOfficeID: number;
  Title: string;
  EventHostName: string | null;
  Date: string;
  TimeSlotID: number;
  StartTime: string;
  EndTime: string;
  Capacity: number;
  assignments: readonly { EmployeeID: number; EmployeeName: string; Status: number }[];
}

const countOf = (list: readonly { Status: number }[], status: number) =>
  list.filter((a) => a.Status === status).length;

export function tsuRow(slot: TsuSlotInput): TsuSlotRow {
  const accepted = countOf(slot.assignments, AssignmentStatus.Accepted);
  const pending = countOf(slot.assignments, AssignmentStatus.Pending);
  const slotHours = hoursBetween(slot.StartTime, slot.EndTime);
  return {
    ScheduleEventID: slot.ScheduleEventID,
    IcdOfficeID: slot.IcdOfficeID,
    Title: slot.Title,
    EventHostName: slot.EventHostName,
    Date: slot.Date,
    TimeSlotID: slot.TimeSlotID,
    StartTime: slot.StartTime,
    EndTime: slot.EndTime,
    Capacity: slot.Capacity,
    Assigned: accepted + pending,
    Accepted: accepted,
    Rejected: countOf(slot.assignments, AssignmentStatus.Rejected),
    Pending: pending,
    SlotHours: slotHours,
    CapacityHours: round2(slotHours * slot.Capacity),
    Hours: round2(slotHours * accepted),
    Utilization: slot.Capacity > 0 ? round4(accepted / slot.Capacity) : 0,
  };
}

/** Rows ordered by date, start time and event; totals over them (utilisation weighted by hours). */
export function tsuSummary(slots: readonly TsuSlotInput[]): { Rows: TsuSlotRow[]; Totals: TsuTotals } {
  const Rows = slots
    .map(tsuRow)
    .sort(
      (a, b) =>
        a.Date.localeCompare(b.Date) ||
        a.StartTime.localeCompare(b.StartTime) ||
        a.ScheduleEventID - b.ScheduleEventID ||
        a.TimeSlotID - b.TimeSlotID,
    );
  const sum = (pick: (r: TsuSlotRow) => number) => Rows.reduce((n, r) => n + pick(r), 0);
  const capacityHours = round2(sum((r) => r.CapacityHours));
  const hours = round2(sum((r) => r.Hours));
  return {
    Rows,
    Totals: {
      Events: new Set(Rows.map((r) => r.ScheduleEventID)).size,
      TimeSlots: Rows.length,
      Capacity: sum((r) => r.Capacity),
      Assigned: sum((r) => r.Assigned),
      Accepted: sum((r) => r.Accepted),
      Rejected: sum((r) => r.Rejected),
      Pending: sum((r) => r.Pending),
      CapacityHours: capacityHours,
      Hours: hours,
      Utilization: capacityHours > 0 ? round4(hours / capacityHours) : 0,
    },
  };
}

/** One row per employee with any assignment or additional hours, ordered by name. */
export function employeeTsu(
  slots: readonly TsuSlotInput[],
  additional: readonly { EmployeeID: number; EmployeeName: string; Hours: number }[],
): EmployeeTsuRow[] {
  const rows = new Map<number, EmployeeTsuRow>();
  const rowOf = (id: number, name: string) => {
    let row = rows.get(id);
    if (!row) {
      row = {
        EmployeeID: id,
        EmployeeName: name,
        SlotsOffered: 0,
        SlotsAccepted: 0,
        SlotsRejected: 0,
        SlotsPending: 0,
        SlotsUnassigned: 0,
        AcceptanceRate: 0,
        Hours: 0,
        AdditionalHours: 0,
        TotalHours: 0,
      };
      rows.set(id, row);
    }
    return row;
  };
  for (const slot of slots) {
    const slotHours = hoursBetween(slot.StartTime, slot.EndTime);
    for (const a of slot.assignments) {
      const row = rowOf(a.EmployeeID, a.EmployeeName);
      switch (a.Status) {
        case AssignmentStatus.Pending:
          row.SlotsPending++;
          break;
        case AssignmentStatus.Accepted:
          row.SlotsAccepted++;
          row.Hours += slotHours;
          break;
        case AssignmentStatus.Rejected:
          row.SlotsRejected++;
          break;
        case AssignmentStatus.Unassigned:
          row.SlotsUnassigned++;
          break;
      }
    }
  }
  for (const extra of additional) rowOf(extra.EmployeeID, extra.EmployeeName).AdditionalHours += extra.Hours;
  return [...rows.values()]
    .map((row) => {
      const answered = row.SlotsAccepted + row.SlotsRejected;
      const hours = round2(row.Hours);
      const additionalHours = round2(row.AdditionalHours);
      return {
        ...row,
        SlotsOffered: row.SlotsAccepted + row.SlotsRejected + row.SlotsPending,
        AcceptanceRate: answered > 0 ? round4(row.SlotsAccepted / answered) : 0,
        Hours: hours,
        AdditionalHours: additionalHours,
        TotalHours: round2(hours + additionalHours),
      };
    })
    .sort((a, b) => a.EmployeeName.localeCompare(b.EmployeeName) || a.EmployeeID - b.EmployeeID);
}
