// The employee form's payload: termination fields only when the status denies portal access, offices
// the caller may not change left out, empty texts as null, only the flags set; server messages mapped
// back to the form's offices.
import { describe, expect, it } from 'vitest';
import { EmployeeSave } from '../../../src/contract/employees';
import {
  errorsByField,
  type FormState,
  newOffice,
  toPayload,
} from '../../../src/features/employees/form-state';

function form(): FormState {
  return {
    FirstName: ' Iris ',
    MiddleName: '',
    LastName: 'Vale',
    UserName: 'iris.vale',
    EmailAddress: '',
    Password: '',
    Inactive: false,
    GlobalSiteID: '',
    UniqueID: '',
    ADPEmployeeID: 'ADP1',
    MeridianEmployeeID: '',
    GlobalRoles: { 8: true, 9: false },
    SendWelcomeEmail: false,
    IcdOffices: [
      {
        ...newOffice(1, 'Toronto'),
        TerminationDate: '2026-03-01',
        TerminationReasonID: 2,
        Roles: { 5: true, 6: false },
      },
      {
        ...newOffice(2, 'Vancouver'),
        EmployeeStatusID: 2,
        HireDate: '2026-01-05',
        TerminationDate: '2026-03-01',
        TerminationReasonID: 2,
      },
      { ...newOffice(3, 'Calgary'), CanUpdate: false },
    ],
  };
}

describe('toPayload', () => {
  it('sends termination fields only for a status that denies portal access', () => {
    const p = toPayload(form());
    expect(p.IcdOffices[0]).not.toHaveProperty('TerminationDate');
    expect(p.IcdOffices[0]).not.toHaveProperty('TerminationReasonID');
    expect(p.IcdOffices[1]).toMatchObject({
      TerminationDate: '2026-03-01',
      TerminationReasonID: 2,
      TerminationReasonExtra: null,
    });
    expect(EmployeeSave.safeParse(p).success).toBe(true);
  });

  it('leaves out offices the caller may not change; texts trimmed, empty as null; only flags set', () => {
    const p = toPayload(form());
    expect(p.IcdOffices.map((o) => o.IcdOfficeID)).toEqual([1, 2]);
    expect(p).toMatchObject({
      FirstName: 'Iris',
      MiddleName: null,
      EmailAddress: null,
      Password: null,
      ADPEmployeeID: 'ADP1',
    });
    expect(p.GlobalRoles).toEqual({ 8: true });
    expect(p.IcdOffices[0].Roles).toEqual({ 5: true });
  });
});

describe('errorsByField', () => {
  it("maps the payload's office index to the form's and role messages to their list", () => {
    const f = form();
    f.IcdOffices = [f.IcdOffices[2], f.IcdOffices[0], f.IcdOffices[1]];
    const errors = errorsByField(
      {
        'IcdOffices.1.TerminationDate': ['Enter the termination date'],
        'IcdOffices.0.Roles.99': ['This role does not exist'],
        UserName: ['This user name is taken', 'second'],
      },
      f,
    );
    expect(errors).toEqual({
      'IcdOffices.2.TerminationDate': 'Enter the termination date',
      'IcdOffices.1.Roles': 'This role does not exist',
      UserName: 'This user name is taken',
    });
  });
});
