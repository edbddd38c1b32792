// Time reference data and the demo company's programs, stores and time entries. Called by seedDemo
// once the demo company exists: the time entry types go into any database; programs, stores and the
// entries only into a database that has none yet. Entries are the past three weeks and the current
// week up to yesterday for `staff`, `rep` and `manager` at Toronto Central (work with breaks), so
// the timesheet and time approvals have data.
import { count, inArray } from 'drizzle-orm';
import { Division } from '../../src/contract/common';
import { TimeEntryTypeId } from '../../src/contract/time';
import type { Db } from '../db/client';
import {
  employees,
  icdOffices,
  officeDivisions,
  officePrograms,
  programs,
  stores,
  timeEntries,
  timeEntryTypes,
} from '../db/tables';
import { addDays, isoWeekday } from '../domain/time/clock-time';
import { weekOf } from '../domain/time/week';

const TYPES: { TimeEntryTypeID: number; Name: string }[] = [
  { TimeEntryTypeID: TimeEntryTypeId.Work, Name: 'Work' },
  { TimeEntryTypeID: TimeEntryTypeId.Training, Name: 'Training' },
  { TimeEntryTypeID: TimeEntryTypeId.Travel, Name: 'Travel' },
  { TimeEntryTypeID: TimeEntryTypeId.Meeting, Name: 'Meeting' },
  { TimeEntryTypeID: TimeEntryTypeId.EventSetup, Name: 'Event setup' },
];

const PROGRAMS: { Name: string; DivisionID: number }[] = [
  { Name: 'Costco Road Show', DivisionID: Division.RoadShow },
  { Name: 'Walmart Events', DivisionID: Division.RoadShow },
  { Name: 'Best Buy Weekend Demos', DivisionID: Division.RoadShow },
  { Name: 'Mall Kiosk Tour', DivisionID: Division.RoadShow },
  { Name: 'Rogers Door-to-Door', DivisionID: Division.Rogers },
  { Name: 'Rogers Retail Kiosk', DivisionID: Division.Rogers },
  { Name: 'Rogers Business Outreach', DivisionID: Division.Rogers },
  { Name: 'Dtv Residential', DivisionID: Division.Dtv },
  { Name: 'Dtv Multi-Dwelling Units', DivisionID: Division.Dtv },
  { Name: 'Dtv Retail Events', DivisionID: Division.Dtv },
];

const HOST = { Retailer: 1, ShoppingMall: 3 } as const;

interface StoreSeed {
  program: string;
  Name: string;
  StoreNumber: string | null;
  StreetLine1: string;
  City: string;
  StateProvince: string;
  PostalCode: string;
  Latitude: number;
  Longitude: number;
  HostTypeID: number;
  RetailerName: string | null;
}

/**
 * Stores per office (by office name), one a line: program | store | store number | street | city |
 * province/state | postal code | latitude | longitude | retailer (empty: a shopping mall).
 * Door-to-door programs have none.
 */
