// Teams opens on an office that has a team, not on the first office by name that has none.
import { describe, expect, it } from 'vitest';
import { openingOffice } from '../../../src/features/teams/teams-page';

const calgary = { IcdOfficeID: 3, OfficeName: 'Calgary South' };
const chicago = { IcdOfficeID: 4, OfficeName: 'Chicago Loop' };
const toronto = { IcdOfficeID: 1, OfficeName: 'Toronto Central' };
const offices = [calgary, chicago, toronto];

describe('openingOffice', () => {
  it('skips offices with no team', () => {
    expect(openingOffice(offices, [{ IcdOfficeID: 1 }], null)).toBe(toronto);
  });

  it('keeps the office chosen last when it has a team, not when it has none', () => {
    expect(openingOffice(offices, [{ IcdOfficeID: 1 }, { IcdOfficeID: 4 }], 4)).toBe(chicago);
    expect(openingOffice(offices, [{ IcdOfficeID: 1 }, { IcdOfficeID: 4 }], 3)).toBe(chicago);
  });

  it('with no team anywhere: the office chosen last, else the first, else none', () => {
    expect(openingOffice(offices, [], 4)).toBe(chicago);
    expect(openingOffice(offices, [], null)).toBe(calgary);
    expect(openingOffice([], [], 4)).toBeNull();
  });
});
