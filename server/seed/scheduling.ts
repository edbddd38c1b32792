// Scheduling demo data, loaded by seedDemo after the company and its programs/stores exist (only into a
// database without event hosts): event hosts of every type; a crew of event staff with no sign-in of
// their own (five at Toronto Central besides `staff`, two at Los Angeles Westside); schedule events with
// time slots for the current and next week (Monday to Sunday, relative to today in Toronto) at both
// offices, one of them cancelled; assignments in every state, leaving gaps to fill (`staff`: one
// Accepted this week, one Pending next week, next week's Yorkdale Friday free); the Toronto road-show
// team (leader `manager`; `staff`, `rep`), and this week's RS schedule.
import { count, eq, inArray } from 'drizzle-orm';
import { Division, EmployeeStatus } from '../../src/contract/common';
import {
  AssignmentStatus,
  EventHostType,
  ScheduleEventActivityType,
  ScheduleEventStatus,
} from '../../src/contract/scheduling';
import type { Db } from '../db/client';
import {
  employees,
  employmentRecordDivisions,
  employmentRecords,
  eventHosts,
  icdOffices,
  lookups,
  programs,
  roleAssignments,
  roles,
  rsScheduleDates,
  rsScheduleEmployees,
  rsScheduleSales,
  rsSchedules,
  scheduleEventActivities,
  scheduleEventAssignments,
  scheduleEvents,
  scheduleEventTimeSlots,
  stores,
  teamMembers,
  teams,
} from '../db/tables';
import { activityDescription } from '../domain/scheduling/messages';
import { addDays, rotationWeek } from '../domain/scheduling/times';
import { DEPARTMENT_LOOKUP } from '../modules/scheduling/rs-schedule-reads';

const DEPARTMENTS = ['Electronics', 'Wireless', 'Home Entertainment', 'Appliances', 'Customer Service'];

const HOSTS = [
  {
    Name: 'Costco Wholesale',
    HostTypeID: EventHostType.Retailer,
    StreetLine1: '50 Queen Elizabeth Blvd',
    City: 'Etobicoke',
    PostalCode: 'M8Z 1M1',
  },
  {
    Name: 'Best Buy',
    HostTypeID: EventHostType.Retailer,
    StreetLine1: '220 Yonge St',
    City: 'Toronto',
    PostalCode: 'M5B 2H1',
  },
  {
    Name: 'Maple Leaf Sports & Entertainment',
    HostTypeID: EventHostType.Corporation,
    StreetLine1: '50 Bay St',
    City: 'Toronto',
    PostalCode: 'M5J 2L2',
  },
  {
    Name: 'Yorkdale Shopping Centre',
    HostTypeID: EventHostType.ShoppingMall,
    StreetLine1: '3401 Dufferin St',
    City: 'North York',
    PostalCode: 'M6A 2T9',
  },
  {
    Name: 'Canadian National Exhibition',
    HostTypeID: EventHostType.SpecialEvent,
    StreetLine1: "210 Princes' Blvd",
    City: 'Toronto',
    PostalCode: 'M6K 3C3',
  },
] as const;

const T = 'Toronto Central';
const LA = 'Los Angeles Westside';

interface EventSeed {
  office: typeof T | typeof LA;
  week: 0 | 1;
  /** 0 = Monday. */
  day: number;
  title: string;
  host: (typeof HOSTS)[number]['Name'] | null;
  program: string | null;
  /** The event takes the store's address when it has one, else its host's. */
  store: string | null;
  start: string;
  end: string;
  slots: [string, string, number][];
  cancelled?: boolean;
  notes?: string;
}

const SETUP_NOTE = 'Arrive 30 minutes early to set up the booth.';

