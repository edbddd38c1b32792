import { ROGERS_CATEGORY_NAMES } from '../../../src/contract/orders';
import type { Row } from '../../../src/contract/rogers';
import type { Db } from '../../db/client';
import { addDays } from '../../domain/time/clock-time';
import { col, fig, type Made, weekStart } from './dashboards-parts';
import { rogersSales } from './orders-data';
import { entry, officeFilter, type Range, type RogersScope, share } from './scope';

export async function dailyProduction(
  db: Db,
  scope: RogersScope,
  r: Range,
  officeId?: number,
): Promise<Made> {
  const offices = officeFilter(scope, officeId);
  const sales = await rogersSales(db, { offices, sold: r, installed: r });
  const key = (day: string, office: string) => `${day}|${office}`;
  const rows = new Map<
    string,
    { Date: string; OfficeName: string; orders: Set<number>; Units: number; Installed: number }
  >();
  const at = (day: string, office: string) => {
    const row = entry(rows, key(day, office), () => ({
      Date: day,
      OfficeName: office,
      orders: new Set(),
      Units: 0,
      Installed: 0,
    }));
    return row;
  };
  for (const s of sales) {
    if (s.SaleDate >= r.start && s.SaleDate <= r.end) {
      const row = at(s.SaleDate, s.OfficeName);
      row.orders.add(s.WorkOrderID);
      row.Units += s.Quantity;
    }
    if (s.InstallDate && s.InstallDate >= r.start && s.InstallDate <= r.end)
      at(s.InstallDate, s.OfficeName).Installed += s.Quantity;
  }
  const list = [...rows.values()].sort(
    (a, b) => a.Date.localeCompare(b.Date) || a.OfficeName.localeCompare(b.OfficeName),
  );
  const perDay = new Map<string, Row>();
  for (let d = r.start; d <= r.end; d = addDays(d, 1)) perDay.set(d, { Date: d, Units: 0, Installed: 0 });
  for (const x of list) {
    const day = perDay.get(x.Date)!;
    day.Units = (day.Units as number) + x.Units;
    day.Installed = (day.Installed as number) + x.Installed;
  }
  const orders = new Set(
    sales.filter((s) => s.SaleDate >= r.start && s.SaleDate <= r.end).map((s) => s.WorkOrderID),
  ).size;
  const units = list.reduce((n, x) => n + x.Units, 0);
  const installed = list.reduce((n, x) => n + x.Installed, 0);
  return {
    Figures: [
      fig('Orders', orders),
      fig('Units', units),
      fig('Installed', installed),
      fig('InstallRate', share(installed, units), 'percent'),
    ],
    Charts: [
      {
        Key: 'perDay',
        Kind: 'bar',
        XKey: 'Date',
        Series: ['Units', 'Installed'],
        Stacked: false,
        Format: 'int',
        Data: [...perDay.values()],
      },
    ],
    Columns: [
      col('Date', 'date'),
      col('OfficeName'),
      col('Orders', 'int'),
      col('Units', 'int'),
      col('Installed', 'int'),
    ],
    Rows: list.map((x) => ({
      Date: x.Date,
      OfficeName: x.OfficeName,
      Orders: x.orders.size,
      Units: x.Units,
      Installed: x.Installed,
    })),
  };
}

export async function trend(db: Db, scope: RogersScope, r: Range, officeId?: number): Promise<Made> {
  const sales = await rogersSales(db, { offices: officeFilter(scope, officeId), sold: r });
  const cats = Object.entries(ROGERS_CATEGORY_NAMES).map(([id, name]) => ({ id: Number(id), name }));
  const weeks = new Map<string, Row>();
  for (let w = weekStart(r.start); w <= r.end; w = addDays(w, 7)) {
    const row: Row = { WeekStart: w };
    for (const c of cats) row[c.name] = 0;
    row.Total = 0;
    weeks.set(w, row);
  }
  for (const s of sales) {
    const row = weeks.get(weekStart(s.SaleDate));
    if (!row) continue;
    const name = s.RogersCategoryID === null ? null : ROGERS_CATEGORY_NAMES[s.RogersCategoryID];
    if (name) row[name] = (row[name] as number) + s.Quantity;
    row.Total = (row.Total as number) + s.Quantity;
  }
  const rows = [...weeks.values()];
  const total = (name: string) => rows.reduce((n, x) => n + (x[name] as number), 0);
  return {
    Figures: [fig('Units', total('Total')), ...cats.map((c) => fig(c.name, total(c.name)))],
    Charts: [
      {
        Key: 'weekly',
        Kind: 'bar',
        XKey: 'WeekStart',
        Series: cats.map((c) => c.name),
        Stacked: true,
        Format: 'int',
        Data: rows,
      },
    ],
    Columns: [col('WeekStart', 'date'), ...cats.map((c) => col(c.name, 'int')), col('Total', 'int')],
    Rows: rows,
  };
}
