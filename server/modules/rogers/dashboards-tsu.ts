// Rogers dashboards of time-slot utilisation (TSU), per employee and per owner and office, from the
// scheduling TSU reports.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { corporations, icdOffices } from '../../db/tables';
import type { Actor } from '../access/service';
import { employeeTsuReport, tsuReportSummary } from '../scheduling/report-service';
import { MANAGE } from '../scheduling/scope';
import { col, fig, type Made } from './dashboards-parts';
import { entry, officeFilter, type Range, type RogersScope, share } from './scope';

/** The caller seen by the scheduling TSU reports with the offices of reports:read. */
function tsuActor(scope: RogersScope): Actor {
  const a = scope.actor;
  return {
    ...a,
    has: (k) => (k === MANAGE ? true : a.has(k)),
    offices: (k) => (k === MANAGE ? scope.offices : a.offices(k)),
  };
}

export async function employeesTsu(db: Db, scope: RogersScope, r: Range, officeId?: number): Promise<Made> {
  officeFilter(scope, officeId);
  const rep = await employeeTsuReport({
    db,
    actor: tsuActor(scope),
    query: { startDate: r.start, endDate: r.end, icdOfficeID: officeId },
  });
  const rows = rep.Rows.map((x) => ({
    EmployeeName: x.EmployeeName,
    SlotsOffered: x.SlotsOffered,
    SlotsAccepted: x.SlotsAccepted,
    SlotsRejected: x.SlotsRejected,
    AcceptanceRate: x.AcceptanceRate,
    Hours: x.Hours,
    TotalHours: x.TotalHours,
  }));
  const sum = (k: keyof (typeof rows)[number]) => rows.reduce((n, x) => n + (x[k] as number), 0);
  return {
    Figures: [
      fig('Employees', rows.length),
      fig('SlotsAccepted', sum('SlotsAccepted')),
      fig('Hours', Math.round(sum('TotalHours') * 100) / 100, 'decimal'),
      fig(
        'AcceptanceRate',
        share(sum('SlotsAccepted'), sum('SlotsAccepted') + sum('SlotsRejected')),
        'percent',
      ),
    ],
    Charts: [
      {
        Key: 'hours',
        Kind: 'bar',
        XKey: 'EmployeeName',
        Series: ['Hours', 'TotalHours'],
        Stacked: false,
        Format: 'decimal',
        Data: rows.slice(0, 40),
      },
    ],
    Columns: [
      col('EmployeeName'),
      col('SlotsOffered', 'int'),
      col('SlotsAccepted', 'int'),
      col('SlotsRejected', 'int'),
      col('AcceptanceRate', 'percent'),
      col('Hours', 'decimal'),
      col('TotalHours', 'decimal'),
    ],
    Rows: rows,
  };
}

export async function ownersTsu(db: Db, scope: RogersScope, r: Range, officeId?: number): Promise<Made> {
  officeFilter(scope, officeId);
  const rep = await tsuReportSummary({
    db,
    actor: tsuActor(scope),
    query: { startDate: r.start, endDate: r.end, icdOfficeID: officeId },
  });
  const ids = [...new Set(rep.Rows.map((x) => x.IcdOfficeID))];
  const names = ids.length
    ? await db
        .select({
          id: icdOffices.IcdOfficeID,
          office: icdOffices.OfficeName,
          owner: corporations.Owner,
          corp: corporations.ClientName,
        })
        .from(icdOffices)
        .innerJoin(corporations, eq(corporations.IcdCorporationID, icdOffices.IcdCorporationID))
        .where(inArray(icdOffices.IcdOfficeID, ids))
    : [];
  const byId = new Map(names.map((n) => [n.id, n]));
  const acc = new Map<
    number,
    {
      Owner: string;
      CorporationName: string;
      OfficeName: string;
      Events: Set<number>;
      Capacity: number;
      Accepted: number;
      CapacityHours: number;
      Hours: number;
    }
  >();
  for (const x of rep.Rows) {
    const n = byId.get(x.IcdOfficeID);
    const a = entry(acc, x.IcdOfficeID, () => ({
      Owner: n?.owner ?? '',
      CorporationName: n?.corp ?? '',
      OfficeName: n?.office ?? '',
      Events: new Set(),
      Capacity: 0,
      Accepted: 0,
      CapacityHours: 0,
      Hours: 0,
    }));
    a.Events.add(x.ScheduleEventID);
    a.Capacity += x.Capacity;
    a.Accepted += x.Accepted;
    a.CapacityHours += x.CapacityHours;
    a.Hours += x.Hours;
  }
  const rows = [...acc.values()]
    .sort(
      (a, b) =>
        a.Owner.localeCompare(b.Owner) ||
        a.CorporationName.localeCompare(b.CorporationName) ||
        a.OfficeName.localeCompare(b.OfficeName),
    )
    .map((a) => ({
      Owner: a.Owner,
      CorporationName: a.CorporationName,
      OfficeName: a.OfficeName,
      Events: a.Events.size,
      Capacity: a.Capacity,
      Accepted: a.Accepted,
      Hours: Math.round(a.Hours * 100) / 100,
      Utilization: share(a.Accepted, a.Capacity),
    }));
  return {
    Figures: [
      fig('Events', rep.Totals.Events),
      fig('Capacity', rep.Totals.Capacity),
      fig('Accepted', rep.Totals.Accepted),
      fig('Utilization', rep.Totals.Utilization, 'percent'),
    ],
    Charts: [
      {
        Key: 'utilization',
        Kind: 'bar',
        XKey: 'OfficeName',
        Series: ['Capacity', 'Accepted'],
        Stacked: false,
        Format: 'int',
        Data: rows,
      },
    ],
    Columns: [
      col('Owner'),
      col('CorporationName'),
      col('OfficeName'),
      col('Events', 'int'),
      col('Capacity', 'int'),
      col('Accepted', 'int'),
      col('Hours', 'decimal'),
      col('Utilization', 'percent'),
    ],
    Rows: rows,
  };
}
