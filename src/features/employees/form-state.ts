// The employee form's state and how it becomes the save payload of spec 001 §3: termination fields are
// sent only when the office's status denies portal access, offices the caller may not change are not
// sent, and messages come back by field ('IcdOffices.0.TerminationDate').

import { formFields } from '../../api/save-problems';
import {
  blankOffice,
  dayText,
  type EmployeeDetail,
  type EmployeeSave,
  type IdFlags,
  type NewEmployee,
} from '../../contract/employees';
import { allowsPortalAccess } from '../../contract/lookups';

export interface OfficeState {
  IcdOfficeID: number;
  OfficeName: string;
  /** false: shown read-only and not sent. */
  CanUpdate: boolean;
  /** Saved already (an employment record exists). */
  Existing: boolean;
  EmployeeStatusID: number;
  PayFrequencyID: number | null;
  BasisOfPayID: number | null;
  HireDate: string;
  TerminationDate: string;
  TerminationReasonID: number | null;
  TerminationReasonExtra: string;
  JobTitleID: number | null;
  PayRate: number | '';
  CommissionThreshold: number | '';
  CompensationProfileID: number | null;
  DefaultHours: number | '';
  Salary: number | '';
  Garnishment: number | '';
  TimeClock: boolean;
  RequireBreak: boolean;
  IsOnPayroll: boolean;
  TrackRealTime: boolean;
  Divisions: number[];
  Roles: IdFlags;
  AdministeredModules: IdFlags;
  OnboardingApplicationID: number | null;
}

export interface FormState {
  FirstName: string;
  MiddleName: string;
  LastName: string;
  UserName: string;
  EmailAddress: string;
  Password: string;
  Inactive: boolean;
  GlobalSiteID: string;
  UniqueID: string;
  ADPEmployeeID: string;
  MeridianEmployeeID: string;
  GlobalRoles: IdFlags;
  SendWelcomeEmail: boolean;
  IcdOffices: OfficeState[];
}

const str = (v: string | null | undefined) => v ?? '';
const numOrEmpty = (v: number | null | undefined): number | '' => (v === null || v === undefined ? '' : v);

type DetailOffice = EmployeeDetail['IcdOffices'][number];
type OfficeSource = Partial<DetailOffice> &
  Pick<
    DetailOffice,
    | 'IcdOfficeID'
    | 'EmployeeStatusID'
    | 'TimeClock'
    | 'RequireBreak'
    | 'IsOnPayroll'
    | 'TrackRealTime'
    | 'Divisions'
    | 'Roles'
    | 'AdministeredModules'
  >;

export function officeState(o: OfficeSource, name: string): OfficeState {
  return {
    IcdOfficeID: o.IcdOfficeID,
    OfficeName: o.OfficeName ?? name,
    CanUpdate: o.CanUpdate ?? true,
    Existing: o.EmploymentRecordID !== undefined,
    EmployeeStatusID: o.EmployeeStatusID,
    PayFrequencyID: o.PayFrequencyID ?? null,
    BasisOfPayID: o.BasisOfPayID ?? null,
    HireDate: dayText(o.HireDate),
    TerminationDate: dayText(o.TerminationDate),
    TerminationReasonID: o.TerminationReasonID ?? null,
    TerminationReasonExtra: str(o.TerminationReasonExtra),
    JobTitleID: o.JobTitleID ?? null,
    PayRate: numOrEmpty(o.PayRate),
    CommissionThreshold: numOrEmpty(o.CommissionThreshold),
    CompensationProfileID: o.CompensationProfileID ?? null,
    DefaultHours: numOrEmpty(o.DefaultHours),
    Salary: numOrEmpty(o.Salary),
    Garnishment: numOrEmpty(o.Garnishment),
    TimeClock: o.TimeClock,
    RequireBreak: o.RequireBreak,
    IsOnPayroll: o.IsOnPayroll,
    TrackRealTime: o.TrackRealTime,
    Divisions: [...o.Divisions],
    Roles: { ...o.Roles },
    AdministeredModules: { ...o.AdministeredModules },
    OnboardingApplicationID: o.OnboardingApplicationID ?? null,
  };
}

export function newOffice(officeId: number, name: string): OfficeState {
  return officeState(blankOffice(officeId), name);
}

export function formFromNew(blank: NewEmployee): FormState {
  return {
    FirstName: blank.FirstName,
    MiddleName: str(blank.MiddleName),
    LastName: blank.LastName,
    UserName: blank.UserName,
    EmailAddress: str(blank.EmailAddress),
    Password: '',
    Inactive: blank.Inactive,
    GlobalSiteID: '',
    UniqueID: '',
    ADPEmployeeID: '',
    MeridianEmployeeID: '',
    GlobalRoles: { ...blank.GlobalRoles },
    SendWelcomeEmail: blank.SendWelcomeEmail,
    IcdOffices: [],
  };
}