const STORE_TABLE = `
Toronto Central|Costco Road Show|Costco Etobicoke|524|50 Queen Elizabeth Blvd|Etobicoke|ON|M8Z 1M1|43.6216|-79.5189|Costco
Toronto Central|Costco Road Show|Costco Scarborough|535|1411 Warden Ave|Scarborough|ON|M1R 2S3|43.7588|-79.3036|Costco
Toronto Central|Walmart Events|Walmart Stockyards Supercentre|3106|2525 St Clair Ave W|Toronto|ON|M6N 4Z5|43.6702|-79.476|Walmart
Toronto Central|Walmart Events|Walmart Dufferin Mall|3045|900 Dufferin St|Toronto|ON|M6H 4A9|43.6561|-79.4357|Walmart
Toronto Central|Best Buy Weekend Demos|Best Buy Toronto Eaton Centre|961|220 Yonge St|Toronto|ON|M5B 2H1|43.6544|-79.3807|Best Buy
Toronto Central|Mall Kiosk Tour|Yorkdale Shopping Centre||3401 Dufferin St|North York|ON|M6A 2T9|43.7255|-79.4522|
Toronto Central|Mall Kiosk Tour|Scarborough Town Centre||300 Borough Dr|Scarborough|ON|M1P 4P5|43.7757|-79.2578|
Toronto Central|Rogers Retail Kiosk|Square One Kiosk||100 City Centre Dr|Mississauga|ON|L5B 2C9|43.593|-79.6424|
Toronto Central|Rogers Retail Kiosk|Fairview Mall Kiosk||1800 Sheppard Ave E|North York|ON|M2J 5A7|43.7778|-79.3445|
Vancouver Harbour|Costco Road Show|Costco Vancouver|1054|605 Expo Blvd|Vancouver|BC|V6B 1V4|49.2773|-123.1108|Costco
Vancouver Harbour|Costco Road Show|Costco Burnaby|54|4500 Still Creek Dr|Burnaby|BC|V5C 0E5|49.266|-123.001|Costco
Vancouver Harbour|Walmart Events|Walmart Grandview Supercentre|3130|3585 Grandview Hwy|Vancouver|BC|V5M 2G7|49.2587|-123.0271|Walmart
Vancouver Harbour|Best Buy Weekend Demos|Best Buy Metrotown|933|4700 Kingsway|Burnaby|BC|V5H 4M1|49.2276|-123.0005|Best Buy
Vancouver Harbour|Mall Kiosk Tour|Pacific Centre||701 W Georgia St|Vancouver|BC|V7Y 1G5|49.2829|-123.1185|
Vancouver Harbour|Dtv Retail Events|Guildford Town Centre||10355 152 St|Surrey|BC|V3R 7C1|49.1899|-122.804|
Calgary South|Rogers Retail Kiosk|Chinook Centre Kiosk||6455 Macleod Trail SW|Calgary|AB|T2H 0K8|50.9982|-114.0735|
Calgary South|Rogers Retail Kiosk|CrossIron Mills Kiosk||261055 Crossiron Blvd|Rocky View County|AB|T4A 0G3|51.2025|-113.993|
Chicago Loop|Costco Road Show|Costco Chicago Lincoln Park|380|2746 N Clybourn Ave|Chicago|IL|60614|41.9316|-87.6727|Costco
Chicago Loop|Walmart Events|Walmart Supercenter Chatham|5781|8331 S Stewart Ave|Chicago|IL|60620|41.7433|-87.6352|Walmart
Chicago Loop|Best Buy Weekend Demos|Best Buy North Avenue|1416|1000 W North Ave|Chicago|IL|60642|41.9106|-87.6532|Best Buy
Chicago Loop|Mall Kiosk Tour|Water Tower Place||835 N Michigan Ave|Chicago|IL|60611|41.8977|-87.6233|
Chicago Loop|Dtv Retail Events|Target State Street|T2118|1 S State St|Chicago|IL|60603|41.8818|-87.6276|Target
Los Angeles Westside|Costco Road Show|Costco Marina del Rey|479|13463 Washington Blvd|Marina del Rey|CA|90292|33.9937|-118.4447|Costco
Los Angeles Westside|Walmart Events|Walmart Supercenter Panorama City|5604|8333 Van Nuys Blvd|Panorama City|CA|91402|34.2229|-118.4488|Walmart
Los Angeles Westside|Best Buy Weekend Demos|Best Buy West Los Angeles|149|11301 W Olympic Blvd|Los Angeles|CA|90064|34.0407|-118.4422|Best Buy
Los Angeles Westside|Mall Kiosk Tour|Westfield Century City||10250 Santa Monica Blvd|Los Angeles|CA|90067|34.0584|-118.4186|
`;

