// The schedule board's pure helpers: week columns, gaps, combining the week's calls, and merging the
// device's drafts (event drafts, offline answers) over the server's data.
import { describe, expect, it } from 'vitest';
import type {
  EmployeeAssignedEvent,
  OfficeTimeSlot,
  ScheduleEvent,
  ScheduleEventAssignment,
  ScheduleEventWithSlots,
  TimeSlot,
} from '../../../src/contract/scheduling';
import {
  addDays,
  boardLayout,
  clockWhere,
  clockWhereKey,
  combineWeek,
  type DraftLike,
  gapSummary,
  isGap,
  mergeAnswerDrafts,
  mergeEventDrafts,
  openPlaces,
  sortMyEvents,
  toWireTime,
  visibleAssignments,
  weekColumns,
  weekLoad,
  weekStart,
} from '../../../src/features/scheduling/board';
import { conflictRows, readConflict } from '../../../src/features/scheduling/conflict';
import { sortRows, toggleSort } from '../../../src/features/scheduling/tsu';

const event = (id: number, date: string, over: Partial<ScheduleEvent> = {}): ScheduleEvent => ({
  ScheduleEventID: id,
  IcdOfficeID: 1,
  OfficeName: 'Toronto Central',
  EventHostID: null,
  EventHostName: null,
  HostTypeID: null,
  Title: `Event ${id}`,
  Date: date,
  StartTime: '10:00:00',
  EndTime: '18:00:00',
  StreetLine1: null,
  StreetLine2: null,
  City: null,
  StateProvince: null,
  PostalCode: null,
  CountryID: null,
  ProgramID: 7,
  StoreID: 9,
  Notes: null,
  Status: 1,
  Version: 1,
  CreatedByEmployeeID: 2,
  CreatedAt: '2026-11-01T10:00:00Z',
  UpdatedAt: '2026-11-01T10:00:00Z',
  ...over,
});

const assignment = (id: number, status: 1 | 2 | 3 | 4, name = `Person ${id}`): ScheduleEventAssignment => ({
  AssignmentID: id,
  TimeSlotID: 10,
  ScheduleEventID: 1,
  EmployeeID: 100 + id,
  EmployeeName: name,
  Status: status,
  Reason: status === 3 ? 'Sick' : null,
  RespondedAt: null,
  AssignedByEmployeeID: 2,
  AssignedAt: '2026-11-01T10:00:00Z',
  Version: 1,
});

const slot = (
  id: number,
  capacity: number,
  assignments: ScheduleEventAssignment[] = [],
  over: Partial<TimeSlot> = {},
): TimeSlot => ({
  TimeSlotID: id,
  ScheduleEventID: 1,
  StartTime: '10:00:00',
  EndTime: '14:00:00',
  Capacity: capacity,
  AssignedCount: assignments.filter((a) => a.Status === 1 || a.Status === 2).length,
  AcceptedCount: assignments.filter((a) => a.Status === 2).length,
  Assignments: assignments,
  ...over,
});

const withSlots = (e: ScheduleEvent, slots: TimeSlot[]): ScheduleEventWithSlots => ({
  ...e,
  TimeSlots: slots,
});

const draft = (over: Partial<DraftLike> & Pick<DraftLike, 'localId' | 'data'>): DraftLike => ({
  serverId: typeof over.localId === 'number' && over.localId > 0 ? over.localId : null,
  status: 'pending',
  updatedAt: 2_000,
  ...over,
});

