// Assignment rules of schedule events (pure): double booking, capacity, answering, unassigning and
// the checks a change of time slots must pass while people are assigned. Each refusal carries the
// HTTP status the service answers with and the message the user reads.
import {
  ACTIVE_ASSIGNMENT_STATUSES,
  AssignmentStatus,
  REASON_REQUIRED,
} from '../../../src/contract/scheduling';
import { hm, type Interval, overlaps } from './times';

export interface Refusal {
  status: 400 | 404 | 422;
  message: string;
  errors?: Record<string, string[]>;
}

export const isActive = (status: number) =>
  (ACTIVE_ASSIGNMENT_STATUSES as readonly number[]).includes(status);

/** A time slot with what messages need to name it. */
export interface SlotInfo extends Interval {
  TimeSlotID: number;
  ScheduleEventID: number;
  Title: string;
}

/** An assignment of one employee, with its slot. */
export interface HeldAssignment {
  AssignmentID: number;
  EmployeeID: number;
  Status: number;
  slot: SlotInfo;
}

export const MESSAGES = {
  overlap: (name: string, other: SlotInfo) =>
    `${name} is already assigned from ${hm(other.StartTime)} to ${hm(other.EndTime)} at ${other.Title}.`,
  full: (taken: number, capacity: number) => `This time slot is full (${taken} of ${capacity}).`,
  cancelled: 'This event is cancelled.',
  notAtOffice: (name: string, office: string) => `${name} does not work at ${office}.`,
  cannotRespond: (name: string, office: string) => `${name} cannot answer event assignments at ${office}.`,
  alreadyAccepted: 'You already accepted this assignment.',
  alreadyRejected: 'You already rejected this assignment.',
  withdrawn: 'This assignment was withdrawn by a manager.',
  rejectedCannotUnassign: (name: string) =>
    `${name} rejected this assignment; there is nothing to unassign. Assign someone else instead.`,
  slotNotInEvent: (id: number) => `Time slot ${id} is not part of this event.`,
  slotListedTwice: (id: number) => `Time slot ${id} is listed twice.`,
  slotHasPeople: (slot: Interval) =>
    `The time slot from ${hm(slot.StartTime)} to ${hm(slot.EndTime)} has people assigned; unassign them before removing it.`,
  capacityBelowAssigned: (slot: Interval, taken: number) =>
    `The time slot from ${hm(slot.StartTime)} to ${hm(slot.EndTime)} has ${taken} ${taken === 1 ? 'person' : 'people'} assigned; its capacity cannot be less than ${taken}.`,
} as const;

/** The first active assignment of `held` that overlaps `slot` (another slot, or this very slot). */
export function findOverlap(slot: Interval, held: readonly HeldAssignment[]): HeldAssignment | undefined {
  return held.find((a) => isActive(a.Status) && overlaps(slot, a.slot));
}

/**
 * May this employee be assigned to this slot? Refused when the event is cancelled, when the person
 * already holds an overlapping slot (Pending or Accepted, any event, this slot included) and when the
 * slot is full. Rejected and Unassigned assignments hold no place, so such a person may be assigned again.
 */
export function checkAssign(input: {
  employeeName: string;
  eventCancelled: boolean;
  slot: SlotInfo & { Capacity: number };
  /** Every assignment of the slot (any status). */
  slotAssignments: readonly { Status: number }[];
  /** The employee's assignments on the slot's date (any status, any event). */
  employeeAssignments: readonly HeldAssignment[];
}): Refusal | null {
  if (input.eventCancelled) return { status: 422, message: MESSAGES.cancelled };
  const clash = findOverlap(input.slot, input.employeeAssignments);
  if (clash) return { status: 422, message: MESSAGES.overlap(input.employeeName, clash.slot) };
  const taken = input.slotAssignments.filter((a) => isActive(a.Status)).length;
  if (taken >= input.slot.Capacity)
    return { status: 422, message: MESSAGES.full(taken, input.slot.Capacity) };
  return null;
}

export type Decision =
  | { kind: 'noop' }
  | { kind: 'change'; to: AssignmentStatus }
  | { kind: 'refuse'; refusal: Refusal };

/**
 * The assigned employee's answer. Only a Pending assignment can be answered; the same answer again
 * is a no-op (the phone's offline outbox may send it twice); rejecting needs a reason.
 */
