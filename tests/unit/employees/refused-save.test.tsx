// A refused save of the employee forms (details & offices, security, profile): a reason the server
// gives for a field the form shows is said beside that field only, with no banner repeating it; a
// refusal naming no field keeps its banner above the form (the server's sentence), and a reason for a
// field the form does not show is listed in that banner under the sentence — never twice, never nowhere.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCreateEmployee } from '../../../src/features/employees/api';
import { EmployeeForm } from '../../../src/features/employees/employee-form';
import { formFromNew, newOffice, toPayload } from '../../../src/features/employees/form-state';
import { ProfileTab } from '../../../src/features/employees/profile-tab';
import { SecurityTab } from '../../../src/features/employees/security-tab';
import { type Handler, json } from '../api/helpers';
import { bannerTexts, errorBeside, refusal } from '../ui/refusal';
import { renderApp } from '../ui/render-app';

const BLANK = {
  FirstName: 'Iris',
  MiddleName: null,
  LastName: 'Vale',
  UserName: 'iris.vale',
  EmailAddress: null,
  Password: null,
  Inactive: false,
  InactiveDate: null,
  GlobalSiteID: null,
  UniqueID: null,
  ADPEmployeeID: null,
  MeridianEmployeeID: null,
  GlobalRoles: {},
  SendWelcomeEmail: false,
  IcdOffices: [],
};

const SECURITY = {
  EmployeeID: 7,
  UserName: 'iris.vale',
  Inactive: false,
  InactiveDate: null,
  HasPassword: true,
  PasswordChangedAt: null,
  Version: 3,
};

const PROFILE = {
  EmployeeID: 7,
  FirstName: 'Iris',
  MiddleName: null,
  LastName: 'Vale',
  EmailAddress: null,
  SSN: null,
  SSNMasked: false,
  BirthDate: null,
  GenderID: null,
  MaritalStatusID: null,
  WithholdingTypeID: null,
  StreetLine1: null,
  StreetLine2: null,
  City: null,
  StateProvince: null,
  PostalCode: null,
  CountryID: null,
  CellPhone: { PhoneNumber: '555 0100', Extension: null },
  HomePhone: null,
  EmergencyContactName: null,
  EmergencyContactPhone: null,
  HasImage: false,
  CanUpdate: true,
  Version: 4,
};

const TAKEN = 'This user name is already used.';

/** The details form of a new employee with one office, saved as the new-employee page saves it. */
function NewEmployeeForm() {
  const create = useCreateEmployee();
  return (
    <EmployeeForm
      initial={{ ...formFromNew(BLANK), IcdOffices: [newOffice(1, 'Toronto')] }}
      isNew
      canUpdate
      canChangeGlobalRoles={false}
      saving={create.isPending}
      onSave={(form) => create.mutateAsync(toPayload(form))}
    />
  );
}

async function saveNewEmployee(answer: Handler) {
  const { server } = await renderApp(<NewEmployeeForm />, { routes: { 'POST /api/employees': answer } });
  fireEvent.click(await screen.findByTestId('employee-save'));
  await waitFor(() => expect(server.callsTo('POST', '/api/employees')).toHaveLength(1));
}

