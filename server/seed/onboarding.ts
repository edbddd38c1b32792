// Demo onboarding: a policy per division (RoadShow takes self sign-ups and hires into Event staff;
// Dtv and Rogers hire field reps), each with contact e-mails, the seven status types, reference fields
// (a sensitive SIN, a phone with its mask, a start date, a T-shirt size shown in the grid), document
// groups and documents; and an application for each pending person of the demo company, at the office
// and division of their pending record, in different places of the flow — the demo `applicant`
// (Jordan Lee, Toronto, RoadShow) has saved theirs once. No sensitive value is seeded (they are
// encrypted with the server's key, which the seed does not hold). Every instant is before `now`.
import { and, asc, eq } from 'drizzle-orm';
import { Division, EmployeeStatus } from '../../src/contract/common';
import type { StatusType } from '../../src/contract/onboarding';
import type { Db } from '../db/client';
import {
  divisionOnboardingPolicies,
  employees,
  employmentRecordDivisions,
  employmentRecords,
  onboardingApplicationStatuses,
  onboardingApplications,
  onboardingContactEmails,
  onboardingDocumentGroups,
  onboardingDocuments,
  onboardingFieldValues,
  onboardingPolicies,
  onboardingReferenceFields,
  roles,
} from '../db/tables';

const STATUSES: [string, StatusType][] = [
  ['New', 'Initial'],
  ['Self sign-up', 'SelfSignUp'],
  ['Missing documents', 'Incomplete'],
  ['On hold', 'Suspended'],
  ['Hired', 'Approved'],
  ['Not hired', 'Terminated'],
  ['Archived', 'Hidden'],
];

const POLICIES = [
  {
    name: 'RoadShow hiring',
    divisions: [Division.RoadShow],
    selfSignUp: true,
    role: 'Event staff',
    contacts: ['roadshow.hiring@apex-demo.example'],
  },
  {
    name: 'Field sales hiring',
    divisions: [Division.Dtv, Division.Rogers],
    selfSignUp: false,
    role: 'Field rep',
    contacts: ['field.hiring@apex-demo.example', 'payroll@apex-demo.example'],
  },
];

const FIELDS = [
  {
    Name: 'SIN',
    RequiredAtStatus: 'Approved',
    IsSensitive: true,
    InputMask: '000-000-000',
    ValueType: 'Text',
    ShowInGrid: false,
  },
  {
    Name: 'Emergency contact phone',
    RequiredAtStatus: 'Approved',
    IsSensitive: false,
    InputMask: '(000) 000-0000',
    ValueType: 'Text',
    ShowInGrid: false,
  },
  {
    Name: 'Available from',
    RequiredAtStatus: 'Approved',
    IsSensitive: false,
    InputMask: null,
    ValueType: 'Date',
    ShowInGrid: true,
  },
  {
    Name: 'T-shirt size',
    RequiredAtStatus: null,
    IsSensitive: false,
    InputMask: null,
    ValueType: 'Text',
    ShowInGrid: true,
  },
] as const;

/** Where each pending person's application stands (in the order of their employee ids). */
const FLOW: { stage: string; status: StatusType; selfSignUp?: boolean; review?: string; paper?: boolean }[] =
  [
    { stage: 'Submitted', status: 'Initial' },
    { stage: 'Reviewed', status: 'Incomplete', review: 'The I-9 section 1 is not signed.' },
    { stage: 'Created', status: 'SelfSignUp', selfSignUp: true },
    { stage: 'Started', status: 'Suspended', paper: true },
  ];

