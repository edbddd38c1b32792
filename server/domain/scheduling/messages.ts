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
