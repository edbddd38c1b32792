// GET Home/employee-identity/{id} and GET home/dashboards (spec 001 §6–7): the role dashboards of the
// home page (src/contract/dashboards.ts) and the Rogers dashboards, each behind its permission key.
import { eq } from 'drizzle-orm';
import type { Dashboard, EmployeeIdentity } from '../../../src/contract/access';
import { ROLE_DASHBOARDS, roleDashboardUrl } from '../../../src/contract/dashboards';
import { ModuleId } from '../../../src/contract/modules';
import type { Db } from '../../db/client';
import { employees } from '../../db/tables';
import { notFound } from '../../errors';
import { ADMIN_PERMISSIONS, EMPLOYEE, employeeInScope } from './scope';
import type { Actor } from './service';

/**
 * Oneself and the administrator behind one's proxy session (the header names them) need no
 * permission; anyone else must be in the caller's employees:read or admin:permissions scope.
 */
export async function employeeIdentity(db: Db, actor: Actor, id: number): Promise<EmployeeIdentity> {
  if (id !== actor.EmployeeID && id !== actor.ProxyByEmployeeID) {
    const key = actor.has(ADMIN_PERMISSIONS) ? ADMIN_PERMISSIONS : 'employees:read';
    if (!actor.has(key)) throw notFound(EMPLOYEE);
    await employeeInScope(db, actor, key, id);
  }
  const [e] = await db
    .select({
      EmployeeID: employees.EmployeeID,
      UserName: employees.UserName,
      FirstName: employees.FirstName,
      LastName: employees.LastName,
      EmailAddress: employees.EmailAddress,
      Inactive: employees.Inactive,
    })
    .from(employees)
    .where(eq(employees.EmployeeID, id));
  if (!e) throw notFound(EMPLOYEE);
  return { ...e, FullName: `${e.FirstName} ${e.LastName}` };
}

/** The dashboards of the product (spec 002 §7 "Dashboards"), each behind reports:read. */
const DASHBOARDS: Array<Omit<Dashboard, 'Url'> & { key: string }> = [
  ['daily-production-report', 'Daily production'],
  ['employees-tsu-report', 'Employees TSU'],
  ['owners-tsu-report', 'Owners TSU'],
  ['rogers-trend-report', 'Rogers trend'],
  ['rogers-slippage-summary-report', 'Rogers slippage summary'],
  ['rogers-slippage-report', 'Rogers slippage'],
  ['rogers-recruiting-bonus-report', 'Rogers recruiting bonus'],
  ['rogers-recruiting-bonus-breakdown-report', 'Rogers recruiting bonus breakdown'],
].map(([DashboardID, Title]) => ({
  DashboardID,
  Title,
  ModuleID: ModuleId.RogersReports,
  key: 'reports:read',
}));

/** The role dashboards (the home page's cards), then the Rogers dashboards, each behind its key. */
const ALL_DASHBOARDS: Array<Omit<Dashboard, 'Url'> & { key: string; url: string }> = [
  ...ROLE_DASHBOARDS.map((d) => ({
    DashboardID: d.DashboardID,
    Title: d.Title,
    ModuleID: d.ModuleID,
    key: d.PermissionKey,
    url: roleDashboardUrl(d.DashboardID),
  })),
  ...DASHBOARDS.map((d) => ({ ...d, url: `/dashboards/rogers/${d.DashboardID}` })),
];

export function dashboardsFor(
  actor: Actor,
  query: { moduleId?: number; title?: string; dashboardId?: string },
): Dashboard[] {
  const title = query.title?.trim().toLowerCase() ?? '';
  return ALL_DASHBOARDS.filter((d) => actor.has(d.key))
    .filter((d) => query.moduleId === undefined || d.ModuleID === query.moduleId)
    .filter((d) => title === '' || d.Title.toLowerCase().includes(title))
    .filter((d) => !query.dashboardId || d.DashboardID === query.dashboardId)
    .map(({ key: _key, url, ...d }) => ({ ...d, Url: url }));
}