export async function seedOnboarding(db: Db, now: Date): Promise<void> {
  // n days before the clock (never after it, however many people are pending).
  const day = (n: number) => new Date(now.getTime() - Math.max(n, 0.5) * 86_400_000);
  const policyIds: Record<number, number> = {};
  for (const p of POLICIES) {
    const [role] = await db.select().from(roles).where(eq(roles.Name, p.role));
    const [policy] = await db
      .insert(onboardingPolicies)
      .values({
        Name: p.name,
        EnableSelfSignUp: p.selfSignUp,
        EmployeeRoleID: role?.RoleID ?? null,
        UpdatedAt: day(30),
      })
      .returning();
    const id = policy.OnboardingPolicyID;
    for (const d of p.divisions) policyIds[d] = id;
    await db
      .insert(divisionOnboardingPolicies)
      .values(p.divisions.map((DivisionID) => ({ DivisionID, OnboardingPolicyID: id })));
    await db
      .insert(onboardingContactEmails)
      .values(p.contacts.map((EmailAddress) => ({ OnboardingPolicyID: id, EmailAddress })));
    await db.insert(onboardingApplicationStatuses).values(
      STATUSES.map(([Name, StatusType], SortIndex) => ({
        OnboardingPolicyID: id,
        Name,
        StatusType,
        SortIndex,
      })),
    );
    await db
      .insert(onboardingReferenceFields)
      .values(FIELDS.map((f, SortIndex) => ({ ...f, OnboardingPolicyID: id, SortIndex })));
    const [tax, bank] = await db
      .insert(onboardingDocumentGroups)
      .values([
        { OnboardingPolicyID: id, Name: 'Tax forms', SortIndex: 0 },
        { OnboardingPolicyID: id, Name: 'Direct deposit', SortIndex: 1 },
      ])
      .returning();
    await db.insert(onboardingDocuments).values([
      {
        OnboardingPolicyID: id,
        OnboardingDocumentGroupID: tax.OnboardingDocumentGroupID,
        Name: 'TD1 personal tax credits',
        IsRequired: false,
        SortIndex: 0,
      },
      {
        OnboardingPolicyID: id,
        OnboardingDocumentGroupID: bank.OnboardingDocumentGroupID,
        Name: 'Void cheque',
        IsRequired: false,
        SortIndex: 1,
      },
      {
        OnboardingPolicyID: id,
        OnboardingDocumentGroupID: null,
        Name: 'Photo ID',
        IsRequired: false,
        SortIndex: 2,
      },
    ]);
  }

  // The pending people: the demo applicant first, then the others by id.
  const pending = await db
    .select({
      EmployeeID: employmentRecords.EmployeeID,
      IcdOfficeID: employmentRecords.IcdOfficeID,
      DivisionID: employmentRecordDivisions.DivisionID,
      UserName: employees.UserName,
    })
    .from(employmentRecords)
    .innerJoin(employees, eq(employees.EmployeeID, employmentRecords.EmployeeID))
    .innerJoin(
      employmentRecordDivisions,
      eq(employmentRecordDivisions.EmploymentRecordID, employmentRecords.EmploymentRecordID),
    )
    .where(eq(employmentRecords.EmployeeStatusID, EmployeeStatus.Pending))
    .orderBy(asc(employmentRecords.EmployeeID), asc(employmentRecordDivisions.DivisionID));
  const seen = new Set<number>();
  const people = pending
    .filter((p) => !seen.has(p.EmployeeID) && seen.add(p.EmployeeID) && policyIds[p.DivisionID])
    .sort(
      (a, b) =>
        Number(b.UserName === 'applicant') - Number(a.UserName === 'applicant') ||
        a.EmployeeID - b.EmployeeID,
    );
  for (const [i, person] of people.entries()) {
    const policyId = policyIds[person.DivisionID];
    const flow = i === 0 ? { stage: 'Saved', status: 'Initial' as StatusType } : FLOW[(i - 1) % FLOW.length];
    const [status] = await db
      .select()
      .from(onboardingApplicationStatuses)
      .where(
        and(
          eq(onboardingApplicationStatuses.OnboardingPolicyID, policyId),
          eq(onboardingApplicationStatuses.StatusType, flow.status),
        ),
      );
    const created = day(20 - i);
    const [app] = await db
      .insert(onboardingApplications)
      .values({
        EmployeeID: person.EmployeeID,
        DivisionID: person.DivisionID,
        IcdOfficeID: person.IcdOfficeID,
        OnboardingPolicyID: policyId,
        OnboardingApplicationStatusID: status.OnboardingApplicationStatusID,
        Stage: flow.stage,
        IsSelfSignUp: !!flow.selfSignUp,
        IsPaperApplication: !!flow.paper,
        ReviewRequired: !!flow.review,
        I9Error: flow.review ?? null,
        SubmittedAt: flow.stage === 'Submitted' || flow.stage === 'Reviewed' ? day(10 - i / 2) : null,
        CreatedAt: created,
        UpdatedAt: day(9 - i / 2),
      })
      .returning();
    if (flow.stage !== 'Created') {
      const fields = await db
        .select()
        .from(onboardingReferenceFields)
        .where(eq(onboardingReferenceFields.OnboardingPolicyID, policyId));
      const value = (name: string) =>
        fields.find((f) => f.Name === name)?.OnboardingReferenceFieldID as number;
      await db.insert(onboardingFieldValues).values([
        {
          OnboardingApplicationID: app.OnboardingApplicationID,
          OnboardingReferenceFieldID: value('T-shirt size'),
          Value: ['M', 'L', 'S', 'XL'][i % 4],
          UpdatedAt: created,
        },
        {
          OnboardingApplicationID: app.OnboardingApplicationID,
          OnboardingReferenceFieldID: value('Emergency contact phone'),
          Value: `(416) 555-01${String(10 + i).padStart(2, '0')}`,
          UpdatedAt: created,
        },
      ]);
    }
  }
}
