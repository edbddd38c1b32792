// A manager's event draft, queued as an offline command: sent at once when online, kept on the device
// (and shown on the board with a pending badge) when not.
import {
  type ScheduleEventSave,
  ScheduleEventStatus,
  type ScheduleEventWithSlots,
  type TimeSlot,
} from '../../../contract/scheduling';
import { allocateTempId } from '../../../offline/db';
import { saveScheduleEvent } from '../commands';

export interface EventNames {
  OfficeName: string;
  EventHostName: string | null;
  HostTypeID: ScheduleEventWithSlots['HostTypeID'];
}

/** The board's copy of the event while the change waits: the new fields over what was shown. */
export function localEvent(
  id: number,
  save: ScheduleEventSave,
  names: EventNames,
  before: ScheduleEventWithSlots | null,
  version: number,
  employeeId: number,
  now: Date = new Date(),
): ScheduleEventWithSlots {
  const slots: TimeSlot[] = save.TimeSlots.map((s) => {
    const old = s.TimeSlotID ? before?.TimeSlots.find((x) => x.TimeSlotID === s.TimeSlotID) : undefined;
    return {
      // 0: a slot the server has not numbered yet (never negative: negative ids are temporary ids).
      TimeSlotID: s.TimeSlotID ?? 0,
      ScheduleEventID: id,
      StartTime: s.StartTime,
      EndTime: s.EndTime,
      Capacity: s.Capacity,
      AssignedCount: old?.AssignedCount ?? 0,
      AcceptedCount: old?.AcceptedCount ?? 0,
      Assignments: old?.Assignments ?? [],
    };
  });
  return {
    ScheduleEventID: id,
    IcdOfficeID: save.IcdOfficeID,
    OfficeName: names.OfficeName,
    EventHostID: save.EventHostID ?? null,
    EventHostName: names.EventHostName,
    HostTypeID: names.HostTypeID,
    Title: save.Title,
    Date: save.Date,
    StartTime: save.StartTime,
    EndTime: save.EndTime,
    StreetLine1: save.StreetLine1 ?? null,
    StreetLine2: save.StreetLine2 ?? null,
    City: save.City ?? null,
    StateProvince: save.StateProvince ?? null,
    PostalCode: save.PostalCode ?? null,
    CountryID: save.CountryID ?? null,
    ProgramID: save.ProgramID ?? null,
    StoreID: save.StoreID ?? null,
    Notes: save.Notes ?? null,
    Status: ScheduleEventStatus.Scheduled,
    Version: version,
    CreatedByEmployeeID: before?.CreatedByEmployeeID ?? employeeId,
    CreatedAt: before?.CreatedAt ?? now.toISOString(),
    UpdatedAt: now.toISOString(),
    TimeSlots: slots,
  };
}

/** Queues a new event; resolves to its temporary id. */
export async function createEventDraft(
  userId: string,
  save: ScheduleEventSave,
  names: EventNames,
): Promise<number> {
  const id = await allocateTempId(userId);
  await saveScheduleEvent.enqueue(userId, {
    Id: id,
    Create: true,
    event: save,
    local: localEvent(id, save, names, null, 1, Number(userId)),
  });
  return id;
}

/**
 * Queues a change of an event (the whole event, PUT with the Version it was read at). Each queued
 * change raises the local Version by one, as the server does when it applies it.
 */
export async function updateEventDraft(
  userId: string,
  before: ScheduleEventWithSlots,
  save: ScheduleEventSave,
  names: EventNames,
): Promise<void> {
  const id = before.ScheduleEventID;
  await saveScheduleEvent.enqueue(userId, {
    Id: id,
    Create: false,
    Version: before.Version,
    event: save,
    local: localEvent(id, save, names, before, before.Version + 1, Number(userId)),
  });
}