export function decideResponse(
  current: number,
  answer: typeof AssignmentStatus.Accepted | typeof AssignmentStatus.Rejected,
  reason?: string | null,
): Decision {
  if (answer === AssignmentStatus.Rejected && !reason?.trim())
    return {
      kind: 'refuse',
      refusal: { status: 400, message: REASON_REQUIRED, errors: { Reason: [REASON_REQUIRED] } },
    };
  if (current === answer) return { kind: 'noop' };
  switch (current) {
    case AssignmentStatus.Pending:
      return { kind: 'change', to: answer };
    case AssignmentStatus.Accepted:
      return { kind: 'refuse', refusal: { status: 422, message: MESSAGES.alreadyAccepted } };
    case AssignmentStatus.Rejected:
      return { kind: 'refuse', refusal: { status: 422, message: MESSAGES.alreadyRejected } };
    default:
      return { kind: 'refuse', refusal: { status: 422, message: MESSAGES.withdrawn } };
  }
}

/** A manager withdraws an assignment: Pending or Accepted → Unassigned; again is a no-op. */
export function decideUnassign(current: number, employeeName: string): Decision {
  if (current === AssignmentStatus.Unassigned) return { kind: 'noop' };
  if (isActive(current)) return { kind: 'change', to: AssignmentStatus.Unassigned };
  return { kind: 'refuse', refusal: { status: 422, message: MESSAGES.rejectedCannotUnassign(employeeName) } };
}

export interface ExistingSlot {
  TimeSlotID: number;
  StartTime: string;
  EndTime: string;
  Capacity: number;
  /** Pending/Accepted people of the slot. */
  active: readonly { EmployeeID: number; EmployeeName: string }[];
}

export interface NextSlot {
  TimeSlotID?: number;
  StartTime: string;
  EndTime: string;
  Capacity: number;
}

/**
 * The new list of an event's time slots (and maybe a new date) against the people already assigned:
 * kept slots must belong to the event, a slot with people cannot be removed or shrunk below them, and
 * moved slots must not double-book anyone (against their other events and this event's other slots).
 */
export function checkSlotChanges(input: {
  title: string;
  scheduleEventId: number;
  date: string;
  existing: readonly ExistingSlot[];
  next: readonly NextSlot[];
  /** Active assignments, outside this event, of the people assigned in it, on the new date. */
  elsewhere: readonly HeldAssignment[];
}): Refusal | null {
  const byId = new Map(input.existing.map((s) => [s.TimeSlotID, s]));
  const seen = new Set<number>();
  for (const [i, slot] of input.next.entries()) {
    if (slot.TimeSlotID === undefined) continue;
    if (!byId.has(slot.TimeSlotID)) {
      const message = MESSAGES.slotNotInEvent(slot.TimeSlotID);
      return { status: 422, message, errors: { [`TimeSlots.${i}.TimeSlotID`]: [message] } };
    }
    if (seen.has(slot.TimeSlotID)) {
      const message = MESSAGES.slotListedTwice(slot.TimeSlotID);
      return { status: 400, message, errors: { [`TimeSlots.${i}.TimeSlotID`]: [message] } };
    }
    seen.add(slot.TimeSlotID);
  }
  for (const old of input.existing) {
    if (!seen.has(old.TimeSlotID) && old.active.length > 0)
      return { status: 422, message: MESSAGES.slotHasPeople({ ...old, Date: input.date }) };
  }
  // Where each assigned person will be, in this event, after the change.
  const placed: HeldAssignment[] = [];
  for (const [i, slot] of input.next.entries()) {
    const old = slot.TimeSlotID === undefined ? undefined : byId.get(slot.TimeSlotID);
    if (!old) continue;
    if (slot.Capacity < old.active.length) {
      const message = MESSAGES.capacityBelowAssigned({ ...slot, Date: input.date }, old.active.length);
      return { status: 422, message, errors: { [`TimeSlots.${i}.Capacity`]: [message] } };
    }
    const info: SlotInfo = {
      TimeSlotID: old.TimeSlotID,
      ScheduleEventID: input.scheduleEventId,
      Title: input.title,
      Date: input.date,
      StartTime: slot.StartTime,
      EndTime: slot.EndTime,
    };
    for (const person of old.active) {
      const mine = [...input.elsewhere, ...placed].filter((a) => a.EmployeeID === person.EmployeeID);
      const clash = findOverlap(info, mine);
      if (clash) return { status: 422, message: MESSAGES.overlap(person.EmployeeName, clash.slot) };
      placed.push({
        AssignmentID: 0,
        EmployeeID: person.EmployeeID,
        Status: AssignmentStatus.Accepted,
        slot: info,
      });
    }
  }
  return null;
}
