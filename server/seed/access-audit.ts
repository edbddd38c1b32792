// Demo rows of the access audit trail (GET /api/access-audit, Audit logs → Access changes), all before
// `now`: the administrator gave field reps a report permission, tried a permission on the manager and
// took it back, and signed in as the staff user for a quarter of an hour. The role row matches the
// role as seeded (its Before lacks the key it now has); the permission was set and removed again, so
// the trail agrees with the access the demo people hold.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessAudit, employees, rolePermissions, roles } from '../db/tables';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function seedAccessAudit(db: Db, now: Date): Promise<void> {
  const people = await db
    .select({ EmployeeID: employees.EmployeeID, UserName: employees.UserName })
    .from(employees)
    .where(inArray(employees.UserName, ['admin', 'manager', 'staff']));
  const id = (u: string) => people.find((p) => p.UserName === u)?.EmployeeID;
  const admin = id('admin');
  const manager = id('manager');
  const staff = id('staff');
  const [rep] = await db.select().from(roles).where(eq(roles.Name, 'Field rep'));
  if (!admin || !manager || !staff || !rep) return;
  const permissions = (
    await db
      .select({ PermissionKey: rolePermissions.PermissionKey, Value: rolePermissions.Value })
      .from(rolePermissions)
      .where(eq(rolePermissions.RoleID, rep.RoleID))
  ).sort((a, b) => a.PermissionKey.localeCompare(b.PermissionKey));
  const added = permissions.find((p) => p.PermissionKey.startsWith('reports:')) ?? permissions.at(-1);
  const role = {
    Name: rep.Name,
    Description: rep.Description,
    ScopeID: rep.ScopeID,
    GrantTypeID: rep.GrantTypeID,
  };
  const at = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
  const by = { ActorEmployeeID: admin, ProxyByEmployeeID: null };

  await db.insert(accessAudit).values([
    {
      ...by,
      OccurredAt: at(12, 3),
      Action: 'RoleUpdated',
      EmployeeID: null,
      Detail: {
        RoleID: rep.RoleID,
        Before: { ...role, Permissions: permissions.filter((p) => p !== added) },
        After: { ...role, Permissions: permissions },
      },
    },
    {
      ...by,
      OccurredAt: at(9, 5),
      Action: 'EmployeePermissionSet',
      EmployeeID: manager,
      Detail: { PermissionKey: 'payroll:read', Before: null, After: 'true' },
    },
    {
      ...by,
      OccurredAt: at(8, 2),
      Action: 'EmployeePermissionRemoved',
      EmployeeID: manager,
      Detail: { PermissionKey: 'payroll:read', Before: 'true' },
    },
    { ...by, OccurredAt: at(2, 4), Action: 'ProxySignIn', EmployeeID: staff, Detail: { Ip: '10.0.4.17' } },
    { ...by, OccurredAt: at(2, 3.75), Action: 'ProxySignOut', EmployeeID: staff, Detail: null },
  ]);
}
