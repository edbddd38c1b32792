// A manager's event draft, queued as an offline command: sent at once when online, kept on the device
// (and shown on the board with a pending badge) when not.
import {
  ScheduleEventSave,
  ScheduleEventStatus,
  ScheduleEventWithSlots,
  type TimeSlot,
} from '../../../contract/scheduling';
import { allocateTempId } from '../../../offline/db';
import { type SaveEventArgs, saveScheduleEvent } from '../commands';
import { fromWire, wireDay } from './wire';

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

/** The payload keys of an event save, as compared to tell what a draft changed. */
const SAVE_KEYS = [
  'EventHostID',
  'Title',
  'Date',
  'StartTime',
  'EndTime',
  'StreetLine1',
  'StreetLine2',
  'City',
  'StateProvince',
  'PostalCode',
  'CountryID',
  'ProgramID',
  'StoreID',
  'Notes',
] as const;

const slotList = (
  slots: readonly { TimeSlotID?: number; StartTime: string; EndTime: string; Capacity: number }[],
) => JSON.stringify(slots.map((s) => [s.TimeSlotID ?? 0, s.StartTime, s.EndTime, s.Capacity]));

/** The save from an event as it is (what a form opened on it would send unchanged). */
export function saveOf(e: ScheduleEventWithSlots): ScheduleEventSave {
  return {
    IcdOfficeID: e.IcdOfficeID,
    EventHostID: e.EventHostID,
    Title: e.Title,
    Date: e.Date,
    StartTime: e.StartTime,
    EndTime: e.EndTime,
    StreetLine1: e.StreetLine1,
    StreetLine2: e.StreetLine2,
    City: e.City,
    StateProvince: e.StateProvince,
    PostalCode: e.PostalCode,
    CountryID: e.CountryID === 1 || e.CountryID === 2 ? e.CountryID : null,
    ProgramID: e.ProgramID,
    StoreID: e.StoreID,
    Notes: e.Notes,
    TimeSlots: e.TimeSlots.filter((s) => s.TimeSlotID > 0).map((s) => ({
      TimeSlotID: s.TimeSlotID,
      StartTime: s.StartTime,
      EndTime: s.EndTime,
      Capacity: s.Capacity,
    })),
  };
}

/** The keys of `save` that differ from the event it was made on. */
export function changedKeys(before: ScheduleEventWithSlots, save: ScheduleEventSave): string[] {
  const base = saveOf(before);
  const out: string[] = SAVE_KEYS.filter((k) => (save[k] ?? null) !== (base[k] ?? null));
  if (slotList(save.TimeSlots) !== slotList(base.TimeSlots)) out.push('TimeSlots');
  return out;
}

const Current = fromWire(ScheduleEventWithSlots);

/**
 * After a 409: the draft's changed fields over the server's current event, sent with its Version.
 * Null when the 409 carried no readable event (then only dropping or editing the draft is offered).
 */
export function mergeOverCurrent(args: SaveEventArgs, conflictBody: unknown): SaveEventArgs | null {
  const raw = (conflictBody as { Current?: Record<string, unknown> } | null)?.Current;
  // Kept in IndexedDB, the revived calendar day may come back as a plain Date.
  const parsed = Current.safeParse(raw && { ...raw, Date: wireDay(raw.Date) });
  if (!parsed.success) return null;
  const current = parsed.data;
  const mine = args.event;
  const changed = args.Changed ?? [...SAVE_KEYS, 'TimeSlots'];
  const merged: Record<string, unknown> = { ...saveOf(current) };
  for (const k of changed) if (k in mine) merged[k] = mine[k as keyof ScheduleEventSave];
  const checked = ScheduleEventSave.safeParse(merged);
  // E.g. their new start after my unchanged end: no valid merge, the draft is edited or dropped.
  if (!checked.success) return null;
  const event = checked.data;
  const local = args.local as Partial<ScheduleEventWithSlots>;
  const names: EventNames = changed.includes('EventHostID')
    ? {
        OfficeName: current.OfficeName,
        EventHostName: local.EventHostName ?? null,
        HostTypeID: local.HostTypeID ?? null,
      }
    : {
        OfficeName: current.OfficeName,
        EventHostName: current.EventHostName,
        HostTypeID: current.HostTypeID,
      };
  return {
    ...args,
    Version: current.Version,
    event,
    // The merge is now the draft: what it changes against the server's event.
    Changed: changedKeys(current, event),
    local: localEvent(
      current.ScheduleEventID,
      event,
      names,
      current,
      current.Version + 1,
      current.CreatedByEmployeeID ?? 0,
    ),
  };
}

/**
 * Queues a change of an event (the whole event, PUT with the Version it was read at, and the keys the
 * manager changed). Each queued change raises the local Version by one, as the server does.
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
    Changed: changedKeys(before, save),
    event: save,
    local: localEvent(id, save, names, before, before.Version + 1, Number(userId)),
  });
}
