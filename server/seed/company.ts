// The demo company's workforce beyond the demo users and the event crew: 45 more people (60 in all) across the five offices and three
// divisions, enough for a payroll run — pay rates above each province's or state's minimum wage,
// basis of pay (hourly, salary, commission), compensation profiles, pay frequencies, bank accounts with
// direct deposit (Canadian transit + institution numbers, US routing numbers), roles (a manager per
// office beside Toronto, field reps, event staff), and a few terminated, pending and inactive people.
// Added after the other seeds, so the demo users' time, schedules and leads stay as they were. Every
// date is at least two days before `now` and every instant is `now`: nothing lies in the future.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { PaymentMethod } from '../../src/contract/bank';
import { Country, Division, EmployeeStatus } from '../../src/contract/common';
import { Gender, MaritalStatus, WithholdingType } from '../../src/contract/lookups';
import type { Db } from '../db/client';
import {
  bankAccounts,
  bankInfos,
  employees,
  employmentRecordDivisions,
  employmentRecords,
  icdOffices,
  roleAssignments,
  roles,
} from '../db/tables';

const JOB = { Rep: 1, EventStaff: 2, OfficeManager: 3 } as const;
const BASIS = { Hourly: 1, Salary: 2, Commission: 3 } as const;
const FREQUENCY = { Weekly: 1, BiWeekly: 2 } as const;

interface OfficePlan {
  name: string;
  /** Hourly base (above the minimum wage of the province or state). */
  base: number;
  city: string;
  province: string;
  postal: string;
  area: string;
  divisions: number[];
  people: string[];
}

// Names per office; the first person of an office manages it (Toronto has its manager, Marco Rossi).
const PLANS: OfficePlan[] = [
  {
    name: 'Toronto Central',
    base: 17.6,
    city: 'Toronto',
    province: 'ON',
    postal: 'M5V',
    area: '416',
    // Toronto's road-show crew is the scheduling demo's (server/seed/scheduling.ts): the people added
    // here work for Rogers, so the manager's crew and schedules stay as they were.
    divisions: [Division.Rogers],
    people: ['Aisha Khan', 'Liam Tremblay', 'Sofia Almeida', 'Noah Gagnon', 'Emma Roy', 'Ethan Wong'],
  },
  {
    name: 'Vancouver Harbour',
    base: 17.85,
    city: 'Vancouver',
    province: 'BC',
    postal: 'V6B',
    area: '604',
    divisions: [Division.RoadShow, Division.Dtv],
    people: [
      'Grace Lam',
      'Owen Fraser',
      'Mia Leblanc',
      'Jacob Park',
      'Ava Campbell',
      'Daniel Kim',
      'Zoe Anderson',
      'Samuel Dhillon',
      'Lily Thompson',
      'Nathan Chow',
    ],
  },
  {
    name: 'Calgary South',
    base: 15.5,
    city: 'Calgary',
    province: 'AB',
    postal: 'T2P',
    area: '403',
    divisions: [Division.Rogers],
    people: [
      'Ryan MacDonald',
      'Isla Hughes',
      'Caleb Ward',
      'Nora Patel',
      'Wyatt Bergeron',
      'Ella Fischer',
      'Logan Stewart',
      'Ruby Sandhu',
      'Hunter Cole',
    ],
  },
  {
    name: 'Chicago Loop',
    base: 16.0,
    city: 'Chicago',
    province: 'IL',
    postal: '60601',
    area: '312',
    divisions: [Division.RoadShow, Division.Dtv],
    people: [
      'Jasmine Carter',
      'Tyler Bennett',
      'Maya Rodriguez',
      'Brandon Lee',
      'Kayla Johnson',
      'Devon Harris',
      'Alyssa Murphy',
      'Marcus Bell',
      'Sierra Price',
      'Jordan Hayes',
      'Trevor Lopez',
    ],
  },
  {
    name: 'Los Angeles Westside',
    base: 17.9,
    city: 'Los Angeles',
    province: 'CA',
    postal: '90025',
    area: '310',
    divisions: [Division.RoadShow],
    people: [
      'Carmen Ortiz',
      'Kevin Tran',
      'Brianna Scott',
      'Diego Ramirez',
      'Ashley Kim',
      'Isaiah Green',
      'Vanessa Cruz',
      'Eric Nakamura',
      'Paige Turner',
    ],
  },
];

