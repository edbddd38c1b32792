// Texts of scheduling notifications (mail) and of the event timeline, pure.
import { ScheduleEventActivityType, SchedulingMessageType } from '../../../src/contract/scheduling';
import { hm, longDate } from './times';

export interface MailContext {
  title: string;
  date: string;
  startTime: string;
  endTime: string;
  officeName: string;
  /** The employee the assignment is for. */
  employeeName: string;
  /** Who made the change. */
  actorName: string;
  reason?: string | null;
}

export type MailKind = keyof typeof SchedulingMessageType;

const when = (c: MailContext) => `${longDate(c.date)}, ${hm(c.startTime)} to ${hm(c.endTime)}`;

/** Subject and body of a scheduling notification. */
export function schedulingMail(
  kind: MailKind,
  c: MailContext,
): { MessageType: string; Subject: string; Body: string } {
  const MessageType = SchedulingMessageType[kind];
  switch (kind) {
    case 'Assigned':
      return {
        MessageType,
        Subject: `New assignment: ${c.title} on ${longDate(c.date)}`,
        Body: `${c.actorName} assigned you to ${c.title} (${c.officeName}), ${when(c)}.\n\nOpen My events in Apex to accept or reject it.`,
      };
    case 'Unassigned':
      return {
        MessageType,
        Subject: `Assignment withdrawn: ${c.title} on ${longDate(c.date)}`,
        Body: `${c.actorName} withdrew your assignment to ${c.title} (${c.officeName}), ${when(c)}.${c.reason ? `\n\nComment: ${c.reason}` : ''}`,
      };
    case 'Accepted':
      return {
        MessageType,
        Subject: `${c.employeeName} accepted ${c.title} on ${longDate(c.date)}`,
        Body: `${c.employeeName} accepted the assignment to ${c.title} (${c.officeName}), ${when(c)}.`,
      };
    case 'Rejected':
      return {
        MessageType,
        Subject: `${c.employeeName} rejected ${c.title} on ${longDate(c.date)}`,
        Body: `${c.employeeName} rejected the assignment to ${c.title} (${c.officeName}), ${when(c)}.\n\nReason: ${c.reason ?? ''}`,
      };
    case 'Cancelled':
      return {
        MessageType,
        Subject: `Event cancelled: ${c.title} on ${longDate(c.date)}`,
        Body: `${c.actorName} cancelled ${c.title} (${c.officeName}). Your assignment, ${when(c)}, is withdrawn.`,
      };
    case 'Changed':
      return {
        MessageType,
        Subject: `Event changed: ${c.title} on ${longDate(c.date)}`,
        Body: `${c.actorName} changed ${c.title} (${c.officeName}). Your time slot is now ${when(c)}.`,
      };
  }
}

/** The timeline's description of an activity. */
export function activityDescription(
  type: number,
  c: { employeeName?: string; startTime?: string; endTime?: string } = {},
): string {
  const slot = c.startTime && c.endTime ? `${hm(c.startTime)} to ${hm(c.endTime)}` : '';
  switch (type) {
    case ScheduleEventActivityType.Created:
      return 'Event created';
    case ScheduleEventActivityType.Updated:
      return 'Event updated';
    case ScheduleEventActivityType.Assigned:
      return `${c.employeeName} assigned from ${slot}`;
    case ScheduleEventActivityType.Accepted:
      return `${c.employeeName} accepted ${slot}`;
    case ScheduleEventActivityType.Rejected:
      return `${c.employeeName} rejected ${slot}`;
    case ScheduleEventActivityType.Unassigned:
      return `${c.employeeName} unassigned from ${slot}`;
    case ScheduleEventActivityType.Cancelled:
      return 'Event cancelled';
    case ScheduleEventActivityType.AdditionalHoursChanged:
      return 'Additional hours changed';
    default:
      return 'Changed';
  }
}

/** The timeline comment of an event change: what it touched, e.g. 'Changed: title, time, notes'. */
export function changeComment(changes: readonly string[]): string | null {
  return changes.length ? `Changed: ${changes.join(', ')}` : null;
}

/** What an event change touched, in the form's order and words (for the timeline). */
export function eventChanges(
  before: Record<string, unknown> & { TimeSlots: readonly SlotShape[] },
  after: Record<string, unknown> & { TimeSlots: readonly SlotShape[] },
): string[] {
  const differs = (keys: readonly string[]) => keys.some((k) => (before[k] ?? null) !== (after[k] ?? null));
  const slots = (list: readonly SlotShape[]) =>
    JSON.stringify(
      list
        .map((s) => [s.TimeSlotID ?? 0, s.StartTime, s.EndTime, s.Capacity])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
  const out: string[] = [];
  for (const [label, keys] of CHANGE_LABELS) if (differs(keys)) out.push(label);
  if (slots(before.TimeSlots) !== slots(after.TimeSlots)) out.push('time slots');
  return out;
}

interface SlotShape {
  TimeSlotID?: number;
  StartTime: string;
  EndTime: string;
  Capacity: number;
}

const CHANGE_LABELS: [string, readonly string[]][] = [
  ['title', ['Title']],
  ['host', ['EventHostID']],
  ['date', ['Date']],
  ['time', ['StartTime', 'EndTime']],
  ['program', ['ProgramID']],
  ['store', ['StoreID']],
  ['address', ['StreetLine1', 'StreetLine2', 'City', 'StateProvince', 'PostalCode', 'CountryID']],
  ['notes', ['Notes']],
];
