import { describe, expect, it } from 'vitest';
import { employeeTsu, type TsuSlotInput, tsuSummary } from '../../../server/domain/scheduling/tsu';
import { AssignmentStatus } from '../../../src/contract/scheduling';

const sam = { EmployeeID: 7, EmployeeName: 'Sam Taylor' };
const riley = { EmployeeID: 8, EmployeeName: 'Riley Chen' };
const slots: TsuSlotInput[] = [
  {
    ScheduleEventID: 2,
    IcdOfficeID: 1,
    Title: 'Best Buy Demo',
    EventHostName: 'Best Buy',
    Date: '2026-06-06',
    TimeSlotID: 20,
    StartTime: '10:00:00',
    EndTime: '13:00:00',
    Capacity: 2,
    assignments: [
      { ...riley, Status: AssignmentStatus.Rejected },
      { ...sam, Status: AssignmentStatus.Unassigned },
    ],
  },
  {
    ScheduleEventID: 1,
    IcdOfficeID: 1,
    Title: 'Costco Road Show',
    EventHostName: 'Costco Wholesale',
    Date: '2026-06-03',
    TimeSlotID: 10,
    StartTime: '10:00:00',
    EndTime: '14:30:00',
    Capacity: 3,
    assignments: [
      { ...sam, Status: AssignmentStatus.Accepted },
      { ...riley, Status: AssignmentStatus.Pending },
    ],
  },
];

describe('tsuSummary', () => {
  it('counts places, answers and hours per slot, ordered by date', () => {
    const { Rows, Totals } = tsuSummary(slots);
    expect(Rows.map((r) => r.TimeSlotID)).toEqual([10, 20]);
    expect(Rows[0]).toMatchObject({
      Capacity: 3,
      Assigned: 2,
      Accepted: 1,
      Pending: 1,
      Rejected: 0,
      SlotHours: 4.5,
      CapacityHours: 13.5,
      Hours: 4.5,
      Utilization: 0.3333,
    });
    expect(Rows[1]).toMatchObject({ Assigned: 0, Accepted: 0, Rejected: 1, Hours: 0, Utilization: 0 });
    expect(Totals).toEqual({
      Events: 2,
      TimeSlots: 2,
      Capacity: 5,
      Assigned: 2,
      Accepted: 1,
      Rejected: 1,
      Pending: 1,
      CapacityHours: 19.5,
      Hours: 4.5,
      Utilization: 0.2308,
    });
  });

  it('an empty period has zero totals', () => {
    expect(tsuSummary([]).Totals.Utilization).toBe(0);
  });
});

describe('employeeTsu', () => {
  it('per employee: offered, answers, withdrawn, hours and additional hours', () => {
    const rows = employeeTsu(slots, [{ ...sam, Hours: 1.25 }]);
    expect(rows.map((r) => r.EmployeeName)).toEqual(['Riley Chen', 'Sam Taylor']);
    expect(rows[1]).toEqual({
      ...sam,
      SlotsOffered: 1,
      SlotsAccepted: 1,
      SlotsRejected: 0,
      SlotsPending: 0,
      SlotsUnassigned: 1,
      AcceptanceRate: 1,
      Hours: 4.5,
      AdditionalHours: 1.25,
      TotalHours: 5.75,
    });
    expect(rows[0]).toMatchObject({
      SlotsOffered: 2,
      SlotsRejected: 1,
      SlotsPending: 1,
      AcceptanceRate: 0,
      Hours: 0,
    });
  });
});