describe('week columns', () => {
  it('weeks run Monday to Sunday, across months, years and daylight-saving changes', () => {
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // Sunday → its Monday
    expect(weekStart('2026-11-16')).toBe('2026-11-16');
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
    expect(weekStart('2026-03-08')).toBe('2026-03-02'); // DST starts in Toronto
    expect(addDays('2026-11-01', 6)).toBe('2026-11-07'); // DST ends
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('gives seven days with their events ordered by start time, other weeks left out', () => {
    const cols = weekColumns('2026-11-16', [
      event(1, '2026-11-18', { StartTime: '14:00:00' }),
      event(2, '2026-11-18', { StartTime: '09:00:00' }),
      event(3, '2026-11-22'),
      event(4, '2026-11-23'),
      event(5, '2026-11-15'),
    ]);
    expect(cols.map((c) => c.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(cols[2].events.map((e) => e.ScheduleEventID)).toEqual([2, 1]);
    expect(cols[6].events.map((e) => e.ScheduleEventID)).toEqual([3]);
    expect(cols.flatMap((c) => c.events)).toHaveLength(3);
  });
});

describe('gaps', () => {
  it('a slot below capacity is a gap; rejected and withdrawn people hold no place', () => {
    const s = slot(10, 3, [assignment(1, 2), assignment(2, 1), assignment(3, 3), assignment(4, 4)]);
    expect(openPlaces(s)).toBe(1);
    expect(isGap(s)).toBe(true);
    expect(isGap(slot(11, 2, [assignment(1, 2), assignment(2, 1)]))).toBe(false);
  });

  it('a slot read without its people uses the server count, and never goes below zero', () => {
    expect(openPlaces(slot(10, 3, [], { AssignedCount: 2 }))).toBe(1);
    expect(openPlaces(slot(10, 1, [], { AssignedCount: 2 }))).toBe(0);
  });

  it('counts gap slots and open places of scheduled events only', () => {
    const events = [
      withSlots(event(1, '2026-11-18'), [
        slot(10, 3, [assignment(1, 2)]),
        slot(11, 2, [assignment(2, 1), assignment(3, 2)]),
      ]),
      withSlots(event(2, '2026-11-19'), [slot(12, 4)]),
      withSlots(event(3, '2026-11-20', { Status: 2 }), [slot(13, 5)]),
    ];
    expect(gapSummary(events)).toEqual({ slots: 2, places: 6 });
  });

  it('shows people holding a place first, then rejections; withdrawn ones are left out', () => {
    const shown = visibleAssignments([
      assignment(1, 3, 'Ann'),
      assignment(2, 1, 'Bob'),
      assignment(3, 4, 'Cy'),
      assignment(4, 2, 'Dee'),
    ]);
    expect(shown.map((a) => a.EmployeeName)).toEqual(['Dee', 'Bob', 'Ann']);
  });
});

describe('combining the week', () => {
  it('takes slots with people from the assigned-events call and the others from the slot list', () => {
    const e1 = event(1, '2026-11-18');
    const e2 = event(2, '2026-11-19');
    const officeSlot = (id: number, eventId: number, start: string): OfficeTimeSlot => ({
      TimeSlotID: id,
      ScheduleEventID: eventId,
      IcdOfficeID: 1,
      Title: 'x',
      EventHostName: null,
      Date: '2026-11-19',
      EventStatus: 1,
      StartTime: start,
      EndTime: '20:00:00',
      Capacity: 2,
      AssignedCount: 0,
      AcceptedCount: 0,
      OpenCount: 2,
    });
    const combined = combineWeek(
      [e1, e2],
      [withSlots(e1, [slot(10, 3, [assignment(1, 2)])])],
      [officeSlot(10, 1, '10:00:00'), officeSlot(21, 2, '15:00:00'), officeSlot(20, 2, '11:00:00')],
    );
    expect(combined[0].TimeSlots[0].Assignments).toHaveLength(1);
    expect(combined[1].TimeSlots.map((s) => s.TimeSlotID)).toEqual([20, 21]);
    expect(combined[1].TimeSlots[0].Assignments).toEqual([]);
  });
});

describe('event drafts over the board', () => {
  const scope = { officeId: 1, start: '2026-11-16', end: '2026-11-22' };
  const server = [withSlots(event(1, '2026-11-18'), [slot(10, 3, [assignment(1, 2)])])];

  it('a pending change replaces the server copy but keeps the server’s people', () => {
    const changed = withSlots(event(1, '2026-11-18', { Title: 'Renamed', Version: 2 }), [slot(10, 3)]);
    const [merged] = mergeEventDrafts(server, [draft({ localId: 1, data: changed })], 1_000, scope);
    expect(merged.Title).toBe('Renamed');
    expect(merged.draft).toBe('pending');
    expect(merged.TimeSlots[0].Assignments).toHaveLength(1);
  });

  it('an event created offline is added with its temporary id; conflicts and refusals are flagged', () => {
    const created = withSlots(event(-3 as number, '2026-11-20', { Title: 'New' }), [slot(0, 2)]);
    const merged = mergeEventDrafts(
      server,
      [draft({ localId: -3, data: created }), draft({ localId: 1, data: server[0], status: 'conflict' })],
      1_000,
      scope,
    );
    expect(merged.map((e) => [e.ScheduleEventID, e.draft])).toEqual([
      [1, 'conflict'],
      [-3, 'pending'],
    ]);
  });

  it('a synced draft only counts when newer than the server copy read', () => {
    const old = withSlots(event(1, '2026-11-18', { Title: 'Old local' }), []);
    expect(
      mergeEventDrafts(
        server,
        [draft({ localId: 1, data: old, status: 'synced', updatedAt: 500 })],
        1_000,
        scope,
      )[0].Title,
    ).toBe('Event 1');
    const fresh = mergeEventDrafts(
      server,
      [draft({ localId: 1, data: old, status: 'synced', updatedAt: 1_500 })],
      1_000,
      scope,
    )[0];
    expect(fresh.Title).toBe('Old local');
    expect(fresh.draft).toBeUndefined();
  });

  it('a draft moved to another week or office leaves this board; drafts of other weeks never show', () => {
    const moved = withSlots(event(1, '2026-11-25'), []);
    expect(mergeEventDrafts(server, [draft({ localId: 1, data: moved })], 1_000, scope)).toEqual([]);
    const elsewhere = withSlots(event(-4 as number, '2026-11-18', { IcdOfficeID: 2 }), []);
    expect(mergeEventDrafts(server, [draft({ localId: -4, data: elsewhere })], 1_000, scope)).toHaveLength(1);
  });

  it('after the create is acknowledged the draft moves to the server id and is not shown twice', () => {
    const acked = withSlots(event(5, '2026-11-19'), []);
    const list = [...server, acked];
    const merged = mergeEventDrafts(
      list,
      [draft({ localId: 5, serverId: 5, tempId: -3, data: acked, status: 'synced', updatedAt: 900 })],
      1_000,
      scope,
    );
    expect(merged.map((e) => e.ScheduleEventID)).toEqual([1, 5]);
  });
});

describe('answers over My events', () => {
  const mine: EmployeeAssignedEvent[] = [
    {
      ...event(1, '2026-11-25'),
      Assignments: [
        { ...assignment(7, 1), StartTime: '14:00:00', EndTime: '18:00:00' },
        { ...assignment(8, 2), StartTime: '10:00:00', EndTime: '14:00:00' },
      ],
    },
  ];

  it('an answer given offline shows at once, flagged as waiting', () => {
    const [e] = mergeAnswerDrafts(mine, [draft({ localId: 7, data: { Status: 2, Reason: null } })], 1_000);
    expect(e.Assignments[0]).toMatchObject({ AssignmentID: 7, Status: 2, draft: 'pending' });
    expect(e.Assignments[1].draft).toBeUndefined();
  });

  it('a refused answer keeps its local status and says so; a synced one gives way to a newer read', () => {
    const [refused] = mergeAnswerDrafts(
      mine,
      [draft({ localId: 7, data: { Status: 3, Reason: 'Exams' }, status: 'failed' })],
      1_000,
    );
    expect(refused.Assignments[0]).toMatchObject({ Status: 3, Reason: 'Exams', draft: 'failed' });
    const [later] = mergeAnswerDrafts(
      mine,
      [draft({ localId: 7, data: { Status: 2 }, status: 'synced', updatedAt: 500 })],
      1_000,
    );
    expect(later.Assignments[0].Status).toBe(1);
  });

  it('orders by date and time, withdrawn events last', () => {
    const a = { ...mine[0], ScheduleEventID: 2, Date: '2026-11-27', Assignments: mine[0].Assignments };
    const b = {
      ...mine[0],
      ScheduleEventID: 3,
      Date: '2026-11-24',
      Assignments: [{ ...mine[0].Assignments[0], Status: 4 as const }],
    };
    expect(sortMyEvents([a, b, mine[0]]).map((e) => e.ScheduleEventID)).toEqual([1, 2, 3]);
  });
});

describe('clocking in from an event', () => {
  it('writes the clock’s own choice: office, program and store', () => {
    expect(clockWhereKey(42)).toBe('apex.clock.where.42');
    expect(clockWhere(event(1, '2026-11-18'))).toEqual({ IcdOfficeID: 1, ProgramID: 7, StoreID: 9 });
  });

  it('a time input value goes on the wire with seconds', () => {
    expect(toWireTime('09:30')).toBe('09:30:00');
    expect(toWireTime('09:30:15')).toBe('09:30:15');
  });
});

describe('report sorting', () => {
  const rows = [
    { name: 'bob', n: 10 },
    { name: 'Ann', n: 2 },
    { name: 'cy', n: 2 },
  ];
  it('sorts numbers numerically and text case-insensitively, ties in their order', () => {
    expect(
      sortRows(rows, { column: 'n', direction: 'asc' }, (r, c) => r[c as 'n']).map((r) => r.name),
    ).toEqual(['Ann', 'cy', 'bob']);
    expect(
      sortRows(rows, { column: 'name', direction: 'desc' }, (r, c) => r[c as 'name']).map((r) => r.name),
    ).toEqual(['cy', 'bob', 'Ann']);
  });

  it('the same header flips the direction; another starts ascending', () => {
    expect(toggleSort({ column: 'a', direction: 'asc' }, 'a')).toEqual({ column: 'a', direction: 'desc' });
    expect(toggleSort<'a' | 'b'>({ column: 'a', direction: 'desc' }, 'b')).toEqual({
      column: 'b',
      direction: 'asc',
    });
  });
});

describe('staffing the week', () => {
  it('counts the time slots each person holds in scheduled events; answers given no, cancelled events no', () => {
    const events = [
      withSlots(event(1, '2026-11-25'), [
        slot(10, 3, [assignment(1, 2), assignment(2, 1)]),
        slot(11, 2, [assignment(1, 1)]),
      ]),
      withSlots(event(2, '2026-11-26'), [slot(12, 2, [assignment(2, 3), assignment(3, 4)])]),
      withSlots(event(3, '2026-11-27', { Status: 2 }), [slot(13, 2, [assignment(1, 2)])]),
    ];
    const load = weekLoad(events);
    expect(load.get(101)).toBe(2);
    expect(load.get(102)).toBe(1);
    expect(load.has(103)).toBe(false);
  });

  it('lays out seven columns when they fit, else wraps the days with events; a phone gets a list', () => {
    const week = weekColumns('2026-11-23', [
      event(1, '2026-11-25'),
      event(2, '2026-11-27'),
      event(3, '2026-11-28'),
    ]);
    // 3 × 150 + 4 × 52 + 6 × 8 = 706 px
    expect(boardLayout(week, 1100, false)).toBe('columns');
    expect(boardLayout(week, 706, false)).toBe('columns');
    expect(boardLayout(week, 570, false)).toBe('wrap');
    expect(boardLayout(week, 0, false)).toBe('columns');
    expect(boardLayout(week, 1100, true)).toBe('list');
  });
});

describe('an event draft in conflict', () => {
  const format = {
    day: (d: string) => d,
    range: (a: string, b: string) => `${a}-${b}`,
    program: (id: number | null) => (id ? `Program ${id}` : null),
    store: (id: number | null) => (id ? `Store ${id}` : null),
    slot: (a: string, b: string, c: number) => `${a}-${b} (${c})`,
  };
  const row = (conflict: unknown, status = 'conflict') =>
    ({
      id: 'row-1',
      userId: '4',
      command: 'scheduleEvent.save',
      status,
      lastError: 'Changed by someone else',
      conflict,
    }) as unknown as NonNullable<Parameters<typeof readConflict>[0]>;

  it('reads the server event kept with the 409 and lists only the fields that differ', () => {
    const server = withSlots(
      event(1, '2026-11-25', { Title: 'Costco', Notes: 'Bring the banner', Version: 3 }),
      [slot(10, 3)],
    );
    const view = readConflict(row({ Message: 'This item was changed by someone else.', Current: server }));
    expect(view?.message).toBe('This item was changed by someone else.');
    expect(view?.current?.Version).toBe(3);
    const mine = withSlots(event(1, '2026-11-26', { Title: 'Costco', Notes: null }), [slot(10, 4)]);
    const rows = conflictRows(view!.current!, mine, format);
    expect(rows.map((r) => r.field)).toEqual(['date', 'notes', 'slots']);
    expect(rows[0]).toEqual({ field: 'date', theirs: '2026-11-25', mine: '2026-11-26', kept: 'mine' });
    expect(rows[2]).toEqual({
      field: 'slots',
      theirs: '10:00:00-14:00:00 (3)',
      mine: '10:00:00-14:00:00 (4)',
      kept: 'mine',
    });
    // Merging keeps what the manager changed (the date) and the server's other fields.
    const merged = conflictRows(view!.current!, mine, format, ['Date']);
    expect(merged.map((r) => [r.field, r.kept])).toEqual([
      ['date', 'mine'],
      ['notes', 'theirs'],
      ['slots', 'theirs'],
    ]);
  });

  it('a refused row is no conflict; a 409 without the current event keeps the message', () => {
    expect(readConflict(undefined)).toBeNull();
    expect(readConflict(row({}, 'failed'))).toBeNull();
    expect(readConflict(row({ Message: 'Stale' }))).toEqual({ message: 'Stale', current: null });
  });
});