async function saveSecurity(answer: Handler) {
  const { server } = await renderApp(<SecurityTab employeeId={7} canUpdate />, {
    routes: {
      'GET /api/employees/7/security': () => json(SECURITY),
      'PUT /api/employees/7/security': answer,
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.callsTo('PUT', '/api/employees/7/security')).toHaveLength(1));
}

async function saveProfile(answer: Handler) {
  const { server } = await renderApp(<ProfileTab employeeId={7} />, {
    routes: { 'GET /api/employees/7/profile': () => json(PROFILE), 'PUT /api/employees/7/profile': answer },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.callsTo('PUT', '/api/employees/7/profile')).toHaveLength(1));
}

describe('employee details form, refused', () => {
  it('says a reason of a field it shows beside the field only', async () => {
    await saveNewEmployee(refusal(400, TAKEN, { UserName: [TAKEN] }));
    await waitFor(() => expect(errorBeside(/^User name/)).toBe(TAKEN));
    expect(screen.getAllByText(TAKEN)).toHaveLength(1);
    expect(screen.queryByTestId('employee-save-error')).toBeNull();
  });

  it('keeps the banner for a refusal naming no field', async () => {
    await saveNewEmployee(refusal(422, 'The office is closed to new employees.'));
    expect((await screen.findByTestId('employee-save-error')).textContent).toContain(
      'The office is closed to new employees.',
    );
    expect(errorBeside(/^User name/)).toBeNull();
  });

  it("lists a reason of an unshown field under the server's sentence, and that reason only", async () => {
    const welcome = 'The welcome email needs an email address.';
    await saveNewEmployee(
      refusal(400, 'The employee could not be saved.', { SendWelcomeEmail: [welcome], UserName: [TAKEN] }),
    );
    const banner = await screen.findByTestId('employee-save-error');
    expect(banner.textContent).toContain('The employee could not be saved.');
    expect(banner.textContent).toContain(welcome);
    expect(banner.textContent).not.toContain(TAKEN);
    expect(errorBeside(/^User name/)).toBe(TAKEN);
  });

  it('says an employee changed meanwhile in its own words', async () => {
    await saveNewEmployee(refusal(409, 'The record was changed by someone else.'));
    expect((await screen.findByTestId('employee-save-error')).textContent).toContain(
      'Someone else changed this employee meanwhile.',
    );
  });
});

describe('employee security form, refused', () => {
  it('says a reason of a field it shows beside the field only', async () => {
    await saveSecurity(refusal(400, TAKEN, { UserName: [TAKEN] }));
    await waitFor(() => expect(errorBeside('User name')).toBe(TAKEN));
    expect(screen.getAllByText(TAKEN)).toHaveLength(1);
    expect(bannerTexts()).toEqual([]);
  });

  it('keeps the banner for a refusal naming no field', async () => {
    await saveSecurity(refusal(422, 'The account is locked.'));
    await waitFor(() => expect(bannerTexts()).toEqual(['The account is locked.']));
  });

  it('lists a reason of a field it does not show (Inactive) in the banner, not a shown one', async () => {
    const own = 'You cannot make your own account inactive.';
    await saveSecurity(
      refusal(400, 'The account could not be saved.', { Inactive: [own], UserName: [TAKEN] }),
    );
    await waitFor(() => expect(bannerTexts()).toEqual([`The account could not be saved.${own}`]));
    expect(errorBeside('User name')).toBe(TAKEN);
  });
});

describe('employee profile form, refused', () => {
  it('says a reason of a field it shows beside the field only (the cell phone)', async () => {
    const digits = 'Use digits, spaces and + ( ) - . only';
    await saveProfile(refusal(400, digits, { 'CellPhone.PhoneNumber': [digits] }));
    await waitFor(() => expect(errorBeside('Cell phone')).toBe(digits));
    expect(screen.getAllByText(digits)).toHaveLength(1);
    expect(bannerTexts()).toEqual([]);
  });

  it('keeps the banner for a refusal naming no field', async () => {
    await saveProfile(refusal(422, 'The employee was merged into another record.'));
    await waitFor(() => expect(bannerTexts()).toEqual(['The employee was merged into another record.']));
  });

  it('lists a reason of a field it does not show (the country) in the banner, not a shown one', async () => {
    const country = 'This country is not served.';
    const digits = 'Use digits, spaces and + ( ) - . only';
    await saveProfile(
      refusal(400, 'The profile could not be saved.', {
        CountryID: [country],
        'CellPhone.PhoneNumber': [digits],
      }),
    );
    await waitFor(() => expect(bannerTexts()).toEqual([`The profile could not be saved.${country}`]));
    expect(errorBeside('Cell phone')).toBe(digits);
  });
});