const TORONTO_EVENTS: EventSeed[] = [0, 1].flatMap((w) => {
  const week = w as 0 | 1;
  const office = 'Toronto Central';
  const every: EventSeed[] = [
    {
      office,
      week,
      day: 2,
      title: 'Costco Road Show',
      host: 'Costco Wholesale',
      program: 'Costco Road Show',
      store: 'Costco Etobicoke',
      start: '10:00:00',
      end: '18:00:00',
      slots: [
        ['10:00:00', '14:00:00', 3],
        ['14:00:00', '18:00:00', 3],
      ],
    },
    {
      office,
      week,
      day: 4,
      title: 'Yorkdale Mall Kiosk',
      host: 'Yorkdale Shopping Centre',
      program: 'Mall Kiosk Tour',
      store: 'Yorkdale Shopping Centre',
      start: '11:00:00',
      end: '19:00:00',
      slots: [
        ['11:00:00', '15:00:00', 2],
        ['15:00:00', '19:00:00', 2],
      ],
    },
    {
      office,
      week,
      day: 5,
      title: 'Best Buy Weekend Demo',
      host: 'Best Buy',
      program: 'Best Buy Weekend Demos',
      store: 'Best Buy Toronto Eaton Centre',
      start: '10:00:00',
      end: '16:00:00',
      slots: [
        ['10:00:00', '13:00:00', 2],
        ['13:00:00', '16:00:00', 2],
      ],
    },
  ];
  if (week === 0)
    every.push({
      office,
      week,
      day: 1,
      title: 'Costco Scarborough Road Show',
      host: 'Costco Wholesale',
      program: 'Costco Road Show',
      store: 'Costco Scarborough',
      start: '12:00:00',
      end: '20:00:00',
      slots: [
        ['12:00:00', '16:00:00', 2],
        ['16:00:00', '20:00:00', 2],
      ],
    });
  if (week === 1)
    every.push(
      {
        office,
        week,
        day: 1,
        title: 'Walmart Stockyards Demo',
        host: null,
        program: 'Walmart Events',
        store: 'Walmart Stockyards Supercentre',
        start: '10:00:00',
        end: '16:00:00',
        slots: [
          ['10:00:00', '13:00:00', 2],
          ['13:00:00', '16:00:00', 2],
        ],
        cancelled: true,
        notes: 'Called off by the store: their floor reset moved to this week.',
      },
      {
        office,
        week,
        day: 3,
        title: 'MLSE Employee Appreciation Day',
        host: 'Maple Leaf Sports & Entertainment',
        program: null,
        store: null,
        start: '11:30:00',
        end: '14:30:00',
        slots: [['11:30:00', '14:30:00', 4]],
      },
      {
        office,
        week,
        day: 6,
        title: 'CNE Preview Day',
        host: 'Canadian National Exhibition',
        program: null,
        store: null,
        start: '10:00:00',
        end: '18:00:00',
        slots: [
          ['10:00:00', '14:00:00', 5],
          ['14:00:00', '18:00:00', 5],
        ],
      },
    );
  return every;
});

const LOS_ANGELES_EVENTS: EventSeed[] = [
  {
    office: 'Los Angeles Westside',
    week: 0,
    day: 3,
    title: 'Costco Road Show',
    host: 'Costco Wholesale',
    program: 'Costco Road Show',
    store: 'Costco Marina del Rey',
    start: '10:00:00',
    end: '18:00:00',
    slots: [
      ['10:00:00', '14:00:00', 2],
      ['14:00:00', '18:00:00', 2],
    ],
  },
  {
    office: 'Los Angeles Westside',
    week: 1,
    day: 5,
    title: 'Century City Kiosk',
    host: null,
    program: 'Mall Kiosk Tour',
    store: 'Westfield Century City',
    start: '11:00:00',
    end: '17:00:00',
    slots: [
      ['11:00:00', '14:00:00', 2],
      ['14:00:00', '17:00:00', 2],
    ],
  },
];

const EVENTS: EventSeed[] = [...TORONTO_EVENTS, ...LOS_ANGELES_EVENTS];

/**
 * Event staff with no sign-in of their own (no password; only the README's demo users sign in): active
 * RoadShow employees holding the Event staff role at their office, so a manager has a crew to staff a
 * week with. They have no time entries.
 */