const STORES: (StoreSeed & { office: string })[] = STORE_TABLE.trim()
  .split('\n')
  .map((line) => {
    const [office, program, Name, number, StreetLine1, City, StateProvince, PostalCode, lat, lon, retailer] =
      line.split('|');
    return {
      office,
      program,
      Name,
      StoreNumber: number || null,
      StreetLine1,
      City,
      StateProvince,
      PostalCode,
      Latitude: Number(lat),
      Longitude: Number(lon),
      HostTypeID: retailer ? HOST.Retailer : HOST.ShoppingMall,
      RetailerName: retailer || null,
    };
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

/** Minutes east of UTC of a zone at noon (UTC) of a date: -300 for Toronto in winter. */
function offsetMinutes(timeZone: string, date: string): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(`${date}T12:00:00Z`))
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 'HH:mm:ss' from minutes since midnight plus seconds. */
const at = (minutes: number, seconds = 0) =>
  `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad(seconds)}`;

export async function seedTime(db: Db, now: Date = new Date()): Promise<void> {
  await db
    .insert(timeEntryTypes)
    .values(TYPES.map((t, i) => ({ ...t, SortIndex: i })))
    .onConflictDoNothing();
  const [{ n }] = await db.select({ n: count() }).from(programs);
  if (n > 0) return;

  await db.transaction(async (tx) => {
    const programRows = await tx.insert(programs).values(PROGRAMS).returning();
    const program = (name: string) => programRows.find((p) => p.Name === name)!;
    const offices = await tx.select().from(icdOffices);
    const links = await tx.select().from(officeDivisions);
    const officePairs = offices.flatMap((o) =>
      programRows
        .filter((p) => links.some((l) => l.IcdOfficeID === o.IcdOfficeID && l.DivisionID === p.DivisionID))
        .map((p) => ({ IcdOfficeID: o.IcdOfficeID, ProgramID: p.ProgramID })),
    );
    if (officePairs.length) await tx.insert(officePrograms).values(officePairs);
    const storeValues = offices.flatMap((o) =>
      STORES.filter((st) => st.office === o.OfficeName)
        .filter((st) =>
          officePairs.some(
            (l) => l.IcdOfficeID === o.IcdOfficeID && l.ProgramID === program(st.program).ProgramID,
          ),
        )
        .map(({ program: name, office: _office, ...st }) => ({
          ...st,
          ProgramID: program(name).ProgramID,
          IcdOfficeID: o.IcdOfficeID,
        })),
    );
    const storeRows = storeValues.length ? await tx.insert(stores).values(storeValues).returning() : [];

    const toronto = offices.find((o) => o.OfficeName === 'Toronto Central');
    if (!toronto) return;
    const people = await tx
      .select({ EmployeeID: employees.EmployeeID, UserName: employees.UserName })
      .from(employees)
      .where(inArray(employees.UserName, ['staff', 'rep', 'manager']));
    const who = (u: string) => people.find((p) => p.UserName === u)?.EmployeeID;
    const torontoStores = storeRows.filter((st) => st.IcdOfficeID === toronto.IcdOfficeID);
    const storesOf = (name: string) => torontoStores.filter((st) => st.ProgramID === program(name).ProgramID);

    const today = todayIn(toronto.TimeZone, now);
    const first = addDays(weekOf(today).start, -21);

    interface Shift {
      employeeId: number;
      date: string;
      type: number;
      programId: number | null;
      storeId: number | null;
      start: number;
      end: number;
      seconds: number;
      breakAt: number | null;
      breakMinutes: number;
      realTime: boolean;
      lat: number | null;
      lon: number | null;
      comments: string | null;
    }
    const shifts: Shift[] = [];
    for (let date = first; date < today; date = addDays(date, 1)) {
      const weekday = isoWeekday(date);
      const dayIndex = Math.round((Date.parse(date) - Date.parse(first)) / 86_400_000);
      const jitter = ((dayIndex * 7) % 4) * 5; // 0, 5, 10 or 15 minutes
      const seconds = (dayIndex * 17) % 60;
      const staff = who('staff');
      // Event staff: Tuesday, Thursday, Friday and Saturday at a road show; alternating programs by week.
      if (staff && [2, 4, 5, 6].includes(weekday)) {
        const programName = Math.floor(dayIndex / 7) % 2 === 0 ? 'Costco Road Show' : 'Walmart Events';
        const options = storesOf(programName);
        const store = options[dayIndex % Math.max(1, options.length)];
        const saturday = weekday === 6;
        shifts.push({
          employeeId: staff,
          date,
          type: TimeEntryTypeId.Work,
          programId: program(programName).ProgramID,
          storeId: store?.StoreID ?? null,
          start: (saturday ? 9 * 60 + 30 : 10 * 60) + jitter,
          end: (saturday ? 17 * 60 : 18 * 60 + 30) + jitter,
          seconds,
          breakAt: (saturday ? 12 * 60 + 30 : 14 * 60) + jitter,
          breakMinutes: 30,
          realTime: true,
          lat: store?.Latitude ?? null,
          lon: store?.Longitude ?? null,
          comments: saturday ? 'Weekend demo, busy afternoon' : null,
        });
      }
      // Field rep: door-to-door, Monday to Friday, afternoons into the evening.
      const rep = who('rep');
      if (rep && weekday <= 5) {
        shifts.push({
          employeeId: rep,
          date,
          type: TimeEntryTypeId.Work,
          programId: program('Rogers Door-to-Door').ProgramID,
          storeId: null,
          start: 12 * 60 + jitter,
          end: 20 * 60 + jitter,
          seconds: (seconds + 23) % 60,
          breakAt: 16 * 60 + jitter,
          breakMinutes: 30,
          realTime: true,
          lat: 43.6532 + (dayIndex % 5) * 0.011,
          lon: -79.3832 - (dayIndex % 3) * 0.017,
          comments: null,
        });
      }
      // Manager: Monday team meeting, then office days with a lunch break.
      const manager = who('manager');
      if (manager && weekday <= 5) {
        if (weekday === 1)
          shifts.push({
            employeeId: manager,
            date,
            type: TimeEntryTypeId.Meeting,
            programId: null,
            storeId: null,
            start: 8 * 60 + 30,
            end: 10 * 60,
            seconds: 0,
            breakAt: null,
            breakMinutes: 0,
            realTime: false,
            lat: null,
            lon: null,
            comments: 'Weekly team meeting',
          });
        shifts.push({
          employeeId: manager,
          date,
          type: TimeEntryTypeId.Work,
          programId: program('Rogers Retail Kiosk').ProgramID,
          storeId: storesOf('Rogers Retail Kiosk')[dayIndex % 2]?.StoreID ?? null,
          start: weekday === 1 ? 10 * 60 : 8 * 60 + 30 + jitter,
          end: 17 * 60 + jitter,
          seconds: 0,
          breakAt: 12 * 60 + 15,
          breakMinutes: 45,
          realTime: false,
          lat: null,
          lon: null,
          comments: null,
        });
      }
    }

    for (const sh of shifts) {
      const [y, m, d] = sh.date.split('-').map(Number);
      const offset = offsetMinutes(toronto.TimeZone, sh.date);
      const endedAt = new Date(Date.UTC(y, m - 1, d, 0, sh.end + 1) - offset * 60_000);
      const common = {
        Date: sh.date,
        EmployeeID: sh.employeeId,
        TimeEntryTypeID: sh.type,
        IcdOfficeID: toronto.IcdOfficeID,
        ProgramID: sh.programId,
        StoreID: sh.storeId,
        IsRealTime: sh.realTime,
        TimeZoneOffset: offset,
        CreatedByEmployeeID: sh.employeeId,
        UpdatedByEmployeeID: sh.employeeId,
        // Recorded when the shift ended (every seeded day is before today).
        CreatedAt: endedAt,
        UpdatedAt: endedAt,
      };
      const [work] = await tx
        .insert(timeEntries)
        .values({
          ...common,
          Comments: sh.comments,
          StartTime: at(sh.start, sh.seconds),
          EndTime: at(sh.end, (sh.seconds + 31) % 60),
          IsBreak: false,
          Latitude: sh.lat,
          Longitude: sh.lon,
          LocationAccuracy: sh.lat === null ? null : 12,
        })
        .returning({ Id: timeEntries.Id });
      if (sh.breakAt !== null)
        await tx.insert(timeEntries).values({
          ...common,
          StartTime: at(sh.breakAt, (sh.seconds + 5) % 60),
          EndTime: at(sh.breakAt + sh.breakMinutes, (sh.seconds + 11) % 60),
          IsBreak: true,
          ParentTimeEntryID: work.Id,
        });
    }
  });
}