// Canadian banks (institution number) and US banks (ABA routing numbers with a valid check digit).
const CA_BANKS: [string, string][] = [
  ['Royal Bank of Canada', '003'],
  ['TD Canada Trust', '004'],
  ['Bank of Montreal', '001'],
  ['Scotiabank', '002'],
  ['CIBC', '010'],
];
const US_BANKS: [string, string][] = [
  ['JPMorgan Chase', '021000021'],
  ['Bank of America', '026009593'],
  ['Wells Fargo', '121000248'],
  ['Citibank', '021000089'],
  ['U.S. Bank', '091000022'],
];

/** The UTC calendar day `days` before `now` (YYYY-MM-DD). */
function dayBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/** What becomes of the person at this place of the office's list. */
function shape(i: number, n: number, managed: boolean) {
  return {
    manager: i === 0 && !managed,
    terminated: i === n - 1,
    pending: i === n - 2 && n >= 9,
    inactive: i === n - 3 && n % 2 === 1,
    salaried: i === 0 || i === 4,
    commission: i === 3 || i === 7,
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A person's bank: a chequing account (on direct deposit for the whole net pay unless `directDeposit`
 * is off), for every sixth person a savings account taking a fixed amount or a percentage, and the
 * bank info (direct deposit or cheque).
 */
async function bankFor(
  tx: Tx,
  now: Date,
  p: {
    EmployeeID: number;
    CountryID: number;
    seq: number;
    holder: string;
    accounts: boolean;
    directDeposit: boolean;
  },
): Promise<void> {
  const { seq } = p;
  const canada = p.CountryID === Country.Canada;
  if (p.accounts) {
    const [bankName, code] = canada ? CA_BANKS[seq % 5] : US_BANKS[seq % 5];
    const main = {
      EmployeeID: p.EmployeeID,
      CountryID: p.CountryID,
      BankName: bankName,
      AccountHolderName: p.holder,
      AccountTypeID: 1,
      RoutingNumber: canada ? String(10_000 + ((seq * 4271) % 89_999)).padStart(5, '0') : code,
      InstitutionNumber: canada ? code : null,
      AccountNumber: String(40_000_000 + seq * 104_729).slice(0, canada ? 7 : 10),
      IsDirectDeposit: p.directDeposit,
      DepositAmountTypeID: p.directDeposit ? 1 : null,
      VoidCheckFileName: p.directDeposit ? 'void-cheque.pdf' : null,
      VoidCheckContentType: p.directDeposit ? 'application/pdf' : null,
      UpdatedAt: now,
    };
    await tx.insert(bankAccounts).values(main);
    if (seq % 6 === 0 && p.directDeposit)
      await tx.insert(bankAccounts).values({
        ...main,
        AccountTypeID: 2,
        AccountNumber: String(70_000_000 + seq * 7_727).slice(0, canada ? 7 : 10),
        DepositAmountTypeID: seq % 12 === 0 ? 3 : 2,
        DepositAmount: seq % 12 === 0 ? '10.00' : '150.00',
        VoidCheckFileName: null,
        VoidCheckContentType: null,
      });
  }
  await tx.insert(bankInfos).values({
    EmployeeID: p.EmployeeID,
    CountryID: p.CountryID,
    PaymentMethodID: p.accounts && p.directDeposit ? PaymentMethod.DirectDeposit : PaymentMethod.Cheque,
    UpdatedAt: now,
  });
}

/** The workforce added to the demo company; returns how many people it added. */
export async function seedCompany(db: Db, now: Date): Promise<number> {
  const offices = await db.select().from(icdOffices);
  const roleRows = await db
    .select()
    .from(roles)
    .where(inArray(roles.Name, ['Manager', 'Field rep', 'Event staff']));
  const roleId = (name: string) => roleRows.find((r) => r.Name === name)?.RoleID;
  let seq = 0;
  let added = 0;

  await db.transaction(async (tx) => {
    // The people already there (demo users, the event crew): a compensation profile, and a bank for
    // those on payroll (not the pending applicant).
    const existing = await tx
      .select({
        EmploymentRecordID: employmentRecords.EmploymentRecordID,
        EmployeeID: employmentRecords.EmployeeID,
        EmployeeStatusID: employmentRecords.EmployeeStatusID,
        CountryID: icdOffices.CountryID,
        FirstName: employees.FirstName,
        LastName: employees.LastName,
      })
      .from(employmentRecords)
      .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, employmentRecords.IcdOfficeID))
      .innerJoin(employees, eq(employees.EmployeeID, employmentRecords.EmployeeID))
      .orderBy(employmentRecords.EmploymentRecordID);
    const banked = new Set<number>();
    for (const r of existing) {
      await tx
        .update(employmentRecords)
        .set({ CompensationProfileID: 1 + (r.EmploymentRecordID % 5) })
        .where(
          and(
            eq(employmentRecords.EmploymentRecordID, r.EmploymentRecordID),
            isNull(employmentRecords.CompensationProfileID),
          ),
        );
      if (banked.has(r.EmployeeID)) continue;
      banked.add(r.EmployeeID);
      seq += 1;
      await bankFor(tx, now, {
        EmployeeID: r.EmployeeID,
        CountryID: r.CountryID,
        seq,
        holder: `${r.FirstName} ${r.LastName}`,
        accounts: r.EmployeeStatusID !== EmployeeStatus.Pending,
        directDeposit: true,
      });
    }
    for (const plan of PLANS) {
      const office = offices.find((o) => o.OfficeName === plan.name);
      if (!office) continue;
      const canada = office.CountryID === Country.Canada;
      for (const [i, full] of plan.people.entries()) {
        seq += 1;
        const s = shape(i, plan.people.length, plan.name === 'Toronto Central');
        const [FirstName, LastName] = full.split(' ');
        const user = `${FirstName}.${LastName}`.toLowerCase();
        const hireDaysAgo = 60 + ((seq * 37) % 900);
        const [emp] = await tx
          .insert(employees)
          .values({
            FirstName,
            MiddleName: seq % 4 === 0 ? 'J.' : null,
            LastName,
            UserName: user,
            EmailAddress: `${user}@apex-demo.example`,
            Inactive: s.inactive || s.terminated,
            InactiveDate: s.inactive || s.terminated ? dayBefore(now, 14 + (seq % 20)) : null,
            ADPEmployeeID: `ADP${String(100200 + seq)}`,
            MeridianEmployeeID: `${office.MeridianOfficeID ?? 'M'}-${String(seq).padStart(4, '0')}`,
            // Never issued: Canadian SINs starting with 9 are temporary, US numbers 900–999 are not SSNs.
            SSN: canada
              ? `9${String(46_000_000 + seq * 7919).slice(-8)}`
              : `9${String(70_000_000 + seq * 7919).slice(-8)}`,
            BirthDate: `${1968 + (seq % 35)}-${String(1 + (seq % 12)).padStart(2, '0')}-${String(1 + (seq % 27)).padStart(2, '0')}`,
            GenderID: [Gender.Female, Gender.Male, Gender.NonBinary, Gender.NotDisclosed][
              seq % 7 === 0 ? 2 : seq % 2
            ],
            MaritalStatusID: [MaritalStatus.Single, MaritalStatus.Married, MaritalStatus.CommonLaw][seq % 3],
            WithholdingTypeID: canada
              ? null
              : [
                  WithholdingType.Single,
                  WithholdingType.MarriedFilingJointly,
                  WithholdingType.HeadOfHousehold,
                ][seq % 3],
            StreetLine1: `${100 + seq * 13} ${['Maple', 'Oak', 'Cedar', 'Pine', 'Birch'][seq % 5]} ${canada ? 'Street' : 'Ave'}`,
            City: plan.city,
            StateProvince: plan.province,
            PostalCode: canada ? `${plan.postal} ${seq % 9}A${seq % 7}` : plan.postal,
            CountryID: office.CountryID,
            CellPhone: `${plan.area}-555-${String(1000 + seq).slice(-4)}`,
            EmergencyContactName: `${['Pat', 'Chris', 'Robin', 'Terry'][seq % 4]} ${LastName}`,
            EmergencyContactPhone: `${plan.area}-555-${String(2000 + seq).slice(-4)}`,
            CreatedAt: now,
          })
          .returning({ EmployeeID: employees.EmployeeID });

        const status = s.terminated
          ? EmployeeStatus.Terminated
          : s.pending
            ? EmployeeStatus.Pending
            : EmployeeStatus.Active;
        const basis = s.salaried ? BASIS.Salary : s.commission ? BASIS.Commission : BASIS.Hourly;
        const rate = (plan.base + (seq % 6) * 0.75).toFixed(2);
        const roadShow =
          plan.divisions.includes(Division.RoadShow) && (seq % 2 === 0 || plan.divisions.length === 1);
        const divisions = s.manager
          ? plan.divisions
          : [roadShow ? Division.RoadShow : plan.divisions.at(-1)!];
        const [record] = await tx
          .insert(employmentRecords)
          .values({
            EmployeeID: emp.EmployeeID,
            IcdOfficeID: office.IcdOfficeID,
            EmployeeStatusID: status,
            PayFrequencyID: canada ? FREQUENCY.BiWeekly : FREQUENCY.Weekly,
            BasisOfPayID: basis,
            JobTitleID: s.manager
              ? JOB.OfficeManager
              : divisions[0] === Division.RoadShow
                ? JOB.EventStaff
                : JOB.Rep,
            PayRate: basis === BASIS.Salary ? null : rate,
            Salary: basis === BASIS.Salary ? (s.manager ? '62000.00' : '48500.00') : null,
            CommissionThreshold: basis === BASIS.Commission ? '400.00' : null,
            CompensationProfileID: 1 + (seq % 5),
            DefaultHours: basis === BASIS.Salary ? '40.00' : '30.00',
            HireDate: dayBefore(now, hireDaysAgo),
            TerminationDate: s.terminated ? dayBefore(now, 10 + (seq % 20)) : null,
            TerminationReasonID: s.terminated ? 1 + (seq % 5) : null,
            TerminationReasonExtra: s.terminated ? 'Exit interview done' : null,
            TimeClock: basis !== BASIS.Salary,
            RequireBreak: plan.province === 'CA' || plan.province === 'BC',
            IsOnPayroll: !s.pending,
            TrackRealTime: divisions[0] === Division.RoadShow,
          })
          .returning({ EmploymentRecordID: employmentRecords.EmploymentRecordID });
        await tx
          .insert(employmentRecordDivisions)
          .values(
            divisions.map((DivisionID) => ({ EmploymentRecordID: record.EmploymentRecordID, DivisionID })),
          );
        const RoleID = roleId(
          s.manager ? 'Manager' : divisions[0] === Division.RoadShow ? 'Event staff' : 'Field rep',
        );
        if (RoleID)
          await tx
            .insert(roleAssignments)
            .values({ EmployeeID: emp.EmployeeID, RoleID, EmploymentRecordID: record.EmploymentRecordID });

        // Bank: everyone but the pending hire and one person per office paid by cheque.
        const byCheque = i === 2;
        await bankFor(tx, now, {
          EmployeeID: emp.EmployeeID,
          CountryID: office.CountryID,
          seq,
          holder: `${FirstName} ${LastName}`,
          accounts: !s.pending && !byCheque,
          directDeposit: !s.terminated,
        });
        added += 1;
      }
    }
  });
  return added;
}

/** The people seedCompany adds at an office (for tests and the README). */
export function companyPeopleAt(officeName: string): number {
  return PLANS.find((p) => p.name === officeName)?.people.length ?? 0;
}
