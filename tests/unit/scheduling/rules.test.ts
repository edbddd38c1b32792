import { describe, expect, it } from 'vitest';
import {
  checkAssign,
  checkSlotChanges,
  decideResponse,
  decideUnassign,
  type HeldAssignment,
  type SlotInfo,
} from '../../../server/domain/scheduling/rules';
import { AssignmentStatus } from '../../../src/contract/scheduling';

const DATE = '2026-06-03';
const slot = (over: Partial<SlotInfo & { Capacity: number }> = {}) => ({
  TimeSlotID: 10,
  ScheduleEventID: 1,
  Title: 'Costco Road Show',
  Date: DATE,
  StartTime: '10:00:00',
  EndTime: '14:00:00',
  Capacity: 3,
  ...over,
});
const held = (status: number, over: Partial<SlotInfo> = {}): HeldAssignment => ({
  AssignmentID: 99,
  EmployeeID: 7,
  Status: status,
  slot: { ...slot(), ...over },
});

describe('checkAssign', () => {
  const base = {
    employeeName: 'Sam Taylor',
    eventCancelled: false,
    slot: slot({ TimeSlotID: 11, Title: 'Best Buy Demo', StartTime: '12:00:00', EndTime: '16:00:00' }),
    slotAssignments: [],
    employeeAssignments: [],
  };

  it('lets a free person into a slot with room', () => {
    expect(checkAssign(base)).toBeNull();
  });

  it('refuses the same person in two overlapping slots, naming the other slot', () => {
    const refusal = checkAssign({ ...base, employeeAssignments: [held(AssignmentStatus.Pending)] });
    expect(refusal).toEqual({
      status: 422,
      message: 'Sam Taylor is already assigned from 10:00 AM to 2:00 PM at Costco Road Show.',
    });
  });

  it('counts Accepted as holding the place too, and the very same slot as overlapping', () => {
    const refusal = checkAssign({
      ...base,
      slot: slot(),
      employeeAssignments: [held(AssignmentStatus.Accepted)],
    });
    expect(refusal?.message).toBe(
      'Sam Taylor is already assigned from 10:00 AM to 2:00 PM at Costco Road Show.',
    );
  });

  it('ignores rejected or unassigned places, touching ends and other dates', () => {
    expect(
      checkAssign({
        ...base,
        employeeAssignments: [
          held(AssignmentStatus.Rejected),
          held(AssignmentStatus.Unassigned),
          held(AssignmentStatus.Accepted, { StartTime: '08:00:00', EndTime: '12:00:00' }),
          held(AssignmentStatus.Accepted, { Date: '2026-06-04' }),
        ],
      }),
    ).toBeNull();
  });

  it('refuses a full slot with its count', () => {
    const refusal = checkAssign({
      ...base,
      slot: slot({ Capacity: 3 }),
      slotAssignments: [
        { Status: AssignmentStatus.Pending },
        { Status: AssignmentStatus.Accepted },
        { Status: AssignmentStatus.Accepted },
        { Status: AssignmentStatus.Rejected },
      ],
    });
    expect(refusal).toEqual({ status: 422, message: 'This time slot is full (3 of 3).' });
  });

  it('a rejected place frees room for someone else', () => {
    expect(
      checkAssign({
        ...base,
        slot: slot({ Capacity: 1 }),
        slotAssignments: [{ Status: AssignmentStatus.Rejected }, { Status: AssignmentStatus.Unassigned }],
      }),
    ).toBeNull();
  });

  it('refuses a cancelled event', () => {
    expect(checkAssign({ ...base, eventCancelled: true })?.message).toBe('This event is cancelled.');
  });
});

describe('decideResponse', () => {
  it('answers a pending assignment', () => {
    expect(decideResponse(AssignmentStatus.Pending, AssignmentStatus.Accepted)).toEqual({
      kind: 'change',
      to: AssignmentStatus.Accepted,
    });
    expect(decideResponse(AssignmentStatus.Pending, AssignmentStatus.Rejected, 'Sick')).toEqual({
      kind: 'change',
      to: AssignmentStatus.Rejected,
    });
  });

  it('the same answer again is a no-op', () => {
    expect(decideResponse(AssignmentStatus.Accepted, AssignmentStatus.Accepted)).toEqual({ kind: 'noop' });
    expect(decideResponse(AssignmentStatus.Rejected, AssignmentStatus.Rejected, 'Sick')).toEqual({
      kind: 'noop',
    });
  });

  it('a different answer to an answered or withdrawn assignment is refused', () => {
    const refused = (current: number, answer: 2 | 3) => {
      const d = decideResponse(current, answer, 'x');
      return d.kind === 'refuse' ? d.refusal : null;
    };
    expect(refused(AssignmentStatus.Accepted, AssignmentStatus.Rejected)).toEqual({
      status: 422,
      message: 'You already accepted this assignment.',
    });
    expect(refused(AssignmentStatus.Rejected, AssignmentStatus.Accepted)?.message).toBe(
      'You already rejected this assignment.',
    );
    expect(refused(AssignmentStatus.Unassigned, AssignmentStatus.Accepted)?.message).toBe(
      'This assignment was withdrawn by a manager.',
    );
  });

  it('rejecting needs a reason', () => {
    const d = decideResponse(AssignmentStatus.Pending, AssignmentStatus.Rejected, '  ');
    expect(d).toEqual({
      kind: 'refuse',
      refusal: {
        status: 400,
        message: 'Enter a reason for rejecting.',
        errors: { Reason: ['Enter a reason for rejecting.'] },
      },
    });
  });
});

