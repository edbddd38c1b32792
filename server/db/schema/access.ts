import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { corporations, divisions } from './organisation';
import { employees, employmentRecords } from './people';

export const permissions = pgTable('permissions', {
  Key: text('key').primaryKey(),
  Name: text('name').notNull(),
  ModuleID: integer('module_id'),
});

/** Roles v2: a scope (Global, Divisional, Organizational, EmploymentRecord, Hidden) and a grant type. */
export const roles = pgTable('roles', {
  RoleID: serial('role_id').primaryKey(),
  Name: text('name').notNull().unique(),
  /** Free text, or '|' + a translation key the PWA shows translated. */
  Description: text('description'),
  ScopeID: integer('scope_id').notNull(),
  GrantTypeID: integer('grant_type_id').notNull(),
  DivisionID: integer('division_id').references(() => divisions.DivisionID),
  IcdCorporationID: integer('icd_corporation_id').references(() => corporations.IcdCorporationID),
  IsAssignable: boolean('is_assignable').notNull().default(true),
  Version: integer('version').notNull().default(1),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    RoleID: integer('role_id')
      .notNull()
      .references(() => roles.RoleID, { onDelete: 'cascade' }),
    PermissionKey: text('permission_key').notNull(),
    Value: text('value').notNull().default('true'),
  },
  (t) => [primaryKey({ columns: [t.RoleID, t.PermissionKey] })],
);

/** A role held by an employee: globally (no employment record) or for one employment record (office). */
export const roleAssignments = pgTable(
  'role_assignments',
  {
    RoleAssignmentID: serial('role_assignment_id').primaryKey(),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
    RoleID: integer('role_id')
      .notNull()
      .references(() => roles.RoleID, { onDelete: 'cascade' }),
    EmploymentRecordID: integer('employment_record_id').references(
      () => employmentRecords.EmploymentRecordID,
      {
        onDelete: 'cascade',
      },
    ),
  },
  (t) => [index('role_assignments_employee').on(t.EmployeeID)],
);

export const employeePermissions = pgTable(
  'employee_permissions',
  {
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
    PermissionKey: text('permission_key').notNull(),
    Value: text('value').notNull(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.EmployeeID, t.PermissionKey] })],
);

export const claimPermissions = pgTable(
  'claim_permissions',
  {
    ClaimPermissionID: serial('claim_permission_id').primaryKey(),
    ClaimType: text('claim_type').notNull(),
    ClaimValue: text('claim_value'),
    PermissionKey: text('permission_key').notNull(),
    Value: text('value').notNull(),
  },
  (t) => [uniqueIndex('claim_permissions_unique').on(t.ClaimType, t.ClaimValue, t.PermissionKey)],
);

/** Browser sessions. The id is random; only its SHA-256 is stored, so a database leak reveals no cookie. */
export const sessions = pgTable(
  'sessions',
  {
    SessionHash: text('session_hash').primaryKey(),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
    /** When a proxy (impersonation) session: the employee who started it. */
    ProxyByEmployeeID: integer('proxy_by_employee_id'),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    LastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ExpiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    RevokedAt: timestamp('revoked_at', { withTimezone: true }),
    UserAgent: text('user_agent'),
    Ip: text('ip'),
  },
  (t) => [index('sessions_employee').on(t.EmployeeID)],
);

/**
 * One row whose Version is bumped, in the same transaction, by every change to what a signed-in
 * caller's access is read from (sessions revoked, roles, grants, users, offices): triggers in
 * server/db/sql/auth-version.sql. The in-memory auth cache (server/plugins/auth-cache.ts) compares it.
 */
export const authVersion = pgTable('auth_version', {
  ID: integer('id').primaryKey(),
  Version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Registered API clients (service accounts) that exchange clientId + clientSecret for a token. */
export const apiClients = pgTable('api_clients', {
  ClientId: text('client_id').primaryKey(),
  SecretHash: text('secret_hash').notNull(),
  EmployeeID: integer('employee_id')
    .notNull()
    .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
  Name: text('name').notNull(),
  IsActive: boolean('is_active').notNull().default(true),
});

/**
 * Sign-in attempts and password reset requests, for their rate limits (shared by every server
 * instance). A sign-in attempt is claimed (Succeeded false) before the password is checked and marked
 * Succeeded when it was right; Purpose tells sign-ins ('sign-in') from reset requests ('reset').
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    LoginAttemptID: serial('login_attempt_id').primaryKey(),
    Purpose: text('purpose').notNull().default('sign-in'),
    UserName: text('user_name').notNull(),
    Ip: text('ip').notNull(),
    Succeeded: boolean('succeeded').notNull(),
    At: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_user').on(t.Purpose, t.UserName, t.At),
    index('login_attempts_ip').on(t.Purpose, t.Ip, t.At),
  ],
);

export const passwordResets = pgTable('password_resets', {
  TokenHash: text('token_hash').primaryKey(),
  EmployeeID: integer('employee_id')
    .notNull()
    .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
  ExpiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  UsedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Who changed access and who signed in as whom: proxy sign-in and sign-out, roles, employee and claim
 * permissions, claim imports. Append-only, written in the transaction of the change it records.
 */
export const accessAudit = pgTable(
  'access_audit',
  {
    AccessAuditID: bigserial('access_audit_id', { mode: 'number' }).primaryKey(),
    OccurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** e.g. ProxySignIn, ProxySignOut, RoleCreated, EmployeePermissionSet, ClaimsImported. */
    Action: text('action').notNull(),
    ActorEmployeeID: integer('actor_employee_id'),
    ProxyByEmployeeID: integer('proxy_by_employee_id'),
    /** The employee the change is about (the proxied user, the employee whose permission changed). */
    EmployeeID: integer('employee_id'),
    Detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('access_audit_employee').on(t.EmployeeID, t.OccurredAt),
    index('access_audit_actor').on(t.ActorEmployeeID, t.OccurredAt),
  ],
);
