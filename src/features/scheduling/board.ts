// Pure helpers of the scheduling screens (no React, no I/O): week columns, gaps (slots below
// capacity), combining the week's calls into events with slots, and merging the device's drafts
// (offline answers and event drafts) over what the server sent.
import {
  AssignmentStatus,
  type EmployeeAssignedEvent,
  type EmployeeAssignment,
  type OfficeTimeSlot,
  type ScheduleEvent,
  type ScheduleEventAssignment,
  type ScheduleEventWithSlots,
  type TimeSlot,
} from '../../contract/scheduling';

// ---------------------------------------------------------------------------------------------
// Calendar days as 'YYYY-MM-DD' (computed in UTC so no daylight-saving shift can move a day)

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y, m, d];
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = parts(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(day: string): number {
  const [y, m, d] = parts(day);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The Monday of the week (Monday to Sunday, as the server's rotation weeks) holding `day`. */
export function weekStart(day: string): string {
  return addDays(day, -weekdayIndex(day));
}

/** 'YYYY-MM-DD' of a Date's local calendar day. */
export function localDay(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/** A local Date at midnight of a calendar day (for date-fns formatting). */
export function dayAsDate(day: string): Date {
  const [y, m, d] = parts(day);
  return new Date(y, m - 1, d);
}

export interface DayColumn<E> {
  date: string;
  /** 0 = Monday. */
  weekday: number;
  events: E[];
}

/** Seven columns, Monday to Sunday, each with its events ordered by start time then title. */
export function weekColumns<E extends { Date: string; StartTime: string; Title: string }>(
  monday: string,
  events: readonly E[],
): DayColumn<E>[] {
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDays(monday, i);
    return {
      date,
      weekday: i,
      events: events
        .filter((e) => e.Date === date)
        .sort((a, b) => a.StartTime.localeCompare(b.StartTime) || a.Title.localeCompare(b.Title)),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Slots, assignments and gaps

/** Statuses that hold a place in a slot. */
export function holdsPlace(status: number): boolean {
  return status === AssignmentStatus.Pending || status === AssignmentStatus.Accepted;
}

/** Places taken, from the slot's assignments when it has them, else from the server's count. */
export function placesTaken(slot: Pick<TimeSlot, 'AssignedCount' | 'Assignments'>): number {
  return slot.Assignments.length
    ? slot.Assignments.filter((a) => holdsPlace(a.Status)).length
    : slot.AssignedCount;
}

/** Places still open in a slot (0 when full or over). */
export function openPlaces(slot: Pick<TimeSlot, 'Capacity' | 'AssignedCount' | 'Assignments'>): number {
  return Math.max(0, slot.Capacity - placesTaken(slot));
}

/** A gap: a slot with fewer people than its capacity. */
export function isGap(slot: Pick<TimeSlot, 'Capacity' | 'AssignedCount' | 'Assignments'>): boolean {
  return openPlaces(slot) > 0;
}

export interface GapSummary {
  /** Slots below capacity. */
  slots: number;
  /** Open places in them. */
  places: number;
}

/** Gaps of a list of events (only scheduled events count). */
export function gapSummary(
  events: readonly { Status: number; TimeSlots: readonly TimeSlot[] }[],
): GapSummary {
  let slots = 0;
  let places = 0;
  for (const e of events) {
    if (e.Status !== 1) continue;
    for (const s of e.TimeSlots) {
      const open = openPlaces(s);
      if (open > 0) {
        slots++;
        places += open;
      }
    }
  }
  return { slots, places };
}

/**
 * The assignments a slot shows: the people holding a place first (accepted, then pending), then those
 * who rejected (with their reason); withdrawn ones are left out.
 */
export function visibleAssignments<A extends Pick<ScheduleEventAssignment, 'Status' | 'EmployeeName'>>(
  assignments: readonly A[],
): A[] {
  const order: Record<number, number> = { 2: 0, 1: 1, 3: 2 };
  return assignments
    .filter((a) => a.Status !== AssignmentStatus.Unassigned)
    .sort((a, b) => order[a.Status] - order[b.Status] || a.EmployeeName.localeCompare(b.EmployeeName));
}

/** Mantine colour of an assignment status. */
export const STATUS_COLOR: Record<number, string> = {
  [AssignmentStatus.Pending]: 'yellow',
  [AssignmentStatus.Accepted]: 'green',
  [AssignmentStatus.Rejected]: 'red',
  [AssignmentStatus.Unassigned]: 'gray',
};

/** i18n key suffix of an assignment status. */
export const STATUS_KEY: Record<number, string> = {
  [AssignmentStatus.Pending]: 'pending',
  [AssignmentStatus.Accepted]: 'accepted',
  [AssignmentStatus.Rejected]: 'rejected',
  [AssignmentStatus.Unassigned]: 'unassigned',
};

/**
 * The week's events with their slots, from three calls: the office's events (no slots), its events
 * that have assignments (with slots and assignments) and its time slots (places, no people). An event
 * nobody was ever assigned to takes its slots from the slot list.
 */
export function combineWeek(
  events: readonly ScheduleEvent[],
  withAssignments: readonly ScheduleEventWithSlots[],
  slots: readonly OfficeTimeSlot[],
): ScheduleEventWithSlots[] {
  const detailed = new Map(withAssignments.map((e) => [e.ScheduleEventID, e]));
  return events.map((e) => {
    const known = detailed.get(e.ScheduleEventID);
    if (known) return { ...e, TimeSlots: known.TimeSlots };
    return {
      ...e,
      TimeSlots: slots
        .filter((s) => s.ScheduleEventID === e.ScheduleEventID)
        .sort((a, b) => a.StartTime.localeCompare(b.StartTime))
        .map((s) => ({
          TimeSlotID: s.TimeSlotID,
          ScheduleEventID: s.ScheduleEventID,
          StartTime: s.StartTime,
          EndTime: s.EndTime,
          Capacity: s.Capacity,
          AssignedCount: s.AssignedCount,
          AcceptedCount: s.AcceptedCount,
          Assignments: [],
        })),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Drafts over server data

/** What the screens need of a draft row (src/offline/db.ts DraftRow). */
export interface DraftLike {
  localId: number | string;
  serverId: number | string | null;
  tempId?: number;
  data: unknown;
  deleted?: boolean;
  status: 'pending' | 'synced' | 'failed' | 'conflict';
  updatedAt: number;
}

export type DraftState = 'pending' | 'failed' | 'conflict';

/** Whether a draft should be shown over the server copy fetched at `fetchedAt`. */
export function draftApplies(draft: DraftLike, fetchedAt: number): boolean {
  // A synced draft is the server's answer to our change: only newer than a copy fetched before it.
  return draft.status !== 'synced' || draft.updatedAt > fetchedAt;
}

function draftState(draft: DraftLike): DraftState | undefined {
  return draft.status === 'synced' ? undefined : draft.status;
}

/** An event of the board, maybe a local draft (created or changed on this device). */
export type BoardEvent = ScheduleEventWithSlots & {
  /** Set while a local change waits, was refused, or conflicts with the server. */
  draft?: DraftState;
  /** The id the draft is known by (negative until the server created it). */
  localId?: number;
};

/** The local copy the event command keeps: the event as the board shows it. */
export type EventDraftData = ScheduleEventWithSlots;

/**
 * The board's events with this device's event drafts merged over them: a draft replaces the server
 * copy of the same event, events created offline are added (when in the office and week shown).
 */
export function mergeEventDrafts(
  server: readonly ScheduleEventWithSlots[],
  drafts: readonly DraftLike[],
  fetchedAt: number,
  scope: { officeId: number; start: string; end: string },
): BoardEvent[] {
  const byId = new Map<number, BoardEvent>(server.map((e) => [e.ScheduleEventID, e]));
  for (const d of drafts) {
    if (!draftApplies(d, fetchedAt)) continue;
    const data = d.data as EventDraftData;
    const id = Number(d.serverId ?? d.localId);
    if (d.deleted) {
      byId.delete(id);
      continue;
    }
    const inScope = data.IcdOfficeID === scope.officeId && data.Date >= scope.start && data.Date <= scope.end;
    if (!inScope) {
      // Moved out of the week (or office) shown: it no longer belongs here.
      byId.delete(id);
      continue;
    }
    const server = byId.get(id);
    byId.set(id, {
      ...data,
      ScheduleEventID: id,
      // People answer and are assigned on the server meanwhile: its slots' people are the freshest.
      TimeSlots: server ? mergeSlots(data.TimeSlots, server.TimeSlots) : data.TimeSlots,
      draft: draftState(d),
      localId: Number(d.localId),
    });
  }
  return [...byId.values()];
}

function mergeSlots(local: readonly TimeSlot[], server: readonly TimeSlot[]): TimeSlot[] {
  return local.map((s) => {
    const known = server.find((x) => x.TimeSlotID === s.TimeSlotID);
    return known
      ? {
          ...s,
          Assignments: known.Assignments,
          AssignedCount: known.AssignedCount,
          AcceptedCount: known.AcceptedCount,
        }
      : s;
  });
}

/** An assignment of My events, maybe answered on this device and not yet confirmed. */
export type MyAssignment = EmployeeAssignment & { draft?: DraftState };
export type MyEvent = Omit<EmployeeAssignedEvent, 'Assignments'> & { Assignments: MyAssignment[] };

/** My events with this device's answers (drafts of `scheduleAssignment`) merged over the server's. */
export function mergeAnswerDrafts(
  events: readonly EmployeeAssignedEvent[],
  drafts: readonly DraftLike[],
  fetchedAt: number,
): MyEvent[] {
  const byAssignment = new Map<number, DraftLike>();
  for (const d of drafts)
    if (draftApplies(d, fetchedAt)) byAssignment.set(Number(d.serverId ?? d.localId), d);
  return events.map((e) => ({
    ...e,
    Assignments: e.Assignments.map((a) => {
      const d = byAssignment.get(a.AssignmentID);
      if (!d) return a;
      const data = d.data as Partial<EmployeeAssignment>;
      return {
        ...a,
        Status: data.Status ?? a.Status,
        Reason: data.Reason ?? a.Reason,
        draft: draftState(d),
      };
    }),
  }));
}

/** Upcoming events first by date and time; events whose every assignment was withdrawn go last. */
export function sortMyEvents(events: readonly MyEvent[]): MyEvent[] {
  const withdrawn = (e: MyEvent) =>
    e.Assignments.every((a) => a.Status === AssignmentStatus.Unassigned) ? 1 : 0;
  return [...events].sort(
    (a, b) =>
      withdrawn(a) - withdrawn(b) ||
      a.Date.localeCompare(b.Date) ||
      a.StartTime.localeCompare(b.StartTime) ||
      a.ScheduleEventID - b.ScheduleEventID,
  );
}

/** What the Clock remembers as its choice (src/features/time/clock-page.tsx `apex.clock.where.<id>`). */
export interface ClockWhere {
  IcdOfficeID: number;
  ProgramID: number | null;
  StoreID: number | null;
}

export function clockWhereKey(employeeId: number | string): string {
  return `apex.clock.where.${employeeId}`;
}

export function clockWhere(event: Pick<ScheduleEvent, 'IcdOfficeID' | 'ProgramID' | 'StoreID'>): ClockWhere {
  return { IcdOfficeID: event.IcdOfficeID, ProgramID: event.ProgramID, StoreID: event.StoreID };
}

/** 'HH:mm:ss' → minutes after midnight. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** 'HH:mm' (a time input) → 'HH:mm:ss'; anything else unchanged. */
export function toWireTime(value: string): string {
  return /^\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
}

// ---------------------------------------------------------------------------------------------
// Staffing the week

/** Drag data type of a person dragged from the people panel onto a time slot (value: EmployeeID). */
export const EMPLOYEE_DRAG_TYPE = 'application/x-apex-employee';

/** Time slots each person holds (Pending or Accepted) in the scheduled events given. */
export function weekLoad(
  events: readonly { Status: number; TimeSlots: readonly Pick<TimeSlot, 'Assignments'>[] }[],
): Map<number, number> {
  const load = new Map<number, number>();
  for (const e of events) {
    if (e.Status !== 1) continue;
    for (const s of e.TimeSlots)
      for (const a of s.Assignments)
        if (holdsPlace(a.Status)) load.set(a.EmployeeID, (load.get(a.EmployeeID) ?? 0) + 1);
  }
  return load;
}

/** Minimum widths of the board's day columns (px): a day with events, an empty day, the gap. */
export const COLUMN_MIN = { events: 150, empty: 52, gap: 8 } as const;

/**
 * How the week is laid out in `width` px: seven columns side by side when they fit, else the days with
 * events wrapped in a grid (a tablet in portrait with the side menu open), and a list on a phone.
 */
export function boardLayout(
  columns: readonly { events: readonly unknown[] }[],
  width: number,
  phone: boolean,
): 'columns' | 'wrap' | 'list' {
  if (phone) return 'list';
  const needed =
    columns.reduce((sum, c) => sum + (c.events.length ? COLUMN_MIN.events : COLUMN_MIN.empty), 0) +
    COLUMN_MIN.gap * (columns.length - 1);
  // Before the first measure (width 0) keep the columns: nothing jumps on a wide screen.
  return width > 0 && width < needed ? 'wrap' : 'columns';
}