describe('decideUnassign', () => {
  it('withdraws pending and accepted places; again is a no-op; a rejection is refused', () => {
    expect(decideUnassign(AssignmentStatus.Pending, 'Sam Taylor')).toEqual({
      kind: 'change',
      to: AssignmentStatus.Unassigned,
    });
    expect(decideUnassign(AssignmentStatus.Accepted, 'Sam Taylor').kind).toBe('change');
    expect(decideUnassign(AssignmentStatus.Unassigned, 'Sam Taylor')).toEqual({ kind: 'noop' });
    const d = decideUnassign(AssignmentStatus.Rejected, 'Sam Taylor');
    expect(d.kind === 'refuse' && d.refusal.status).toBe(422);
  });
});

describe('checkSlotChanges', () => {
  const sam = { EmployeeID: 7, EmployeeName: 'Sam Taylor' };
  const existing = [
    { TimeSlotID: 1, StartTime: '10:00:00', EndTime: '14:00:00', Capacity: 3, active: [sam] },
    { TimeSlotID: 2, StartTime: '14:00:00', EndTime: '18:00:00', Capacity: 3, active: [] },
  ];
  const input = { title: 'Costco Road Show', scheduleEventId: 1, date: DATE, existing, elsewhere: [] };

  it('accepts new slots, removal of empty ones and moving assigned ones to free time', () => {
    expect(
      checkSlotChanges({
        ...input,
        next: [
          { TimeSlotID: 1, StartTime: '09:00:00', EndTime: '13:00:00', Capacity: 1 },
          { StartTime: '13:00:00', EndTime: '17:00:00', Capacity: 2 },
        ],
      }),
    ).toBeNull();
  });

  it('refuses removing a slot with people', () => {
    expect(
      checkSlotChanges({
        ...input,
        next: [{ TimeSlotID: 2, StartTime: '14:00:00', EndTime: '18:00:00', Capacity: 3 }],
      })?.message,
    ).toBe('The time slot from 10:00 AM to 2:00 PM has people assigned; unassign them before removing it.');
  });

  it('refuses a capacity below the people assigned', () => {
    const withTwo = [
      { ...existing[0], active: [sam, { EmployeeID: 8, EmployeeName: 'Riley Chen' }] },
      existing[1],
    ];
    const refusal = checkSlotChanges({
      ...input,
      existing: withTwo,
      next: [
        { TimeSlotID: 1, StartTime: '10:00:00', EndTime: '14:00:00', Capacity: 1 },
        { TimeSlotID: 2, StartTime: '14:00:00', EndTime: '18:00:00', Capacity: 3 },
      ],
    });
    expect(refusal?.message).toBe(
      'The time slot from 10:00 AM to 2:00 PM has 2 people assigned; its capacity cannot be less than 2.',
    );
    expect(refusal?.errors).toHaveProperty(['TimeSlots.0.Capacity']);
  });

  it('refuses moving an assigned person onto their other event', () => {
    const refusal = checkSlotChanges({
      ...input,
      next: [
        { TimeSlotID: 1, StartTime: '15:00:00', EndTime: '19:00:00', Capacity: 3 },
        { TimeSlotID: 2, StartTime: '14:00:00', EndTime: '18:00:00', Capacity: 3 },
      ],
      elsewhere: [
        held(AssignmentStatus.Accepted, {
          ScheduleEventID: 5,
          Title: 'Best Buy Demo',
          StartTime: '16:00:00',
          EndTime: '20:00:00',
        }),
      ],
    });
    expect(refusal?.message).toBe('Sam Taylor is already assigned from 4:00 PM to 8:00 PM at Best Buy Demo.');
  });

  it('refuses a slot id of another event', () => {
    const refusal = checkSlotChanges({
      ...input,
      next: [
        ...existing.map((e) => ({ ...e })),
        { TimeSlotID: 42, StartTime: '18:00:00', EndTime: '19:00:00', Capacity: 1 },
      ],
    });
    expect(refusal?.status).toBe(422);
    expect(refusal?.message).toBe('Time slot 42 is not part of this event.');
  });
});
