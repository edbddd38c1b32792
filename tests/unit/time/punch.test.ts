import { describe, expect, it } from 'vitest';
import {
  clockState,
  elapsedSeconds,
  entryMinutes,
  formatClock,
  formatDuration,
  type LocalEntry,
  mergeEntries,
  timeZoneOffset,
  workedMinutes,
} from '../../../src/features/time/punch';

const base: LocalEntry = {
  Id: 1,
  Date: '2026-11-20',
  StartTime: '09:00:00',
  EndTime: null,
  IsBreak: false,
  ParentTimeEntryID: null,
  IcdOfficeID: 1,
  ProgramID: 1,
  StoreID: null,
  TimeEntryTypeID: 1,
  Version: 1,
};

describe('clock state', () => {
  it('is off with no open work entry, working with one, on break with an open break under it', () => {
    expect(clockState([{ ...base, EndTime: '17:00:00' }])).toEqual({ kind: 'off' });
    expect(clockState([base]).kind).toBe('working');
    const brk = { ...base, Id: -2, IsBreak: true, ParentTimeEntryID: 1, StartTime: '12:00:00' };
    const state = clockState([base, brk]);
    expect(state.kind).toBe('onBreak');
    // A closed break puts the shift back to working.
    expect(clockState([base, { ...brk, EndTime: '12:30:00' }]).kind).toBe('working');
  });
});

describe('durations', () => {
  it('an entry counts only with both start and end; an earlier end is the next day', () => {
    expect(entryMinutes({ StartTime: '09:00:00', EndTime: null })).toBe(0);
    expect(entryMinutes({ StartTime: null, EndTime: '10:00:00' })).toBe(0);
    expect(entryMinutes({ StartTime: '09:00:00', EndTime: '17:30:00' })).toBe(510);
    expect(entryMinutes({ StartTime: '22:00:00', EndTime: '06:00:00' })).toBe(480);
  });

  it('worked minutes deduct closed breaks only', () => {
    const work = { ...base, EndTime: '17:00:00' };
    const brk = {
      ...base,
      Id: 2,
      IsBreak: true,
      ParentTimeEntryID: 1,
      StartTime: '12:00:00',
      EndTime: '12:30:00',
    };
    const openBreak = { ...brk, Id: 3, StartTime: '15:00:00', EndTime: null };
    expect(workedMinutes([work, brk, openBreak])).toBe(450);
    expect(formatDuration(450)).toBe('7:30');
    expect(formatClock(3725)).toBe('1:02:05');
  });

  it('elapsed seconds run from the local wall clock start', () => {
    expect(elapsedSeconds(base, new Date(2026, 10, 20, 9, 1, 30))).toBe(90);
  });

  it('records the ISO-signed time-zone offset', () => {
    const d = new Date();
    expect(timeZoneOffset(d)).toBe(-d.getTimezoneOffset());
  });
});

describe('merging server entries with local drafts', () => {
  it('a pending draft replaces the server copy, offline creates are added, deletes removed', () => {
    const server = [
      { ...base, Id: 10 },
      { ...base, Id: 11, StartTime: '13:00:00' },
    ];
    const merged = mergeEntries(server, [
      { localId: 10, serverId: 10, data: { ...base, Id: 10, EndTime: '12:00:00' }, status: 'pending' },
      { localId: -1, serverId: null, data: { ...base, Id: -1, StartTime: '18:00:00' }, status: 'pending' },
      { localId: 11, serverId: 11, data: { ...base, Id: 11 }, deleted: true, status: 'pending' },
    ]);
    expect(merged.map((e) => e.Id)).toEqual([10, -1]);
    expect(merged[0]).toMatchObject({ EndTime: '12:00:00', pending: true });
    expect(merged[1]).toMatchObject({ pending: true });
  });

  it('a delete the server refused leaves the entry on screen, marked failed', () => {
    const server = [{ ...base, Id: 12, EndTime: '17:00:00' }];
    for (const status of ['failed', 'conflict']) {
      const merged = mergeEntries(server, [
        { localId: 12, serverId: 12, data: { ...base, Id: 12 }, deleted: true, status },
      ]);
      expect(merged).toHaveLength(1);
      expect(merged[0]).toMatchObject({ Id: 12, EndTime: '17:00:00', failed: true, pending: false });
    }
  });

  it('an acknowledged create shows once, under its server id', () => {
    const merged = mergeEntries(
      [{ ...base, Id: 42 }],
      [{ localId: 42, serverId: 42, data: { ...base, Id: 42 }, status: 'synced' }],
    );
    expect(merged).toHaveLength(1);
    expect(merged[0].pending).toBeFalsy();
  });
});

describe('clock commands', () => {
  it('accept a break that names its work entry by temporary id', async () => {
    const { CreateTimeEntryArgs } = await import('../../../src/features/time/commands');
    const parsed = CreateTimeEntryArgs.safeParse({
      Id: -2,
      entry: {
        Date: '2026-11-20',
        StartTime: '12:00:00',
        IsBreak: true,
        ParentTimeEntryID: -1,
        TimeEntryTypeID: 1,
        IcdOfficeID: 1,
        TimeZoneOffset: -300,
      },
      local: {},
    });
    expect(parsed.success).toBe(true);
  });
});
