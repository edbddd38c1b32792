// The access audit trail (server/db/schema/access.ts accessAudit): proxy sign-in and sign-out, roles,
// employee and claim permissions, claim imports. Written with the change it records.
import type { Db } from '../../db/client';
import { accessAudit } from '../../db/tables';
import type { Actor } from './service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

export type AccessAuditAction =
  | 'ProxySignIn'
  | 'ProxySignOut'
  | 'RoleCreated'
  | 'RoleUpdated'
  | 'RoleDeleted'
  | 'EmployeePermissionSet'
  | 'EmployeePermissionRemoved'
  | 'ClaimPermissionSet'
  | 'ClaimPermissionRemoved'
  | 'ClaimsImported'
  | 'OnboardingSet'
  | 'OnboardingRevoked';

export async function recordAccessAudit(
  db: Conn,
  input: {
    action: AccessAuditAction;
    /** Who did it; for a proxy session the proxied user with the administrator behind it. */
    by: Pick<Actor, 'EmployeeID' | 'ProxyByEmployeeID'> | null;
    employeeId?: number | null;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(accessAudit).values({
    Action: input.action,
    ActorEmployeeID: input.by?.EmployeeID ?? null,
    ProxyByEmployeeID: input.by?.ProxyByEmployeeID ?? null,
    EmployeeID: input.employeeId ?? null,
    Detail: input.detail ?? null,
  });
}
