// Leads on the map (spec 000 §3, spec 001 §7 Leads, spec 002 §3 lead batch job counts).
// PGlite has no PostGIS: positions are double precision columns, the viewport query is served by a
// btree on (lead_group_id, latitude, longitude), and territory membership is computed in the
// application (point in polygon) and stored on the lead (territory_id).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { corporations, divisions, icdOffices } from './organisation';
import { employees } from './people';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const leadStatuses = pgTable(
  'lead_statuses',
  {
    LeadStatusID: serial('lead_status_id').primaryKey(),
    DivisionID: integer('division_id')
      .notNull()
      .references(() => divisions.DivisionID),
    Name: text('name').notNull(),
    /** '#rrggbb' */
    Color: text('color').notNull(),
    /** 0–360, derived from Color. */
    Hue: integer('hue').notNull(),
    /** Interaction 1 | Observation 2 | Declaration 4. */
    TypeFlags: integer('type_flags').notNull(),
    IsConversion: boolean('is_conversion').notNull().default(false),
    SortIndex: integer('sort_index').notNull().default(0),
  },
  (t) => [index('lead_statuses_division').on(t.DivisionID)],
);

export const leadGroups = pgTable(
  'lead_groups',
  {
    LeadGroupID: serial('lead_group_id').primaryKey(),
    Name: text('name').notNull(),
    DivisionID: integer('division_id')
      .notNull()
      .references(() => divisions.DivisionID),
    IcdCorporationID: integer('icd_corporation_id')
      .notNull()
      .references(() => corporations.IcdCorporationID),
    IsActive: boolean('is_active').notNull().default(true),
    Version: integer('version').notNull().default(1),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_groups_corporation').on(t.IcdCorporationID)],
);

/** The areas a lead group covers; also used to settle ambiguous city names when geocoding. */
export const leadGroupGeographies = pgTable(
  'lead_group_geographies',
  {
    LeadGroupGeographyID: serial('lead_group_geography_id').primaryKey(),
    LeadGroupID: integer('lead_group_id')
      .notNull()
      .references(() => leadGroups.LeadGroupID, { onDelete: 'cascade' }),
    CountryID: integer('country_id').notNull(),
    StateProvince: text('state_province').notNull(),
    City: text('city'),
    PostalCodePrefix: text('postal_code_prefix'),
    Version: integer('version').notNull().default(1),
  },
  (t) => [index('lead_group_geographies_group').on(t.LeadGroupID)],
);

export const territories = pgTable(
  'territories',
  {
    TerritoryID: serial('territory_id').primaryKey(),
    LeadGroupID: integer('lead_group_id')
      .notNull()
      .references(() => leadGroups.LeadGroupID, { onDelete: 'cascade' }),
    Name: text('name').notNull(),
    Color: text('color').notNull(),
    /** GeoJSON Polygon or MultiPolygon, [longitude, latitude] positions. */
    Polygon: jsonb('polygon').notNull(),
    /** Bounding box of Polygon (prefilter for point-in-polygon). */
    MinLatitude: doublePrecision('min_latitude').notNull(),
    MinLongitude: doublePrecision('min_longitude').notNull(),
    MaxLatitude: doublePrecision('max_latitude').notNull(),
    MaxLongitude: doublePrecision('max_longitude').notNull(),
    Version: integer('version').notNull().default(1),
  },
  (t) => [index('territories_group').on(t.LeadGroupID)],
);

/** A team inside an office that works territories together (lead-office-teams). */
export const leadOfficeTeams = pgTable(
  'lead_office_teams',
  {
    LeadOfficeTeamID: serial('lead_office_team_id').primaryKey(),
    IcdOfficeID: integer('icd_office_id')
      .notNull()
      .references(() => icdOffices.IcdOfficeID, { onDelete: 'cascade' }),
    Name: text('name').notNull(),
    /** Member employee ids (jsonb array of integers). */
    EmployeeIDs: jsonb('employee_ids').$type<number[]>().notNull().default([]),
    Version: integer('version').notNull().default(1),
  },
  (t) => [index('lead_office_teams_office').on(t.IcdOfficeID)],
);

/** Which office (and optionally which team) works a territory, with history: ToDate null = current. */
export const territoryOffices = pgTable(
  'territory_offices',
  {
    TerritoryOfficeID: serial('territory_office_id').primaryKey(),
    TerritoryID: integer('territory_id')
      .notNull()
      .references(() => territories.TerritoryID, { onDelete: 'cascade' }),
    IcdOfficeID: integer('icd_office_id').references(() => icdOffices.IcdOfficeID, { onDelete: 'cascade' }),
    LeadOfficeTeamID: integer('lead_office_team_id').references(() => leadOfficeTeams.LeadOfficeTeamID, {
      onDelete: 'set null',
    }),
    FromDate: date('from_date').notNull(),
    ToDate: date('to_date'),
    AssignedByEmployeeID: integer('assigned_by_employee_id').references(() => employees.EmployeeID, {
      onDelete: 'set null',
    }),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('territory_offices_territory').on(t.TerritoryID, t.FromDate),
    index('territory_offices_office').on(t.IcdOfficeID),
  ],
);

export const leadsPolicies = pgTable('leads_policies', {
  LeadsPolicyID: serial('leads_policy_id').primaryKey(),
  Name: text('name').notNull(),
  MarkerStyle: integer('marker_style').notNull().default(2),
  RepsCanCreateLeads: boolean('reps_can_create_leads').notNull().default(true),
  NoteRequiredStatusIDs: jsonb('note_required_status_ids').$type<number[]>().notNull().default([]),
  Version: integer('version').notNull().default(1),
  UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The leads policy a division uses (divisions/{id}/leads-policy). */
export const divisionLeadsPolicies = pgTable('division_leads_policies', {
  DivisionID: integer('division_id')
    .primaryKey()
    .references(() => divisions.DivisionID),
  LeadsPolicyID: integer('leads_policy_id')
    .notNull()
    .references(() => leadsPolicies.LeadsPolicyID, { onDelete: 'cascade' }),
});

/** Column mappings for lead batch files (import-schemas). */
export const importSchemas = pgTable('import_schemas', {
  ImportSchemaID: integer('import_schema_id').primaryKey(),
  Name: text('name').notNull(),
  DivisionID: integer('division_id'),
  IsDefault: boolean('is_default').notNull().default(false),
  /** ImportSchemaColumn[] */
  Columns: jsonb('columns').notNull(),
});

export const leadBatches = pgTable(
  'lead_batches',
  {
    LeadBatchID: serial('lead_batch_id').primaryKey(),
    LeadGroupID: integer('lead_group_id')
      .notNull()
      .references(() => leadGroups.LeadGroupID, { onDelete: 'cascade' }),
    ImportSchemaID: integer('import_schema_id'),
    FileName: text('file_name').notNull(),
    ContentType: text('content_type').notNull(),
    FileSize: integer('file_size').notNull(),
    Content: bytea('content').notNull(),
    Description: text('description').notNull().default(''),
    DefaultLeadStatusID: integer('default_lead_status_id'),
    CreatedByEmployeeID: integer('created_by_employee_id').references(() => employees.EmployeeID, {
      onDelete: 'set null',
    }),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_batches_group').on(t.LeadGroupID)],
);

/** The geocoding job of a batch (JobStatus Queued 1, Processing 2, Failed 3, Succeeded 4). */
export const leadBatchJobs = pgTable(
  'lead_batch_jobs',
  {
    Id: serial('lead_batch_job_id').primaryKey(),
    LeadBatchID: integer('lead_batch_id')
      .notNull()
      .references(() => leadBatches.LeadBatchID, { onDelete: 'cascade' }),
    JobStatus: integer('job_status').notNull().default(1),
    RowCount: integer('row_count').notNull().default(0),
    ProcessedCount: integer('processed_count').notNull().default(0),
    FailedCount: integer('failed_count').notNull().default(0),
    LocatedCount: integer('located_count').notNull().default(0),
    LocatedUnsureCount: integer('located_unsure_count').notNull().default(0),
    NoResultsCount: integer('no_results_count').notNull().default(0),
    MultipleResultsCount: integer('multiple_results_count').notNull().default(0),
    ErrorCount: integer('error_count').notNull().default(0),
    Messages: jsonb('messages').$type<string[]>().notNull().default([]),
    /** Which worker holds it, and its last sign of life (a stale claim is re-queued). */
    ClaimedBy: text('claimed_by'),
    HeartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    Attempts: integer('attempts').notNull().default(0),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    StartedAt: timestamp('started_at', { withTimezone: true }),
    FinishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('lead_batch_jobs_status').on(t.JobStatus, t.Id),
    index('lead_batch_jobs_batch').on(t.LeadBatchID),
  ],
);

export const leads = pgTable(
  'leads',
  {
    LeadID: serial('lead_id').primaryKey(),
    LeadGroupID: integer('lead_group_id')
      .notNull()
      .references(() => leadGroups.LeadGroupID, { onDelete: 'cascade' }),
    LeadBatchID: integer('lead_batch_id').references(() => leadBatches.LeadBatchID, { onDelete: 'set null' }),
    /** 1-based data row of the batch file (makes a re-run of a batch job insert nothing twice). */
    BatchRowNumber: integer('batch_row_number'),
    TerritoryID: integer('territory_id').references(() => territories.TerritoryID, { onDelete: 'set null' }),
    LeadStatusID: integer('lead_status_id').references(() => leadStatuses.LeadStatusID),
    DeclaredStatusID: integer('declared_status_id').references(() => leadStatuses.LeadStatusID),
    Latitude: doublePrecision('latitude').notNull(),
    Longitude: doublePrecision('longitude').notNull(),
    StreetLine1: text('street_line1'),
    StreetLine2: text('street_line2'),
    City: text('city'),
    StateProvince: text('state_province'),
    PostalCode: text('postal_code'),
    CountryID: integer('country_id'),
    /** Division lead data, keyed by the division's lead data keys. */
    Data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    /** OccurredAt of the newest interaction (status changes older than it do not move the status). */
    LastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    CreatedByEmployeeID: integer('created_by_employee_id').references(() => employees.EmployeeID, {
      onDelete: 'set null',
    }),
    Version: integer('version').notNull().default(1),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    UpdatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The viewport (bounding box) query: equality on the group, range on latitude, filter on longitude.
    index('leads_group_position').on(t.LeadGroupID, t.Latitude, t.Longitude),
    index('leads_territory').on(t.TerritoryID),
    uniqueIndex('leads_batch_row')
      .on(t.LeadBatchID, t.BatchRowNumber)
      .where(sql`${t.LeadBatchID} is not null`),
  ],
);

/**
 * The version of what a lead group's map answers are made of (its leads, their assignments, its
 * territories and their offices, statuses, teams, offices), bumped in the same transaction as any change
 * by the triggers of server/db/sql/lead-markers-version.sql, which also NOTIFY apex_lead_markers. The
 * marker cache (server/modules/leads/markers-cache.ts) keeps answers per group and version.
 */
export const leadMarkerVersions = pgTable('lead_marker_versions', {
  LeadGroupID: integer('lead_group_id').primaryKey(),
  Version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** AssignedOwners (Role 1) and AssignedReps (Role 2) of a lead. */
export const leadAssignments = pgTable(
  'lead_assignments',
  {
    LeadID: integer('lead_id')
      .notNull()
      .references(() => leads.LeadID, { onDelete: 'cascade' }),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID, { onDelete: 'cascade' }),
    Role: smallint('role').notNull(),
    AssignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.LeadID, t.EmployeeID, t.Role] }),
    index('lead_assignments_employee').on(t.EmployeeID, t.Role),
  ],
);

/** LeadActivityHistory: one row per interaction, append-only. */
export const leadActivity = pgTable(
  'lead_activity',
  {
    LeadActivityID: serial('lead_activity_id').primaryKey(),
    LeadID: integer('lead_id')
      .notNull()
      .references(() => leads.LeadID, { onDelete: 'cascade' }),
    EmployeeID: integer('employee_id')
      .notNull()
      .references(() => employees.EmployeeID),
    LeadStatusID: integer('lead_status_id').references(() => leadStatuses.LeadStatusID),
    DeclaredStatusID: integer('declared_status_id').references(() => leadStatuses.LeadStatusID),
    Note: text('note'),
    /** Where the phone was (the knock), not necessarily the lead. */
    Latitude: doublePrecision('latitude'),
    Longitude: doublePrecision('longitude'),
    OccurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    CreatedAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A replayed interaction (same lead, employee, instant) is appended once.
    uniqueIndex('lead_activity_once').on(t.LeadID, t.EmployeeID, t.OccurredAt),
    index('lead_activity_employee').on(t.EmployeeID, t.OccurredAt),
  ],
);
