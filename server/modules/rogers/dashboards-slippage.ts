import { StatusKind } from '../../../src/contract/orders';
import { type DashboardQuery, type Row, SLIPPAGE_DAYS_DEFAULT } from '../../../src/contract/rogers';
import type { Db } from '../../db/client';
import { addDays, dayNumber } from '../../domain/time/clock-time';
import { col, fig, type Made } from './dashboards-parts';
import { rogersSales } from './orders-data';
import { entry, officeFilter, type Range, type RogersScope, share } from './scope';

type Slip = 'InstalledLate' | 'NotInstalled' | 'Cancelled';

/** Why a unit sold on SaleDate slipped (null: installed in time, or not yet due at `asOf`). */
export function slipOf(
  s: { SaleDate: string; InstallDate: string | null; StatusKind: number },
  days: number,
  asOf: string,
): Slip | null {
  const due = addDays(s.SaleDate, days);
  if (s.InstallDate) return s.InstallDate > due ? 'InstalledLate' : null;
  if (s.StatusKind === StatusKind.Cancelled || s.StatusKind === StatusKind.Disconnect) return 'Cancelled';
  return asOf > due ? 'NotInstalled' : null;
}

export async function slippage(
  db: Db,
  scope: RogersScope,
  r: Range,
  q: DashboardQuery,
  detail: boolean,
): Promise<Made> {
  const days = q.slippageDays ?? SLIPPAGE_DAYS_DEFAULT;
  const sales = await rogersSales(db, { offices: officeFilter(scope, q.icdOfficeID), sold: r });
  if (detail) {
    const rows: Row[] = [];
    for (const s of sales) {
      const why = slipOf(s, days, r.end);
      if (!why) continue;
      rows.push({
        OrderNumber: s.OrderNumber,
        SaleDate: s.SaleDate,
        OfficeName: s.OfficeName,
        EmployeeName: s.EmployeeName,
        ProductName: s.ProductName,
        Quantity: s.Quantity,
        StatusName: s.StatusName,
        InstallDate: s.InstallDate,
        DaysOpen:
          dayNumber(s.InstallDate ?? (why === 'Cancelled' ? s.StatusDate : r.end)) - dayNumber(s.SaleDate),
        Slippage: why,
      });
    }
    const count = (why: Slip) =>
      rows.filter((x) => x.Slippage === why).reduce((n, x) => n + (x.Quantity as number), 0);
    const slices = (['InstalledLate', 'NotInstalled', 'Cancelled'] as const).map((why) => ({
      Slippage: why,
      Units: count(why),
    }));
    return {
      Figures: [
        fig(
          'Slipped',
          slices.reduce((n, x) => n + x.Units, 0),
        ),
        ...slices.map((x) => fig(x.Slippage, x.Units)),
      ],
      Charts: [
        {
          Key: 'why',
          Kind: 'donut',
          XKey: 'Slippage',
          Series: ['Units'],
          Stacked: false,
          Format: 'int',
          Data: slices,
        },
      ],
      Columns: [
        col('OrderNumber'),
        col('SaleDate', 'date'),
        col('OfficeName'),
        col('EmployeeName'),
        col('ProductName'),
        col('Quantity', 'int'),
        col('StatusName'),
        col('InstallDate', 'date'),
        col('DaysOpen', 'int'),
        col('Slippage'),
      ],
      Rows: rows,
    };
  }
  const per = new Map<
    string,
    {
      OfficeName: string;
      Units: number;
      InTime: number;
      InstalledLate: number;
      NotInstalled: number;
      Cancelled: number;
    }
  >();
  for (const s of sales) {
    const a = entry(per, s.OfficeName, () => ({
      OfficeName: s.OfficeName,
      Units: 0,
      InTime: 0,
      InstalledLate: 0,
      NotInstalled: 0,
      Cancelled: 0,
    }));
    a.Units += s.Quantity;
    const why = slipOf(s, days, r.end);
    if (why) a[why] += s.Quantity;
    else if (s.InstallDate) a.InTime += s.Quantity;
  }
  const rows = [...per.values()]
    .sort((a, b) => a.OfficeName.localeCompare(b.OfficeName))
    .map((a) => {
      const slipped = a.InstalledLate + a.NotInstalled + a.Cancelled;
      return { ...a, Slipped: slipped, SlippageRate: share(slipped, a.Units) };
    });
  const sum = (k: 'Units' | 'Slipped' | 'InTime') => rows.reduce((n, x) => n + x[k], 0);
  return {
    Figures: [
      fig('Units', sum('Units')),
      fig('InTime', sum('InTime')),
      fig('Slipped', sum('Slipped')),
      fig('SlippageRate', share(sum('Slipped'), sum('Units')), 'percent'),
    ],
    Charts: [
      {
        Key: 'perOffice',
        Kind: 'bar',
        XKey: 'OfficeName',
        Series: ['InTime', 'InstalledLate', 'NotInstalled', 'Cancelled'],
        Stacked: true,
        Format: 'int',
        Data: rows,
      },
    ],
    Columns: [
      col('OfficeName'),
      col('Units', 'int'),
      col('InTime', 'int'),
      col('InstalledLate', 'int'),
      col('NotInstalled', 'int'),
      col('Cancelled', 'int'),
      col('Slipped', 'int'),
      col('SlippageRate', 'percent'),
    ],
    Rows: rows,
  };
}