const EVENT_STAFF = [
  { key: 'aisha', office: 'Toronto Central', FirstName: 'Aisha', LastName: 'Karimi', HireDate: '2024-04-15' },
  { key: 'ben', office: 'Toronto Central', FirstName: 'Ben', LastName: 'Okafor', HireDate: '2024-09-03' },
  {
    key: 'chloe',
    office: 'Toronto Central',
    FirstName: 'Chloé',
    LastName: 'Tremblay',
    HireDate: '2025-01-13',
  },
  {
    key: 'diego',
    office: 'Toronto Central',
    FirstName: 'Diego',
    LastName: 'Alvarez',
    HireDate: '2025-05-20',
  },
  {
    key: 'emma',
    office: 'Toronto Central',
    FirstName: 'Emma',
    LastName: 'Lindqvist',
    HireDate: '2025-08-11',
  },
  { key: 'maria', office: LA, FirstName: 'Maria', LastName: 'Gonzalez', HireDate: '2024-11-04' },
  { key: 'tyler', office: LA, FirstName: 'Tyler', LastName: 'Brooks', HireDate: '2025-06-02' },
] as const;

type StaffKey = (typeof EVENT_STAFF)[number]['key'] | 'staff';

interface AssignmentSeed {
  /** `${office}|${week}|${title}|${slot start}` */
  slot: string;
  who: StaffKey;
  status: AssignmentStatus;
  reason?: string;
}

const { Pending, Accepted, Rejected } = AssignmentStatus;

/** Enough people per week that some slots are full, some partly staffed and some empty. */
const ASSIGNMENTS: AssignmentSeed[] = [
  // This week at Toronto Central.
  { slot: `${T}|0|Costco Scarborough Road Show|12:00:00`, who: 'aisha', status: Accepted },
  { slot: `${T}|0|Costco Scarborough Road Show|12:00:00`, who: 'diego', status: Accepted },
  { slot: `${T}|0|Costco Scarborough Road Show|16:00:00`, who: 'emma', status: Pending },
  { slot: `${T}|0|Costco Road Show|10:00:00`, who: 'staff', status: Accepted },
  { slot: `${T}|0|Costco Road Show|10:00:00`, who: 'ben', status: Accepted },
  { slot: `${T}|0|Costco Road Show|10:00:00`, who: 'chloe', status: Accepted },
  {
    slot: `${T}|0|Costco Road Show|14:00:00`,
    who: 'diego',
    status: Rejected,
    reason: 'I have a class until 4 pm on Wednesdays.',
  },
  { slot: `${T}|0|Costco Road Show|14:00:00`, who: 'emma', status: Accepted },
  { slot: `${T}|0|Yorkdale Mall Kiosk|11:00:00`, who: 'aisha', status: Accepted },
  { slot: `${T}|0|Best Buy Weekend Demo|10:00:00`, who: 'ben', status: Accepted },
  { slot: `${T}|0|Best Buy Weekend Demo|10:00:00`, who: 'emma', status: Pending },
  { slot: `${T}|0|Best Buy Weekend Demo|13:00:00`, who: 'chloe', status: Pending },
  // Next week at Toronto Central (Sam Taylor's Yorkdale Friday stays free).
  { slot: `${T}|1|Costco Road Show|10:00:00`, who: 'aisha', status: Pending },
  { slot: `${T}|1|Costco Road Show|14:00:00`, who: 'staff', status: Pending },
  { slot: `${T}|1|MLSE Employee Appreciation Day|11:30:00`, who: 'ben', status: Accepted },
  { slot: `${T}|1|MLSE Employee Appreciation Day|11:30:00`, who: 'chloe', status: Pending },
  { slot: `${T}|1|Yorkdale Mall Kiosk|11:00:00`, who: 'diego', status: Pending },
  { slot: `${T}|1|CNE Preview Day|10:00:00`, who: 'aisha', status: Accepted },
  { slot: `${T}|1|CNE Preview Day|10:00:00`, who: 'emma', status: Accepted },
  {
    slot: `${T}|1|CNE Preview Day|10:00:00`,
    who: 'diego',
    status: Rejected,
    reason: 'Family wedding that weekend.',
  },
  // Los Angeles Westside.
  { slot: `${LA}|0|Costco Road Show|10:00:00`, who: 'maria', status: Accepted },
  { slot: `${LA}|0|Costco Road Show|14:00:00`, who: 'tyler', status: Pending },
  { slot: `${LA}|1|Century City Kiosk|14:00:00`, who: 'maria', status: Pending },
];

