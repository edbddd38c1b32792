// The corners of temporary-id handling: keys with odd ids, which field names count as ids, where a
// negative number in a path is an id, and that a rewrite touches only the one temporary id asked for.
import { describe, expect, it } from 'vitest';
import {
  collectTempRefs,
  entityTempId,
  isIdKey,
  isTempId,
  makeEntityKey,
  parseEntityKey,
  pathTempRefs,
  rewriteEntityKey,
  rewritePath,
  rewriteTempId,
} from '../../../src/offline/temp-ids';

describe('entity keys', () => {
  it('split at the last colon; numeric ids become numbers, others stay text', () => {
    expect(parseEntityKey('lead:4411')).toEqual({ entity: 'lead', id: 4411 });
    expect(parseEntityKey('timeEntry:-3')).toEqual({ entity: 'timeEntry', id: -3 });
    expect(parseEntityKey('report:weekly:-7')).toEqual({ entity: 'report:weekly', id: -7 });
    expect(parseEntityKey('setting:theme')).toEqual({ entity: 'setting', id: 'theme' });
    expect(parseEntityKey('lead:12a')).toEqual({ entity: 'lead', id: '12a' });
    expect(parseEntityKey('lead:a12')).toEqual({ entity: 'lead', id: 'a12' });
    expect(parseEntityKey('orphan')).toEqual({ entity: 'orphan', id: '' });
    expect(parseEntityKey(':5')).toEqual({ entity: '', id: 5 });
    expect(parseEntityKey(makeEntityKey('x', 'y'))).toEqual({ entity: 'x', id: 'y' });
  });

  it('a temporary id is a negative integer, nothing else', () => {
    expect(isTempId(-1)).toBe(true);
    for (const value of [0, 1, -1.5, '-3', null, undefined, Number.NaN]) expect(isTempId(value)).toBe(false);
    expect(entityTempId('timeEntry:-9')).toBe(-9);
    expect(entityTempId('timeEntry:9')).toBeUndefined();
    expect(entityTempId('setting:-x')).toBeUndefined();
  });
});

describe('id-named fields', () => {
  it('are id, ids and names ending in Id/ID (optionally plural); other names are not', () => {
    for (const key of ['id', 'ids', 'LeadID', 'clientId', 'LeadIDs', 'payrollID', 'ParentTimeEntryID'])
      expect(isIdKey(key)).toBe(true);
    for (const key of ['valid', 'paid', 'Hidden', 'idle', 'Identity', 'TimeZoneOffset', 'grid', 'xid'])
      expect(isIdKey(key)).toBe(false);
  });

  it('are searched deep in objects and arrays, only in plain objects', () => {
    const refs = collectTempRefs({
      values: [
        { Lines: [{ LeadID: -4 }, { Notes: 'x', Offset: -5 }], Owners: { EmployeeIDs: [-6, 7, -6] } },
        [{ id: -8 }],
        { At: new Date(0), Map: new Map([['LeadID', -9]]) },
        null,
        'text',
      ],
    });
    expect(refs).toEqual([-4, -6, -8]);
  });

  it('in a deep array of ids, only the temporary ones count', () => {
    expect(collectTempRefs({ values: [{ LeadIDs: [3, -2, 0, -10] }] })).toEqual([-2, -10]);
    expect(collectTempRefs({ values: [{ LeadIDs: [[-2]] }] })).toEqual([]);
  });

  it('an object without a prototype is searched too', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.LeadID = -12;
    expect(collectTempRefs({ values: [bare] })).toEqual([-12]);
    expect(rewriteTempId(bare, -12, 40)).toEqual({ LeadID: 40 });
  });
});

describe('paths', () => {
  it('hold temporary ids as whole segments or query values only', () => {
    expect(pathTempRefs('-3')).toEqual([-3]);
    expect(pathTempRefs('a/-12')).toEqual([-12]);
    expect(pathTempRefs('time-entries/-3')).toEqual([-3]);
    expect(pathTempRefs('time-entries/-3/breaks?parentID=-4&x=1')).toEqual([-3, -4]);
    expect(pathTempRefs('a/-5#top')).toEqual([-5]);
    expect(pathTempRefs('a/-5?')).toEqual([-5]);
    expect(pathTempRefs('week-2/day-3')).toEqual([]);
    expect(pathTempRefs('a/-5x')).toEqual([]);
    expect(pathTempRefs('a/5')).toEqual([]);
  });

  it('collects the key, the path and the values together, each once, latest temporary id first', () => {
    expect(
      collectTempRefs({
        entityKey: 'timeEntry:-2',
        path: 'time-entries/-2/breaks?leadID=-11',
        values: [{ ParentTimeEntryID: -2 }, { LeadID: -5 }],
      }),
    ).toEqual([-2, -5, -11]);
    expect(collectTempRefs({ entityKey: 'timeEntry:5', path: 'x/5' })).toEqual([]);
    expect(collectTempRefs({})).toEqual([]);
  });
});

describe('rewriting one temporary id', () => {
  it('replaces it in id fields and id arrays, deep, and leaves everything else as it was', () => {
    const before = {
      TimeEntryID: -3,
      ParentTimeEntryID: -4,
      TimeZoneOffset: -3,
      LeadIDs: [-3, -4, 5],
      Other: [-3],
      Nested: [{ id: -3, note: -3 }],
      When: new Date(0),
      Empty: null,
    };
    const after = rewriteTempId(before, -3, 812);
    expect(after).toEqual({
      TimeEntryID: 812,
      ParentTimeEntryID: -4,
      TimeZoneOffset: -3,
      LeadIDs: [812, -4, 5],
      Other: [-3],
      Nested: [{ id: 812, note: -3 }],
      When: new Date(0),
      Empty: null,
    });
    expect(after.When).toBe(before.When);
    expect(before.TimeEntryID).toBe(-3);
    expect(rewriteTempId({ LeadIDs: [1, 2] }, -3, 9)).toEqual({ LeadIDs: [1, 2] });
    expect(rewriteTempId([{ id: -3 }, -3], -3, 'srv-1')).toEqual([{ id: 'srv-1' }, -3]);
    expect(rewriteTempId('x', -3, 1)).toBe('x');
  });

  it('in paths and keys, only that id', () => {
    expect(rewritePath('time-entries/-3/breaks/-33?parentID=-3&leadID=-4', -3, 812)).toBe(
      'time-entries/812/breaks/-33?parentID=812&leadID=-4',
    );
    expect(rewritePath('-3', -3, 'abc')).toBe('abc');
    expect(rewriteEntityKey('timeEntry:-3', -3, 812)).toBe('timeEntry:812');
    expect(rewriteEntityKey('timeEntry:-4', -3, 812)).toBe('timeEntry:-4');
    expect(rewriteEntityKey('timeEntry:3', -3, 812)).toBe('timeEntry:3');
  });
});
