import type { DashboardQuery, RogersDashboard, RogersDashboardId } from '../../../src/contract/rogers';
import type { Db } from '../../db/client';
import type { Actor } from '../access/service';
import { recruitingBonus } from './dashboards-bonus';
import type { Made } from './dashboards-parts';
import { dailyProduction, trend } from './dashboards-sales';
import { slippage } from './dashboards-slippage';
import { employeesTsu, ownersTsu } from './dashboards-tsu';
import { rangeOf, rogersScope } from './scope';

export { slipOf } from './dashboards-slippage';

export const DASHBOARD_TEXT: Record<RogersDashboardId, { Title: string; Description: string }> = {
  'daily-production-report': {
    Title: 'Daily production',
    Description:
      'Rogers work orders and units sold per sale day and office, and units installed per install day, at the offices you see.',
  },
  'employees-tsu-report': {
    Title: 'Employees TSU',
    Description:
      'Time-slot utilisation per employee from the schedule: slots offered, accepted and rejected, and hours of accepted slots.',
  },
  'owners-tsu-report': {
    Title: 'Owners TSU',
    Description:
      'Time-slot utilisation per owner and office: capacity of the scheduled slots, accepted places, hours and utilisation.',
  },
  'rogers-trend-report': {
    Title: 'Rogers trend',
    Description: 'Rogers units sold per week (Monday to Sunday) by Rogers category, 1 TV to 7 Migration.',
  },
  'rogers-slippage-summary-report': {
    Title: 'Rogers slippage summary',
    Description:
      'Units sold in the dates that were not installed within the slippage days of the sale: installed late, still booked past the days at the end date, or cancelled before install, per office.',
  },
  'rogers-slippage-report': {
    Title: 'Rogers slippage',
    Description: 'Each slipped unit: its order, rep, product, status and days since the sale.',
  },
  'rogers-recruiting-bonus-report': {
    Title: 'Rogers recruiting bonus',
    Description:
      "Bonus paid through payroll (the earnings lines 'Bonus') in payrolls paid in the dates, to people at offices of the Rogers division, per office.",
  },
  'rogers-recruiting-bonus-breakdown-report': {
    Title: 'Rogers recruiting bonus breakdown',
    Description: 'Each bonus line paid through payroll: the person, office, pay period, pay date and amount.',
  },
};

export async function rogersDashboard(p: {
  db: Db;
  actor: Actor;
  id: RogersDashboardId;
  query: DashboardQuery;
  now: Date;
}): Promise<RogersDashboard> {
  const { db, id, query } = p;
  const scope = await rogersScope(db, p.actor);
  const r = rangeOf(query, p.now);
  const o = query.icdOfficeID;
  let made: Made;
  switch (id) {
    case 'daily-production-report':
      made = await dailyProduction(db, scope, r, o);
      break;
    case 'employees-tsu-report':
      made = await employeesTsu(db, scope, r, o);
      break;
    case 'owners-tsu-report':
      made = await ownersTsu(db, scope, r, o);
      break;
    case 'rogers-trend-report':
      made = await trend(db, scope, r, o);
      break;
    case 'rogers-slippage-summary-report':
      made = await slippage(db, scope, r, query, false);
      break;
    case 'rogers-slippage-report':
      made = await slippage(db, scope, r, query, true);
      break;
    case 'rogers-recruiting-bonus-report':
      made = await recruitingBonus(db, scope, r, o, false);
      break;
    case 'rogers-recruiting-bonus-breakdown-report':
      made = await recruitingBonus(db, scope, r, o, true);
      break;
  }
  return {
    DashboardID: id,
    ...DASHBOARD_TEXT[id],
    StartDate: r.start,
    EndDate: r.end,
    IcdOfficeID: o ?? null,
    ...made,
  };
}