/** 'YYYY-MM-DD' of today in a time zone. */
function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export async function seedScheduling(db: Db, now: Date = new Date()): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(eventHosts);
  if (n > 0) return;
  await db
    .insert(lookups)
    .values(DEPARTMENTS.map((Name, i) => ({ Kind: DEPARTMENT_LOOKUP, Id: i + 1, Name, SortIndex: i })))
    .onConflictDoNothing();

  await db.transaction(async (tx) => {
    const hostRows = await tx
      .insert(eventHosts)
      .values(HOSTS.map((h) => ({ ...h, StateProvince: 'ON', CountryID: 2 })))
      .returning();
    const officeRows = await tx
      .select()
      .from(icdOffices)
      .where(inArray(icdOffices.OfficeName, [T, LA]));
    const toronto = officeRows.find((o) => o.OfficeName === T);
    const losAngeles = officeRows.find((o) => o.OfficeName === LA);
    if (!toronto || !losAngeles) return;
    const officeOf = (name: string) => (name === T ? toronto : losAngeles);
    const people = await tx
      .select()
      .from(employees)
      .where(inArray(employees.UserName, ['manager', 'staff', 'rep', 'admin']));
    const who = (u: string) => people.find((p) => p.UserName === u);
    const manager = who('manager');
    const staff = who('staff');
    const rep = who('rep');
    const admin = who('admin');
    const [eventStaffRole] = await tx.select().from(roles).where(eq(roles.Name, 'Event staff'));
    if (!manager || !staff || !rep || !admin || !eventStaffRole) return;

    // The crew: employee, RoadShow employment record at their office, Event staff role there.
    const crew = new Map<StaffKey, { EmployeeID: number; FirstName: string; LastName: string }>([
      ['staff', staff],
    ]);
    for (const p of EVENT_STAFF) {
      const userName = `${p.key}.${p.LastName.toLowerCase()}`;
      const [employee] = await tx
        .insert(employees)
        .values({
          FirstName: p.FirstName,
          LastName: p.LastName,
          UserName: userName,
          EmailAddress: `${userName}@apex-demo.example`,
          CreatedAt: now,
        })
        .returning();
      const [record] = await tx
        .insert(employmentRecords)
        .values({
          EmployeeID: employee.EmployeeID,
          IcdOfficeID: officeOf(p.office).IcdOfficeID,
          EmployeeStatusID: EmployeeStatus.Active,
          PayFrequencyID: 2,
          BasisOfPayID: 1,
          JobTitleID: 2, // Event Staff
          PayRate: '18.50',
          HireDate: p.HireDate,
          TimeClock: true,
        })
        .returning();
      await tx
        .insert(employmentRecordDivisions)
        .values({ EmploymentRecordID: record.EmploymentRecordID, DivisionID: Division.RoadShow });
      await tx.insert(roleAssignments).values({
        EmployeeID: employee.EmployeeID,
        RoleID: eventStaffRole.RoleID,
        EmploymentRecordID: record.EmploymentRecordID,
      });
      crew.set(p.key, employee);
    }

    const programRows = await tx
      .select({ ProgramID: programs.ProgramID, Name: programs.Name })
      .from(programs);
    const storeRows = await tx
      .select()
      .from(stores)
      .where(inArray(stores.IcdOfficeID, [toronto.IcdOfficeID, losAngeles.IcdOfficeID]));
    const programId = (name: string | null) => programRows.find((p) => p.Name === name)?.ProgramID ?? null;
    const storeOf = (office: number, name: string | null) =>
      storeRows.find((s) => s.IcdOfficeID === office && s.Name === name);
    const storeId = (name: string | null) => storeOf(toronto.IcdOfficeID, name)?.StoreID ?? null;

    // Both offices' weeks start on the same Monday (Toronto's today).
    const monday = rotationWeek(todayIn(toronto.TimeZone, now)).StartDate;
    // Events were planned (and crews assigned) a week ago; answers came in by now. Never after the clock.
    const planned = new Date(now.getTime() - 7 * 86_400_000);
    const slotIds = new Map<
      string,
      { TimeSlotID: number; ScheduleEventID: number; start: string; end: string; by: number }
    >();
    for (const e of EVENTS) {
      const office = officeOf(e.office);
      // Toronto's manager runs Toronto Central; the administrator schedules Los Angeles Westside.
      const by = e.office === T ? manager.EmployeeID : admin.EmployeeID;
      const host = e.host ? hostRows.find((h) => h.Name === e.host)! : null;
      const store = storeOf(office.IcdOfficeID, e.store);
      const address = store
        ? {
            StreetLine1: store.StreetLine1,
            City: store.City,
            StateProvince: store.StateProvince,
            PostalCode: store.PostalCode,
            CountryID: office.CountryID,
          }
        : {
            StreetLine1: host?.StreetLine1 ?? null,
            City: host?.City ?? null,
            StateProvince: host?.StateProvince ?? null,
            PostalCode: host?.PostalCode ?? null,
            CountryID: host?.CountryID ?? null,
          };
      const [event] = await tx
        .insert(scheduleEvents)
        .values({
          IcdOfficeID: office.IcdOfficeID,
          EventHostID: host?.EventHostID ?? null,
          Title: e.title,
          Date: addDays(monday, e.week * 7 + e.day),
          StartTime: e.start,
          EndTime: e.end,
          ...address,
          ProgramID: programId(e.program),
          StoreID: store?.StoreID ?? null,
          Notes: e.notes ?? (e.week === 0 ? SETUP_NOTE : null),
          Status: e.cancelled ? ScheduleEventStatus.Cancelled : ScheduleEventStatus.Scheduled,
          Version: e.cancelled ? 2 : 1,
          CreatedByEmployeeID: by,
          CreatedAt: planned,
          UpdatedAt: e.cancelled ? now : planned,
        })
        .returning();
      await tx.insert(scheduleEventActivities).values(
        (e.cancelled
          ? [ScheduleEventActivityType.Created, ScheduleEventActivityType.Cancelled]
          : [ScheduleEventActivityType.Created]
        ).map((type) => ({
          ScheduleEventID: event.ScheduleEventID,
          ActivityTypeID: type,
          EmployeeID: by,
          Description: activityDescription(type),
          CreatedAt: type === ScheduleEventActivityType.Cancelled ? now : planned,
        })),
      );
      const slots = await tx
        .insert(scheduleEventTimeSlots)
        .values(
          e.slots.map(([StartTime, EndTime, Capacity]) => ({
            ScheduleEventID: event.ScheduleEventID,
            StartTime,
            EndTime,
            Capacity,
          })),
        )
        .returning();
      for (const s of slots)
        slotIds.set(`${e.office}|${e.week}|${e.title}|${s.StartTime}`, {
          TimeSlotID: s.TimeSlotID,
          ScheduleEventID: event.ScheduleEventID,
          start: s.StartTime,
          end: s.EndTime,
          by,
        });
    }

    for (const a of ASSIGNMENTS) {
      const slot = slotIds.get(a.slot)!;
      const person = crew.get(a.who)!;
      const name = `${person.FirstName} ${person.LastName}`;
      const answered = a.status !== AssignmentStatus.Pending;
      const [row] = await tx
        .insert(scheduleEventAssignments)
        .values({
          TimeSlotID: slot.TimeSlotID,
          EmployeeID: person.EmployeeID,
          Status: a.status,
          Reason: a.reason ?? null,
          RespondedAt: answered ? now : null,
          AssignedByEmployeeID: slot.by,
          AssignedAt: planned,
          Version: answered ? 2 : 1,
        })
        .returning();
      const detail = { employeeName: name, startTime: slot.start, endTime: slot.end };
      await tx.insert(scheduleEventActivities).values({
        ScheduleEventID: slot.ScheduleEventID,
        AssignmentID: row.AssignmentID,
        ActivityTypeID: ScheduleEventActivityType.Assigned,
        EmployeeID: slot.by,
        SubjectEmployeeID: person.EmployeeID,
        Description: activityDescription(ScheduleEventActivityType.Assigned, detail),
        CreatedAt: planned,
      });
      if (answered) {
        const type =
          a.status === AssignmentStatus.Accepted
            ? ScheduleEventActivityType.Accepted
            : ScheduleEventActivityType.Rejected;
        await tx.insert(scheduleEventActivities).values({
          ScheduleEventID: slot.ScheduleEventID,
          AssignmentID: row.AssignmentID,
          ActivityTypeID: type,
          EmployeeID: person.EmployeeID,
          SubjectEmployeeID: person.EmployeeID,
          Description: activityDescription(type, detail),
          Comment: a.reason ?? null,
          CreatedAt: now,
        });
      }
    }

    const [team] = await tx
      .insert(teams)
      .values({ Name: 'Toronto Road Show Team', IcdOfficeID: toronto.IcdOfficeID, CreatedAt: planned })
      .returning();
    await tx.insert(teamMembers).values(
      [
        { TeamID: team.TeamID, EmployeeID: manager.EmployeeID, Roles: ['Team lead'], IsLeader: true },
        { TeamID: team.TeamID, EmployeeID: staff.EmployeeID, Roles: ['Brand ambassador'], IsLeader: false },
        { TeamID: team.TeamID, EmployeeID: rep.EmployeeID, Roles: ['Sales closer'], IsLeader: false },
      ].map((m) => ({ ...m, AddedAt: planned })),
    );
    const [weekend] = await tx
      .insert(teams)
      .values({ Name: 'Toronto Weekend Crew', IcdOfficeID: toronto.IcdOfficeID, CreatedAt: planned })
      .returning();
    const member = (key: StaffKey, Roles: string[], IsLeader = false) => ({
      TeamID: weekend.TeamID,
      EmployeeID: crew.get(key)!.EmployeeID,
      Roles,
      IsLeader,
      AddedAt: planned,
    });
    await tx
      .insert(teamMembers)
      .values([
        member('aisha', ['Team lead', 'Brand ambassador'], true),
        member('ben', ['Product demo']),
        member('chloe', ['Brand ambassador']),
        member('diego', ['Setup']),
        member('emma', ['Product demo']),
      ]);

    const [schedule] = await tx
      .insert(rsSchedules)
      .values({
        IcdOfficeID: toronto.IcdOfficeID,
        StartDate: monday,
        EndDate: addDays(monday, 6),
        Notes: 'Road shows at Costco, Yorkdale and Best Buy.',
        CreatedAt: planned,
        UpdatedAt: planned,
      })
      .returning();
    const sid = schedule.RSScheduleID;
    await tx.insert(rsScheduleEmployees).values([
      { RSScheduleID: sid, EmployeeID: staff.EmployeeID },
      { RSScheduleID: sid, EmployeeID: manager.EmployeeID },
    ]);
    await tx.insert(rsScheduleDates).values([
      {
        RSScheduleID: sid,
        EmployeeID: staff.EmployeeID,
        Date: addDays(monday, 2),
        ProgramID: programId('Costco Road Show'),
        StoreID: storeId('Costco Etobicoke'),
        DepartmentID: 2,
        StartTime: '10:00:00',
        EndTime: '18:00:00',
      },
      {
        RSScheduleID: sid,
        EmployeeID: staff.EmployeeID,
        Date: addDays(monday, 5),
        ProgramID: programId('Best Buy Weekend Demos'),
        StoreID: storeId('Best Buy Toronto Eaton Centre'),
        DepartmentID: 1,
        StartTime: '10:00:00',
        EndTime: '16:00:00',
      },
      {
        RSScheduleID: sid,
        EmployeeID: manager.EmployeeID,
        Date: addDays(monday, 4),
        ProgramID: programId('Mall Kiosk Tour'),
        StoreID: storeId('Yorkdale Shopping Centre'),
        DepartmentID: null,
        StartTime: '11:00:00',
        EndTime: '19:00:00',
      },
    ]);
    await tx.insert(rsScheduleSales).values([
      {
        RSScheduleID: sid,
        Date: addDays(monday, 2),
        ProgramID: programId('Costco Road Show'),
        StoreID: storeId('Costco Etobicoke'),
        SalesAmount: '1250.00',
        AnonymousHours: '2.50',
      },
      {
        RSScheduleID: sid,
        Date: addDays(monday, 5),
        ProgramID: programId('Best Buy Weekend Demos'),
        StoreID: storeId('Best Buy Toronto Eaton Centre'),
        SalesAmount: '890.50',
        AnonymousHours: '0.00',
      },
    ]);
  });
}
