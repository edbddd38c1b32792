// Scheduling demo data, loaded by seedDemo after the company and its programs/stores exist (only into a
// database without event hosts): event hosts of every type, schedule events with time slots at
// Toronto Central for the current and next week (Monday to Sunday, relative to today in Toronto),
// assignments for `staff` (one Accepted this week, one Pending next week),
// the Toronto road-show team (leader `manager`; `staff`, `rep`), and this week's RS schedule.
import { count, eq, inArray } from 'drizzle-orm';
import { AssignmentStatus, EventHostType, ScheduleEventActivityType } from '../../src/contract/scheduling';
import type { Db } from '../db/client';
import {
  employees,
  eventHosts,
  icdOffices,
  lookups,
  programs,
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
import { DEPARTMENT_LOOKUP } from '../modules/scheduling/rs-schedule-service';

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

interface EventSeed {
  week: 0 | 1;
  /** 0 = Monday. */
  day: number;
  title: string;
  host: (typeof HOSTS)[number]['Name'];
  program: string | null;
  store: string | null;
  start: string;
  end: string;
  slots: [string, string, number][];
}

const EVENTS: EventSeed[] = [0, 1].flatMap((w) => {
  const week = w as 0 | 1;
  const every: EventSeed[] = [
    {
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
  if (week === 1)
    every.push(
      {
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
    const [toronto] = await tx.select().from(icdOffices).where(eq(icdOffices.OfficeName, 'Toronto Central'));
    if (!toronto) return;
    const people = await tx
      .select()
      .from(employees)
      .where(inArray(employees.UserName, ['manager', 'staff', 'rep']));
    const who = (u: string) => people.find((p) => p.UserName === u);
    const manager = who('manager');
    const staff = who('staff');
    const rep = who('rep');
    if (!manager || !staff || !rep) return;
    const programRows = await tx
      .select({ ProgramID: programs.ProgramID, Name: programs.Name })
      .from(programs);
    const storeRows = await tx
      .select({ StoreID: stores.StoreID, Name: stores.Name })
      .from(stores)
      .where(eq(stores.IcdOfficeID, toronto.IcdOfficeID));
    const programId = (name: string | null) => programRows.find((p) => p.Name === name)?.ProgramID ?? null;
    const storeId = (name: string | null) => storeRows.find((s) => s.Name === name)?.StoreID ?? null;

    const monday = rotationWeek(todayIn(toronto.TimeZone, now)).StartDate;
    const slotIds = new Map<
      string,
      { TimeSlotID: number; ScheduleEventID: number; start: string; end: string }
    >();
    for (const e of EVENTS) {
      const host = hostRows.find((h) => h.Name === e.host)!;
      const [event] = await tx
        .insert(scheduleEvents)
        .values({
          IcdOfficeID: toronto.IcdOfficeID,
          EventHostID: host.EventHostID,
          Title: e.title,
          Date: addDays(monday, e.week * 7 + e.day),
          StartTime: e.start,
          EndTime: e.end,
          StreetLine1: host.StreetLine1,
          City: host.City,
          StateProvince: host.StateProvince,
          PostalCode: host.PostalCode,
          CountryID: host.CountryID,
          ProgramID: programId(e.program),
          StoreID: storeId(e.store),
          Notes: e.week === 0 ? 'Arrive 30 minutes early to set up the booth.' : null,
          CreatedByEmployeeID: manager.EmployeeID,
        })
        .returning();
      await tx.insert(scheduleEventActivities).values({
        ScheduleEventID: event.ScheduleEventID,
        ActivityTypeID: ScheduleEventActivityType.Created,
        EmployeeID: manager.EmployeeID,
        Description: activityDescription(ScheduleEventActivityType.Created),
      });
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
        slotIds.set(`${e.week}|${e.title}|${s.StartTime}`, {
          TimeSlotID: s.TimeSlotID,
          ScheduleEventID: event.ScheduleEventID,
          start: s.StartTime,
          end: s.EndTime,
        });
    }

    const assignments: {
      key: string;
      person: typeof staff;
      status: AssignmentStatus;
      reason?: string;
    }[] = [
      { key: '0|Costco Road Show|10:00:00', person: staff, status: AssignmentStatus.Accepted },
      { key: '1|Costco Road Show|14:00:00', person: staff, status: AssignmentStatus.Pending },
    ];
    for (const a of assignments) {
      const slot = slotIds.get(a.key)!;
      const name = `${a.person.FirstName} ${a.person.LastName}`;
      const answered = a.status !== AssignmentStatus.Pending;
      const [row] = await tx
        .insert(scheduleEventAssignments)
        .values({
          TimeSlotID: slot.TimeSlotID,
          EmployeeID: a.person.EmployeeID,
          Status: a.status,
          Reason: a.reason ?? null,
          RespondedAt: answered ? now : null,
          AssignedByEmployeeID: manager.EmployeeID,
          Version: answered ? 2 : 1,
        })
        .returning();
      const detail = { employeeName: name, startTime: slot.start, endTime: slot.end };
      await tx.insert(scheduleEventActivities).values({
        ScheduleEventID: slot.ScheduleEventID,
        AssignmentID: row.AssignmentID,
        ActivityTypeID: ScheduleEventActivityType.Assigned,
        EmployeeID: manager.EmployeeID,
        SubjectEmployeeID: a.person.EmployeeID,
        Description: activityDescription(ScheduleEventActivityType.Assigned, detail),
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
          EmployeeID: a.person.EmployeeID,
          SubjectEmployeeID: a.person.EmployeeID,
          Description: activityDescription(type, detail),
          Comment: a.reason ?? null,
        });
      }
    }

    const [team] = await tx
      .insert(teams)
      .values({ Name: 'Toronto Road Show Team', IcdOfficeID: toronto.IcdOfficeID })
      .returning();
    await tx.insert(teamMembers).values([
      { TeamID: team.TeamID, EmployeeID: manager.EmployeeID, Roles: ['Team lead'], IsLeader: true },
      { TeamID: team.TeamID, EmployeeID: staff.EmployeeID, Roles: ['Brand ambassador'], IsLeader: false },
      { TeamID: team.TeamID, EmployeeID: rep.EmployeeID, Roles: ['Sales closer'], IsLeader: false },
    ]);

    const [schedule] = await tx
      .insert(rsSchedules)
      .values({
        IcdOfficeID: toronto.IcdOfficeID,
        StartDate: monday,
        EndDate: addDays(monday, 6),
        Notes: 'Road shows at Costco, Yorkdale and Best Buy.',
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
