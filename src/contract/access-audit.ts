// The access audit trail (server/db/schema/access.ts access_audit): who changed whose access and
// when — proxy sign-in and sign-out, roles created/updated/deleted, employee and claim permissions
// set/removed, claims imported, onboarding (applicant access) set/revoked. GET /api/access-audit reads
// it paged like the audit logs ({ Items, TotalCount, PageIndex, PageSize }, newest first unless sorted
// otherwise: by action, person concerned or who did it, either way), with the
// audit:read permission; GET /api/access-audit/employees lists the people who appear in it.
import { z } from 'zod';
import { AuditLogFilters } from './audit';
import { Instant, Int32, pagedResult, QueryInt32, WireDate } from './common';

export const AccessAuditAction = {
  ProxySignIn: 'ProxySignIn',
  ProxySignOut: 'ProxySignOut',
  RoleCreated: 'RoleCreated',
  RoleUpdated: 'RoleUpdated',
  RoleDeleted: 'RoleDeleted',
  EmployeePermissionSet: 'EmployeePermissionSet',
  EmployeePermissionRemoved: 'EmployeePermissionRemoved',
  ClaimPermissionSet: 'ClaimPermissionSet',
  ClaimPermissionRemoved: 'ClaimPermissionRemoved',
  ClaimsImported: 'ClaimsImported',
  OnboardingSet: 'OnboardingSet',
  OnboardingRevoked: 'OnboardingRevoked',
} as const;
export type AccessAuditAction = (typeof AccessAuditAction)[keyof typeof AccessAuditAction];
export const ACCESS_AUDIT_ACTIONS = Object.values(AccessAuditAction) as [
  AccessAuditAction,
  ...AccessAuditAction[],
];

export const AccessAuditEntry = z.object({
  AccessAuditID: z.number().int(),
  OccurredAt: Instant,
  Action: z.enum(ACCESS_AUDIT_ACTIONS),
  /** Who did it (for a proxy session: the user signed in as). */
  ActorEmployeeID: Int32.nullable(),
  ActorName: z.string().nullable(),
  /** The administrator behind a proxy session, if any. */
  ProxyByEmployeeID: Int32.nullable(),
  ProxyByName: z.string().nullable(),
  /** Whose access it is about (the proxied user, the employee whose permission changed); null for
   * company-wide changes (roles, claim permissions, imports). */
  EmployeeID: Int32.nullable(),
  EmployeeName: z.string().nullable(),
  /** What changed, as recorded with the change (keys depend on the action). */
  Detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AccessAuditEntry = z.infer<typeof AccessAuditEntry>;

export const AccessAuditPage = pagedResult(AccessAuditEntry);
export type AccessAuditPage = z.infer<typeof AccessAuditPage>;

export const ACCESS_AUDIT_MAX_PAGE_SIZE = 500;

/** The columns GET access-audit sorts by. */
export const ACCESS_AUDIT_SORTS = ['OccurredAt', 'Action', 'EmployeeName', 'ActorName'] as const;
export type AccessAuditSort = (typeof ACCESS_AUDIT_SORTS)[number];

export const AccessAuditQuery = z.object({
  /** Only rows of this action. */
  action: z.enum(ACCESS_AUDIT_ACTIONS).optional(),
  /** Only rows about this employee (the subject). */
  employeeId: QueryInt32.positive().optional(),
  /** Only rows done by this employee (as the actor or the administrator behind a proxy). */
  actorId: QueryInt32.positive().optional(),
  /** First day (in `timeZone`), inclusive. */
  startDate: WireDate.optional(),
  /** Last day (in `timeZone`), inclusive. */
  endDate: WireDate.optional(),
  /** The zone the dates are days of; default UTC. The PWA sends the browser's zone. */
  timeZone: AuditLogFilters.shape.timeZone,
  /** What the page is sorted by (default OccurredAt): the moment, the action's code, the name of the
   * person concerned or of who did it (rows without one last); ties newest first. */
  sort: z.enum(ACCESS_AUDIT_SORTS).optional(),
  /** The sort's way: by default descending for OccurredAt (newest first), ascending otherwise. */
  order: z.enum(['asc', 'desc']).optional(),
  pageIndex: QueryInt32.min(0).default(0),
  pageSize: QueryInt32.min(1).max(ACCESS_AUDIT_MAX_PAGE_SIZE).default(25),
});
export type AccessAuditQuery = z.infer<typeof AccessAuditQuery>;
export type AccessAuditFilters = Omit<AccessAuditQuery, 'pageIndex' | 'pageSize'>;

/** GET access-audit/employees: everyone who appears in the trail (as subject, actor or proxy). */
export const AccessAuditPerson = z.object({ EmployeeID: Int32, Name: z.string() });
export type AccessAuditPerson = z.infer<typeof AccessAuditPerson>;
