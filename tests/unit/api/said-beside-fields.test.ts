// A refused save whose every reason is said beside its field shows no banner above the form (it would
// only repeat them); a refusal naming no field, or a field the form does not show, keeps its banner.
import { describe, expect, it } from 'vitest';
import { AbortedConnectionError, ResponseError } from '../../../src/api/errors';
import {
  formFields,
  problemNeedsBanner,
  saidBesideFields,
  saveProblem,
} from '../../../src/api/save-problems';

const policy = formFields('Name', 'EndDate', 'Tiers', 'Tiers.*', 'Deductions.*.Rate');

describe('formFields', () => {
  it('knows exact keys and the rows of a list, not their neighbours', () => {
    expect(
      ['Name', 'EndDate', 'Tiers', 'Tiers.0', 'Tiers.12.From', 'Deductions.3.Rate'].filter(policy),
    ).toEqual(['Name', 'EndDate', 'Tiers', 'Tiers.0', 'Tiers.12.From', 'Deductions.3.Rate']);
    for (const key of [
      'Names',
      'RetailerID',
      'Tiers.x',
      'TiersX.0',
      'Deductions.3.Amount',
      'Deductions.Rate',
    ])
      expect(policy(key), key).toBe(false);
  });

  it('reads a row index in brackets as the same row', () => {
    expect(['Tiers[0]', 'Tiers[12].From', 'Deductions[3].Rate'].filter(policy)).toEqual([
      'Tiers[0]',
      'Tiers[12].From',
      'Deductions[3].Rate',
    ]);
    expect(policy('Deductions[3].Amount')).toBe(false);
    expect(policy('Name[0]')).toBe(false);
  });
});

describe('saidBesideFields', () => {
  it('is true when every message is on a field the form shows', () => {
    expect(saidBesideFields({ EndDate: ['The end date must be on or after the start date'] }, policy)).toBe(
      true,
    );
    expect(saidBesideFields({ Name: ['Taken'], 'Tiers.1.To': ['Gap'] }, policy)).toBe(true);
    // The organisation forms keep the first message of each field as a string.
    expect(saidBesideFields({ Name: 'Taken' }, policy)).toBe(true);
  });

  it('is false when a message has no field to stand beside, or there are none', () => {
    expect(saidBesideFields({ Name: ['Taken'], RetailerID: ['Unknown retailer'] }, policy)).toBe(false);
    expect(saidBesideFields({}, policy)).toBe(false);
    expect(saidBesideFields({ Name: [] }, policy)).toBe(false);
  });
});

describe('problemNeedsBanner', () => {
  const needsBanner = (err: unknown, isField: (key: string) => boolean) =>
    problemNeedsBanner(saveProblem(err), isField);
  const refused = (status: number, Errors?: Record<string, string[]>) =>
    new ResponseError({ status, data: { Message: 'The request is not valid.', Errors } });

  it('is false for a refusal whose every reason names a field the form shows', () => {
    expect(needsBanner(refused(400, { Name: ['Taken'], 'Tiers.1.To': ['Gap'] }), policy)).toBe(false);
    expect(needsBanner(refused(422, { EndDate: ['Before the start'] }), policy)).toBe(false);
  });

  it('is true for a refusal naming no field or one the form does not show, a 409, or no answer', () => {
    expect(needsBanner(refused(422), policy)).toBe(true);
    expect(needsBanner(refused(400, { Name: ['Taken'], RetailerID: ['Unknown'] }), policy)).toBe(true);
    expect(needsBanner(refused(409, { Name: ['Taken'] }), policy)).toBe(true);
    expect(needsBanner(new AbortedConnectionError({ aborted: false }), policy)).toBe(true);
    expect(needsBanner(new Error('boom'), policy)).toBe(true);
  });
});
