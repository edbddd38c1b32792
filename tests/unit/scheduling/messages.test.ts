import { describe, expect, it } from 'vitest';
import {
  activityDescription,
  changeComment,
  eventChanges,
  schedulingMail,
} from '../../../server/domain/scheduling/messages';
import { ScheduleEventActivityType, SchedulingMessageType } from '../../../src/contract/scheduling';

const context = {
  title: 'Costco Road Show',
  date: '2026-06-03',
  startTime: '10:00:00',
  endTime: '14:00:00',
  officeName: 'Toronto Central',
  employeeName: 'Sam Taylor',
  actorName: 'Marco Rossi',
};

describe('schedulingMail', () => {
  it('tells the employee about a new assignment with where and when', () => {
    expect(schedulingMail('Assigned', context)).toEqual({
      MessageType: SchedulingMessageType.Assigned,
      Subject: 'New assignment: Costco Road Show on Wed, Jun 3, 2026',
      Body: 'Marco Rossi assigned you to Costco Road Show (Toronto Central), Wed, Jun 3, 2026, 10:00 AM to 2:00 PM.\n\nOpen My events in Apex to accept or reject it.',
    });
  });

  it("tells the managers about an answer, with the rejection's reason", () => {
    expect(schedulingMail('Accepted', context).Subject).toBe(
      'Sam Taylor accepted Costco Road Show on Wed, Jun 3, 2026',
    );
    const rejected = schedulingMail('Rejected', { ...context, reason: 'Sick' });
    expect(rejected.MessageType).toBe('scheduleEventRejected');
    expect(rejected.Body.endsWith('Reason: Sick')).toBe(true);
  });

  it('a withdrawal carries the comment only when there is one', () => {
    expect(schedulingMail('Unassigned', context).Body).not.toContain('Comment');
    expect(schedulingMail('Unassigned', { ...context, reason: 'Overstaffed' }).Body).toContain(
      'Comment: Overstaffed',
    );
  });
});

describe('activityDescription', () => {
  it('describes assignment changes with the person and the slot', () => {
    const c = { employeeName: 'Sam Taylor', startTime: '10:00:00', endTime: '14:00:00' };
    expect(activityDescription(ScheduleEventActivityType.Assigned, c)).toBe(
      'Sam Taylor assigned from 10:00 AM to 2:00 PM',
    );
    expect(activityDescription(ScheduleEventActivityType.Rejected, c)).toBe(
      'Sam Taylor rejected 10:00 AM to 2:00 PM',
    );
    expect(activityDescription(ScheduleEventActivityType.Cancelled)).toBe('Event cancelled');
  });
});

describe('what an event change touched', () => {
  const base = {
    Title: 'Costco Road Show',
    Date: '2026-06-03',
    StartTime: '10:00:00',
    EndTime: '18:00:00',
    EventHostID: 1,
    City: 'Toronto',
    Notes: null,
    TimeSlots: [{ TimeSlotID: 5, StartTime: '10:00:00', EndTime: '14:00:00', Capacity: 2 }],
  };

  it('names the fields in the form order, time slots last; nothing changed is no comment', () => {
    const after = {
      ...base,
      Notes: 'Bring the banner.',
      EndTime: '19:00:00',
      Title: 'Costco Road Show (weekend)',
      TimeSlots: [...base.TimeSlots, { StartTime: '14:00:00', EndTime: '18:00:00', Capacity: 2 }],
    };
    expect(eventChanges(base, after)).toEqual(['title', 'time', 'notes', 'time slots']);
    expect(changeComment(eventChanges(base, after))).toBe('Changed: title, time, notes, time slots');
    expect(eventChanges(base, { ...base, Notes: undefined })).toEqual([]);
    expect(changeComment([])).toBeNull();
  });
});