export function formFromDetail(d: EmployeeDetail): FormState {
  return {
    FirstName: d.FirstName,
    MiddleName: str(d.MiddleName),
    LastName: d.LastName,
    UserName: d.UserName,
    EmailAddress: str(d.EmailAddress),
    Password: '',
    Inactive: d.Inactive,
    GlobalSiteID: str(d.GlobalSiteID),
    UniqueID: str(d.UniqueID),
    ADPEmployeeID: str(d.ADPEmployeeID),
    MeridianEmployeeID: str(d.MeridianEmployeeID),
    GlobalRoles: { ...d.GlobalRoles },
    SendWelcomeEmail: false,
    IcdOffices: d.IcdOffices.map((o) => officeState(o, o.OfficeName)),
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const numOrNull = (v: number | '') => (v === '' ? null : v);

/** Only the flags set (a map of true). */
const onlyTrue = (flags: IdFlags): IdFlags =>
  Object.fromEntries(Object.entries(flags).filter(([, on]) => on));

export function toPayload(f: FormState): EmployeeSave {
  return {
    FirstName: f.FirstName.trim(),
    MiddleName: orNull(f.MiddleName),
    LastName: f.LastName.trim(),
    UserName: f.UserName.trim(),
    EmailAddress: orNull(f.EmailAddress),
    Password: f.Password === '' ? null : f.Password,
    Inactive: f.Inactive,
    GlobalSiteID: orNull(f.GlobalSiteID),
    UniqueID: orNull(f.UniqueID),
    ADPEmployeeID: orNull(f.ADPEmployeeID),
    MeridianEmployeeID: orNull(f.MeridianEmployeeID),
    GlobalRoles: onlyTrue(f.GlobalRoles),
    SendWelcomeEmail: f.SendWelcomeEmail,
    IcdOffices: f.IcdOffices.filter((o) => o.CanUpdate).map((o) => {
      const entry = {
        EmployeeStatusID: o.EmployeeStatusID,
        PayFrequencyID: o.PayFrequencyID,
        BasisOfPayID: o.BasisOfPayID,
        HireDate: orNull(o.HireDate),
        IcdOfficeID: o.IcdOfficeID,
        JobTitleID: o.JobTitleID,
        PayRate: numOrNull(o.PayRate),
        CommissionThreshold: numOrNull(o.CommissionThreshold),
        CompensationProfileID: o.CompensationProfileID,
        DefaultHours: numOrNull(o.DefaultHours),
        Salary: numOrNull(o.Salary),
        Garnishment: numOrNull(o.Garnishment),
        TimeClock: o.TimeClock,
        RequireBreak: o.RequireBreak,
        IsOnPayroll: o.IsOnPayroll,
        TrackRealTime: o.TrackRealTime,
        Divisions: o.Divisions,
        Roles: onlyTrue(o.Roles),
        AdministeredModules: onlyTrue(o.AdministeredModules),
        OnboardingApplicationID: o.OnboardingApplicationID,
      };
      // Termination fields only when the status does not allow portal access.
      if (allowsPortalAccess(o.EmployeeStatusID)) return entry;
      return {
        ...entry,
        TerminationDate: orNull(o.TerminationDate),
        TerminationReasonID: o.TerminationReasonID,
        TerminationReasonExtra: orNull(o.TerminationReasonExtra),
      };
    }),
  };
}

/**
 * Messages by field, from the server's Errors or a zod error of the contract's schema. The index of an
 * office in the payload is mapped back to the form's (read-only offices are not sent).
 */
export function errorsByField(
  raw: Record<string, string[]> | undefined,
  form: FormState,
): Record<string, string> {
  const sentIndex = form.IcdOffices.map((o, i) => (o.CanUpdate ? i : -1)).filter((i) => i >= 0);
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(raw ?? {})) {
    const m = /^IcdOffices\.(\d+)\.(.*)$/.exec(key);
    const field = m ? `IcdOffices.${sentIndex[Number(m[1])] ?? m[1]}.${m[2]}` : key;
    // Role, module and global role messages are shown at their list ('IcdOffices.0.Roles').
    const at = field.replace(/^((?:IcdOffices\.\d+\.)?(?:Roles|AdministeredModules|GlobalRoles))\..*$/, '$1');
    out[at] ??= messages[0];
  }
  return out;
}

// The server's field keys (of Errors) the form shows a message beside: a refusal naming only these
// shows no banner above the form (RefusalBanner); a reason of any other key is listed in it. The password is asked only of a new employee.
const OFFICE_FIELDS = [
  'EmployeeStatusID',
  'HireDate',
  'JobTitleID',
  'BasisOfPayID',
  'PayRate',
  'Salary',
  'CommissionThreshold',
  'Garnishment',
  'CompensationProfileID',
  'DefaultHours',
  'Divisions',
  'Roles',
  'Roles.*',
  'AdministeredModules',
  'AdministeredModules.*',
  'TerminationDate',
  'TerminationReasonID',
  'TerminationReasonExtra',
];
const PERSON_FIELDS = [
  'FirstName',
  'MiddleName',
  'LastName',
  'UserName',
  'EmailAddress',
  'ADPEmployeeID',
  'MeridianEmployeeID',
  'GlobalSiteID',
  'UniqueID',
  'GlobalRoles',
  'GlobalRoles.*',
  'IcdOffices',
  ...OFFICE_FIELDS.map((k) => `IcdOffices.*.${k}`),
];
const EXISTING_FIELDS = formFields(...PERSON_FIELDS);
const NEW_FIELDS = formFields(...PERSON_FIELDS, 'Password');
export const shownFields = (isNew: boolean) => (isNew ? NEW_FIELDS : EXISTING_FIELDS);
