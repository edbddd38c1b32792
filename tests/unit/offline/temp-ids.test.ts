import { describe, expect, it } from 'vitest';
import {
  collectTempRefs,
  isIdKey,
  makeEntityKey,
  parseEntityKey,
  pathTempRefs,
  rewriteEntityKey,
  rewritePath,
  rewriteTempId,
} from '../../../src/offline/temp-ids';

describe('entity keys', () => {
  it('round-trip entity and id', () => {
    expect(makeEntityKey('timeEntry', -3)).toBe('timeEntry:-3');
    expect(parseEntityKey('timeEntry:-3')).toEqual({ entity: 'timeEntry', id: -3 });
    expect(parseEntityKey('scheduleEvent.assignment:812')).toEqual({
      entity: 'scheduleEvent.assignment',
      id: 812,
    });
    expect(parseEntityKey('lead:abc')).toEqual({ entity: 'lead', id: 'abc' });
    expect(rewriteEntityKey('timeEntry:-3', -3, 812)).toBe('timeEntry:812');
    expect(rewriteEntityKey('timeEntry:-31', -3, 812)).toBe('timeEntry:-31');
  });
});

describe('temporary id references', () => {
  it('recognises id-named fields only', () => {
    for (const key of ['TimeEntryID', 'ParentTimeEntryID', 'clientId', 'payrollID', 'id', 'LeadIDs']) {
      expect(isIdKey(key), key).toBe(true);
    }
    for (const key of ['TimeZoneOffset', 'paid', 'Idle', 'Width', 'Notes'])
      expect(isIdKey(key), key).toBe(false);
  });

  it('finds them in paths, id fields (deep, arrays) and entity keys, never in other numbers', () => {
    expect(pathTempRefs('time-entries/-3/breaks/-4?parentID=-5&offset=10')).toEqual([-3, -4, -5]);
    expect(pathTempRefs('reports?from=2026-01-01')).toEqual([]);
    expect(
      collectTempRefs({
        entityKey: 'timeEntry:-1',
        path: 'time-entries/-2',
        values: [
          {
            TimeZoneOffset: -300,
            ParentTimeEntryID: -3,
            Breaks: [{ BreakID: -4, Minutes: -5 }],
            LeadIDs: [-6, 7],
          },
        ],
      }),
    ).toEqual([-1, -2, -3, -4, -6]);
  });

  it('rewrites paths and id fields, leaving everything else alone', () => {
    expect(rewritePath('time-entries/-3', -3, 812)).toBe('time-entries/812');
    expect(rewritePath('time-entries/-3/breaks/-3?parentID=-3', -3, 812)).toBe(
      'time-entries/812/breaks/812?parentID=812',
    );
    expect(rewritePath('time-entries/-31', -3, 812)).toBe('time-entries/-31');
    const body = {
      TimeEntryID: -3,
      ParentTimeEntryID: -3,
      TimeZoneOffset: -3,
      Notes: '-3',
      Breaks: [{ ParentTimeEntryID: -3, Minutes: -3 }],
      LeadIDs: [-3, 5],
    };
    expect(rewriteTempId(body, -3, 812)).toEqual({
      TimeEntryID: 812,
      ParentTimeEntryID: 812,
      TimeZoneOffset: -3,
      Notes: '-3',
      Breaks: [{ ParentTimeEntryID: 812, Minutes: -3 }],
      LeadIDs: [812, 5],
    });
    expect(body.TimeEntryID).toBe(-3); // not mutated
  });
});
