// Which role dashboards the signed-in user may open, from their grants (no call is made). Kept apart
// from the data hooks so the home page can ask without loading them.
import { hasGrant } from '../../../api/permissions';
import { ROLE_DASHBOARDS, type RoleDashboardDef } from '../../../contract/dashboards';

export function roleDashboardsOf(grants: unknown): RoleDashboardDef[] {
  return ROLE_DASHBOARDS.filter((d) => hasGrant(grants, d.PermissionKey));
}
