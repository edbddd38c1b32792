// The applicant's field saves as offline commands: the request and the draft name one entity (so the
// sync engine finds the draft again when the server acknowledges, and the form stops showing the
// value as waiting), and the step grouping and review-comment marks.
import { describe, expect, it } from 'vitest';
import { FIELD_ENTITY, saveFieldCommand } from '../../../src/features/onboarding/applicant/commands';
import { commentsByStep, formValue, stepOfField } from '../../../src/features/onboarding/applicant/steps';
import { commandRegistry } from '../../../src/offline/commands';
import { parseEntityKey } from '../../../src/offline/temp-ids';

describe('onboardingField.save', () => {
  const def = commandRegistry.require(saveFieldCommand.name);
  const args = { OnboardingApplicationID: 6, OnboardingReferenceFieldID: 12, Value: '(416) 555-0100' };

  it('PUTs the value to the field of the application', () => {
    expect(def.toRequest(args)).toMatchObject({
      method: 'PUT',
      path: 'onboarding-applications/6/fields/12',
      body: { Value: '(416) 555-0100' },
    });
  });

  it("keys the request by the draft's entity and id", () => {
    const draft = def.draft?.(args);
    const key = parseEntityKey(def.toRequest(args).entityKey);
    expect(key).toEqual({ entity: FIELD_ENTITY, id: draft?.localId });
    // Two fields of one application are two entities (their saves never overwrite each other).
    const other = def.toRequest({ ...args, OnboardingReferenceFieldID: 13 }).entityKey;
    expect(other).not.toBe(def.toRequest(args).entityKey);
  });
});

describe('steps', () => {
  it('groups fields by name and marks the steps the review comments concern', () => {
    expect(stepOfField('SIN')).toBe('tax');
    expect(stepOfField('Emergency contact phone')).toBe('contact');
    expect(stepOfField('Bank account')).toBe('bank');
    expect(stepOfField('T-shirt size')).toBe('personal');
    expect(
      commentsByStep({ FedW4Error: 'Fix the SIN.', ProvW4Error: null, I9Error: ' ', DDerror: 'Wrong bank.' }),
    ).toEqual({ tax: ['Fix the SIN.'], bank: ['Wrong bank.'] });
  });

  it("reads a date field's revived day as its calendar day", () => {
    expect(formValue(new Date(2026, 2, 2))).toBe('2026-03-02');
    expect(formValue(null)).toBe('');
  });
});
