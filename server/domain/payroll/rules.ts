// Overtime rules per jurisdiction, as data (the algorithm is in classify.ts). Thresholds in minutes.
// Every workweek starts on Monday (WorkweekStartsOn 1), as the product's timekeeping weeks do
// (server/domain/time/week.ts) — one choice for all jurisdictions, stated here.
//
// - US federal (FLSA): over 40 h in a workweek at 1.5×. Illinois follows the same rule.
// - California (Labor Code §510, §512): over 8 h a day and over 40 straight-time hours a week at 1.5×;
//   over 12 h a day at 2×; on the 7th consecutive workday of a workweek the first 8 h at 1.5× and
//   beyond 8 h at 2×; a day with more than 5 h of work and no meal break of 30 minutes (or more than
//   10 h and fewer than two) earns one hour of meal period premium at the regular rate (one a day).
// - Ontario (ESA): over 44 h a week at 1.5×.
// - British Columbia (ESA s.40): over 8 h a day at 1.5×, over 12 h a day at 2×, over 40 straight-time
//   hours a week at 1.5×.
// - Alberta (ESC s.21–22): over 8 h a day or over 44 h a week, whichever is greater, at 1.5×. Counting
//   the weekly threshold on straight-time minutes only gives exactly "the greater of the two":
//   daily + max(0, straight − 44 h) = max(daily, total − 44 h).
// - Other Canadian provinces: the Canada Labour Code (over 8 h a day or 40 h a week at 1.5×).
import type { JurisdictionRules } from './types';

const H = 60;

const base = {
  WorkweekStartsOn: 1,
  DailyOvertimeAfter: null,
  DailyDoubleTimeAfter: null,
  WeeklyOvertimeAfter: null,
  SeventhDay: null,
  OvertimeMultiplier: 1.5,
  DoubleTimeMultiplier: 2,
  MealBreak: null,
} satisfies Partial<JurisdictionRules>;

export const US_FEDERAL: JurisdictionRules = {
  ...base,
  Code: 'US',
  Name: 'United States (federal)',
  CountryID: 1,
  WeeklyOvertimeAfter: 40 * H,
};

export const ILLINOIS: JurisdictionRules = { ...US_FEDERAL, Code: 'US-IL', Name: 'Illinois' };

export const CALIFORNIA: JurisdictionRules = {
  ...base,
  Code: 'US-CA',
  Name: 'California',
  CountryID: 1,
  DailyOvertimeAfter: 8 * H,
  DailyDoubleTimeAfter: 12 * H,
  WeeklyOvertimeAfter: 40 * H,
  SeventhDay: { OvertimeUpTo: 8 * H },
  MealBreak: { AfterWorkMinutes: 5 * H, SecondAfterWorkMinutes: 10 * H, MinimumBreakMinutes: 30 },
};

export const ONTARIO: JurisdictionRules = {
  ...base,
  Code: 'CA-ON',
  Name: 'Ontario',
  CountryID: 2,
  WeeklyOvertimeAfter: 44 * H,
};

export const BRITISH_COLUMBIA: JurisdictionRules = {
  ...base,
  Code: 'CA-BC',
  Name: 'British Columbia',
  CountryID: 2,
  DailyOvertimeAfter: 8 * H,
  DailyDoubleTimeAfter: 12 * H,
  WeeklyOvertimeAfter: 40 * H,
};

export const ALBERTA: JurisdictionRules = {
  ...base,
  Code: 'CA-AB',
  Name: 'Alberta',
  CountryID: 2,
  DailyOvertimeAfter: 8 * H,
  WeeklyOvertimeAfter: 44 * H,
};

export const CANADA_FEDERAL: JurisdictionRules = {
  ...base,
  Code: 'CA',
  Name: 'Canada (Labour Code)',
  CountryID: 2,
  DailyOvertimeAfter: 8 * H,
  WeeklyOvertimeAfter: 40 * H,
};

export const JURISDICTIONS: readonly JurisdictionRules[] = [
  US_FEDERAL,
  ILLINOIS,
  CALIFORNIA,
  ONTARIO,
  BRITISH_COLUMBIA,
  ALBERTA,
  CANADA_FEDERAL,
];

const BY_STATE: Record<string, JurisdictionRules> = {
  '1:CA': CALIFORNIA,
  '1:IL': ILLINOIS,
  '2:ON': ONTARIO,
  '2:BC': BRITISH_COLUMBIA,
  '2:AB': ALBERTA,
};

const STATE_NAMES: Record<string, string> = {
  CALIFORNIA: 'CA',
  ILLINOIS: 'IL',
  ONTARIO: 'ON',
  'BRITISH COLUMBIA': 'BC',
  ALBERTA: 'AB',
};

/**
 * The rules of an office's jurisdiction: CountryID 1 = US, 2 = Canada; StateProvince as a code
 * ('CA', 'ON') or a name ('California'). Unknown states fall back to the country's default (US
 * federal; the Canada Labour Code); an unknown country to US federal.
 */
export function jurisdictionOf(
  countryId: number | null | undefined,
  stateProvince: string | null | undefined,
): JurisdictionRules {
  const raw = (stateProvince ?? '').trim().toUpperCase();
  const code = STATE_NAMES[raw] ?? raw;
  const found = BY_STATE[`${countryId}:${code}`];
  if (found) return found;
  return countryId === 2 ? CANADA_FEDERAL : US_FEDERAL;
}
