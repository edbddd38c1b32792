// The directories form: server field messages by field, and the values a form starts from.
import { describe, expect, it } from 'vitest';
import { formValues, KINDS } from '../../../src/features/directories/kinds';
import { byField } from '../../../src/features/directories/record-form';

describe('byField', () => {
  it('keeps the first message of each field, an array item counting as its field', () => {
    expect(
      byField({
        'IcdCorporationIDs.0': ['Too small'],
        IcdCorporationIDs: ['Northwind is already in the hub Toronto Hub.'],
        EmailAddress: ['Enter a valid e-mail address', 'second'],
      }),
    ).toEqual({ IcdCorporationIDs: 'Too small', EmailAddress: 'Enter a valid e-mail address' });
    expect(byField(undefined)).toEqual({});
  });
});

describe('formValues', () => {
  it('starts a new record with empty text and no links, so a missing name gets its message', () => {
    const values = formValues(KINDS['regional-consultants'], null);
    expect(values).toEqual({
      FirstName: '',
      LastName: '',
      EmailAddress: '',
      PhoneNumber: '',
      NationalConsultantID: null,
      StateProvinceIDs: [],
      Notes: '',
    });
    const parsed = KINDS['regional-consultants'].save.safeParse(values);
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(
      (parsed.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
    );
    expect(messages).toEqual({ FirstName: 'Enter a first name', LastName: 'Enter a last name' });
  });

  it('reads a saved record back into its fields', () => {
    const hub = {
      Id: 3,
      Name: 'Toronto Hub',
      City: 'Toronto',
      StateProvinceID: 9,
      StateName: 'Ontario',
      ContactName: null,
      EmailAddress: null,
      PhoneNumber: '+1 416 555 0190',
      RegionalConsultantID: 1,
      RegionalConsultantName: 'Liam Brooks',
      Notes: null,
      Corporations: [{ IcdCorporationID: 1, ClientName: 'Northwind Field Marketing Inc.' }],
      IsNew: false as const,
      Version: 4,
    };
    expect(formValues(KINDS.hubs, hub)).toEqual({
      Name: 'Toronto Hub',
      City: 'Toronto',
      StateProvinceID: 9,
      ContactName: '',
      EmailAddress: '',
      PhoneNumber: '+1 416 555 0190',
      RegionalConsultantID: 1,
      IcdCorporationIDs: [1],
      Notes: '',
    });
  });
});
