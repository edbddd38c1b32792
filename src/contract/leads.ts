// Leads on the map (spec 000 §3 Lead, Lead status, Lead marker response, Marker style, lead data keys;
// spec 001 §7 Leads; spec 002 §3 Lead batch job counts). Wire names are the spec's; query parameters
// are camelCase. One schema per request/response; the server validates with these and the PWA parses
// its forms with them.
//
// For the map screen:
// - GET lead-groups → LeadGroup[] (pick one); GET divisions/{id}/leads-policy → MarkerStyle,
//   NoteRequiredStatusIDs, RepsCanCreateLeads, LeadDataKeys of the group's division.
// - GET lead-markers?leadGroupId&west&south&east&north[&statusIds=1,2][&declaredStatusIds][&territoryId]
//   [&zoom][&limit] → LeadMarkers { Leads: LeadMarker[], LeadStatuses, Truncated, Clusters }. Each
//   marker carries LeadStatus {Name, Color} (current; ColoredPin, inside of TwoTonedCircle) and
//   DeclaredStatus {Name, Color} (outside of TwoTonedCircle), or null. When more than `limit`
//   (default 5000) leads match, Truncated is true and the viewport is answered on a grid instead:
//   Clusters count the leads of each grid cell (web-mercator tiles three levels below `zoom`, 64 px
//   on screen) with their centroid and counts by status, and Leads holds only the leads alone
//   in their cell — together they cover the whole viewport and add up to every matching lead. Reps
//   get only what they may see (assigned, or in territories their office/team works); the same call
//   works for everyone, and the filters apply to the clusters too.
// - GET lead-territories/lead-markers (same query) → also Territories (GeoJSON, CurrentOffice) and
//   TerritoriesLeadsCounts (whole territory, by status).
// - Tap: GET leads/{id} → Lead with LeadActivityHistory. Knock: PATCH leads/{id} with LeadPatch
//   (offline command `lead.logInteraction`; send OccurredAt and Idempotency-Key, omit Version).
//   New door: POST leads (LeadCreate; the rep is assigned to it).
// - Lead batches (office screen): POST lead-batches → LeadBatch (202) → poll GET
//   lead-batch-jobs/{Job.Id} every 5000 ms until JobStatus 3 or 4.
import { z } from 'zod';
import { Instant, Int32, PagingQuery, pagedResult, QueryInt32, WireDate } from './common';

// ---------------------------------------------------------------------------------------------------
// Enumerations and constants
// ---------------------------------------------------------------------------------------------------

/** Lead status type flags (a bitmask, spec 000 §3/§9). */
export const LeadStatusType = { Interaction: 1, Observation: 2, Declaration: 4 } as const;

/** How the map draws a lead (spec 000 §3). */
export const MarkerStyle = { DefaultPin: 1, ColoredPin: 2, TwoTonedCircle: 3 } as const;
export type MarkerStyle = (typeof MarkerStyle)[keyof typeof MarkerStyle];

/** Who a lead is assigned to (lead_assignments.Role). */
export const LeadAssignmentRole = { Owner: 1, Rep: 2 } as const;

/** What the geocoder made of one imported row. */
export const GeocodeOutcome = {
  Located: 'Located',
  LocatedUnsure: 'LocatedUnsure',
  NoResults: 'NoResults',
  MultipleResults: 'MultipleResults',
  Error: 'Error',
} as const;
export type GeocodeOutcome = (typeof GeocodeOutcome)[keyof typeof GeocodeOutcome];

/** Largest lead batch file accepted (bytes). Larger uploads get 413. */
export const LEAD_BATCH_MAX_BYTES = 10 * 1024 * 1024;
export const LEAD_BATCH_CONTENT_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
/** Most markers one lead-markers answer carries; past it the answer is grouped in `Clusters`. */
export const LEAD_MARKERS_DEFAULT_LIMIT = 5000;
export const LEAD_MARKERS_MAX_LIMIT = 20000;

export const LeadDataKey = z.object({ Key: z.string(), Label: z.string() });
export type LeadDataKey = z.infer<typeof LeadDataKey>;

/**
 * Division lead data keys (spec 000 §3): Rogers (35) has 'New Offer' and 'New', both labelled
 * 'Promo Code'; other divisions have none. A lead's `Data` may only use its division's keys.
 */
export const LEAD_DATA_KEYS: Readonly<Record<number, readonly LeadDataKey[]>> = {
  35: [
    { Key: 'New Offer', Label: 'Promo Code' },
    { Key: 'New', Label: 'Promo Code' },
  ],
};
export function leadDataKeysOf(divisionId: number): readonly LeadDataKey[] {
  return LEAD_DATA_KEYS[divisionId] ?? [];
}
export const LEAD_DATA_VALUE_MAX = 100;

// ---------------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------------

export const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1c7ed6');
export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);
const Id = Int32.positive();
const Text = (max: number) => z.string().trim().max(max);
const OptionalText = (max: number) => Text(max).nullable().optional();

/** `1,2,3` or repeated `?x=1&x=2` → [1, 2, 3]. */
function toIdArray(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
  return parts
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(Number);
}
export const IdListQuery = z.preprocess(toIdArray, z.array(Id).max(200).optional());

const coordinate = (min: number, max: number) => z.coerce.number().min(min).max(max).optional();

/** A viewport: west, south, east, north (all four or none). */
export const BboxQuery = z.object({
  west: coordinate(-180, 180),
  south: coordinate(-90, 90),
  east: coordinate(-180, 180),
  north: coordinate(-90, 90),
});
function checkBbox(
  q: { west?: number; south?: number; east?: number; north?: number },
  ctx: z.RefinementCtx,
): void {
  const given = [q.west, q.south, q.east, q.north].filter((v) => v !== undefined).length;
  if (given !== 0 && given !== 4) {
    ctx.addIssue({ code: 'custom', path: ['west'], message: 'Give all of west, south, east and north' });
    return;
  }
  if (given === 4 && (q.south! > q.north! || q.west! > q.east!)) {
    ctx.addIssue({
      code: 'custom',
      path: ['south'],
      message: 'The box must have south ≤ north and west ≤ east',
    });
  }
}

/** Name and colour of a status, merged onto a lead or marker. */
export const StatusBadge = z.object({ Name: z.string(), Color: z.string() });
export type StatusBadge = z.infer<typeof StatusBadge>;

export const LeadStatus = z.object({
  LeadStatusID: Id,
  DivisionID: Int32,
  Name: z.string(),
  Color: z.string(),
  Hue: Int32.min(0).max(360),
  /** LeadStatusType bitmask: Interaction 1, Observation 2, Declaration 4. */
  TypeFlags: Int32,
  /** Reaching this status counts as a conversion (sale) in the conversion reports. */
  IsConversion: z.boolean(),
  SortIndex: Int32,
});
export type LeadStatus = z.infer<typeof LeadStatus>;
export const LeadStatusesQuery = z.object({ divisionId: QueryInt32.optional() });

export const LeadAssignee = z.object({ EmployeeID: Id, FullName: z.string() });
export type LeadAssignee = z.infer<typeof LeadAssignee>;

// ---------------------------------------------------------------------------------------------------
// Leads
// ---------------------------------------------------------------------------------------------------

/** One entry of LeadActivityHistory: a knock (interaction), observation or declaration. */
export const LeadActivity = z.object({
  LeadActivityID: Id,
  LeadID: Id,
  EmployeeID: Id,
  EmployeeName: z.string(),
  LeadStatusID: Int32.nullable(),
  DeclaredStatusID: Int32.nullable(),
  LeadStatus: StatusBadge.nullable(),
  DeclaredStatus: StatusBadge.nullable(),
  Note: z.string().nullable(),
  /** Where the phone was when the interaction was logged (may differ from the lead). */
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  OccurredAt: Instant,
  CreatedAt: Instant,
});
export type LeadActivity = z.infer<typeof LeadActivity>;

export const LeadData = z.record(z.string(), z.string().max(LEAD_DATA_VALUE_MAX));
export type LeadData = z.infer<typeof LeadData>;

export const Lead = z.object({
  LeadID: Id,
  LeadGroupID: Id,
  LeadBatchID: Int32.nullable(),
  TerritoryID: Int32.nullable(),
  LeadStatusID: Int32.nullable(),
  DeclaredStatusID: Int32.nullable(),
  LeadStatus: StatusBadge.nullable(),
  DeclaredStatus: StatusBadge.nullable(),
  Latitude: z.number(),
  Longitude: z.number(),
  StreetLine1: z.string().nullable(),
  StreetLine2: z.string().nullable(),
  City: z.string().nullable(),
  StateProvince: z.string().nullable(),
  PostalCode: z.string().nullable(),
  CountryID: Int32.nullable(),
  /** Division lead data (e.g. Rogers promo codes), keyed by the division's lead data keys. */
  Data: LeadData,
  AssignedOwners: z.array(LeadAssignee),
  AssignedReps: z.array(LeadAssignee),
  LastActivityAt: Instant.nullable(),
  Version: Int32,
  CreatedAt: Instant,
  UpdatedAt: Instant,
  /** Newest first; only in GET leads/{id}. */
  LeadActivityHistory: z.array(LeadActivity).optional(),
});
export type Lead = z.infer<typeof Lead>;

const LeadsQueryShape = PagingQuery.extend({
  leadGroupId: QueryInt32.optional(),
  ...BboxQuery.shape,
  statusIds: IdListQuery,
  declaredStatusIds: IdListQuery,
  territoryId: QueryInt32.optional(),
  leadBatchId: QueryInt32.optional(),
  assignedRepId: QueryInt32.optional(),
  assignedOwnerId: QueryInt32.optional(),
  /** Case-insensitive contains on street, city and postal code. */
  search: z.string().max(100).optional(),
});
export const LeadsQuery = LeadsQueryShape.superRefine(checkBbox);
export type LeadsQuery = z.infer<typeof LeadsQuery>;
/** GET lead-groups/{id}/leads: the GET leads filters, the group in the path. */
export const GroupLeadsQuery = LeadsQueryShape.omit({ leadGroupId: true }).superRefine(checkBbox);
export const LeadPage = pagedResult(Lead);

const AddressFields = {
  StreetLine1: OptionalText(200),
  StreetLine2: OptionalText(100),
  City: OptionalText(100),
  StateProvince: OptionalText(50),
  PostalCode: OptionalText(20),
  CountryID: Int32.min(1).max(2).nullable().optional(),
};

/** POST leads (also what a rep's phone sends, offline, for a new door). */
export const LeadCreate = z.object({
  LeadGroupID: Id,
  Latitude,
  Longitude,
  ...AddressFields,
  LeadStatusID: Id.nullable().optional(),
  DeclaredStatusID: Id.nullable().optional(),
  Data: LeadData.optional(),
  /** Managers only; a rep creating a lead is assigned to it. */
  AssignedOwners: z.array(Id).max(20).optional(),
  AssignedReps: z.array(Id).max(20).optional(),
  /** With a status: logged as the first interaction. */
  Note: OptionalText(2000),
  OccurredAt: Instant.optional(),
});
export type LeadCreate = z.infer<typeof LeadCreate>;

/** POST leads/bulk (managers): up to 1000 leads at once. */
export const LeadBulkCreate = z.array(LeadCreate).min(1).max(1000);
export const LeadBulkCreateResult = z.object({ LeadIDs: z.array(Id) });

/**
 * PATCH leads/{id}. Logging an interaction is `{ LeadStatusID?, DeclaredStatusID?, Note?, Latitude?,
 * Longitude?, OccurredAt }` (Latitude/Longitude = where the phone was). It appends a LeadActivity and
 * moves the lead's current status only when OccurredAt is not older than the lead's LastActivityAt, so
 * interactions recorded offline and synced late never overwrite newer ones. Replaying the same
 * interaction (same lead, employee and OccurredAt) appends nothing.
 * Send `Version` for edits (address, Location, Data, assignments): stale → 409 with Current.
 * An interaction from the offline outbox may omit Version.
 */
export const LeadPatch = z
  .object({
    Version: Int32.optional(),
    OccurredAt: Instant.optional(),
    LeadStatusID: Id.nullable().optional(),
    /** null clears the declaration. */
    DeclaredStatusID: Id.nullable().optional(),
    Note: OptionalText(2000),
    /** Where the interaction was logged (the phone's position), not the lead's. */
    Latitude: Latitude.optional(),
    Longitude: Longitude.optional(),
    /** Moves the lead itself. */
    Location: z.object({ Latitude, Longitude }).optional(),
    ...AddressFields,
    Data: LeadData.optional(),
    /** Managers only. */
    AssignedOwners: z.array(Id).max(20).optional(),
    AssignedReps: z.array(Id).max(20).optional(),
  })
  .refine((p) => (p.Latitude === undefined) === (p.Longitude === undefined), {
    path: ['Longitude'],
    message: 'Give both Latitude and Longitude of the interaction, or neither',
  });
export type LeadPatch = z.infer<typeof LeadPatch>;

export const AssignmentMode = z.enum(['Replace', 'Add', 'Remove']);

/** PATCH leads/bulk (managers): one change applied to many leads. */
export const LeadBulkPatch = z.object({
  LeadIDs: z.array(Id).min(1).max(5000),
  LeadStatusID: Id.nullable().optional(),
  DeclaredStatusID: Id.nullable().optional(),
  Note: OptionalText(2000),
  OccurredAt: Instant.optional(),
  AssignedOwners: z.array(Id).max(20).optional(),
  AssignedReps: z.array(Id).max(20).optional(),
  /** How AssignedOwners/AssignedReps apply (default Replace). */
  AssignmentMode: AssignmentMode.optional(),
});
export type LeadBulkPatch = z.infer<typeof LeadBulkPatch>;
export const LeadBulkPatchResult = z.object({ UpdatedCount: Int32 });

// ---------------------------------------------------------------------------------------------------
// Markers
// ---------------------------------------------------------------------------------------------------

/** One lead on the map, with the names and colours of its statuses merged on (spec 000 §3). */
export const LeadMarker = z.object({
  LeadID: Id,
  Latitude: z.number(),
  Longitude: z.number(),
  LeadStatusID: Int32.nullable(),
  DeclaredStatusID: Int32.nullable(),
  TerritoryID: Int32.nullable(),
  /** Current status (ColoredPin colour; TwoTonedCircle inside). */
  LeadStatus: StatusBadge.nullable(),
  /** Declaration status (TwoTonedCircle outside). */
  DeclaredStatus: StatusBadge.nullable(),
});
export type LeadMarker = z.infer<typeof LeadMarker>;

export const LeadMarkersQuery = z
  .object({
    leadGroupId: QueryInt32.positive(),
    ...BboxQuery.shape,
    statusIds: IdListQuery,
    declaredStatusIds: IdListQuery,
    territoryId: QueryInt32.optional(),
    /**
     * The map's zoom level (whole number): sizes the grid of `Clusters` (cells are tiles at zoom + 3).
     * Without it the grid is sized from the bounding box (about 16 cells across).
     */
    zoom: QueryInt32.min(0).max(22).optional(),
    limit: QueryInt32.min(1).max(LEAD_MARKERS_MAX_LIMIT).default(LEAD_MARKERS_DEFAULT_LIMIT),
  })
  .superRefine(checkBbox);
export type LeadMarkersQuery = z.infer<typeof LeadMarkersQuery>;

/** How many leads of one status (null: no status yet). */
export const LeadStatusCount = z.object({
  LeadStatusID: Int32.nullable(),
  Count: Int32,
});
export type LeadStatusCount = z.infer<typeof LeadStatusCount>;

/**
 * The leads of one grid cell of a grouped (Truncated) marker answer. The cell is the web-mercator tile
 * Zoom/X/Y (x = ⌊(lng + 180) / 360 · 2^Zoom⌋, y = ⌊(1 − asinh(tan lat) / π) / 2 · 2^Zoom⌋, the scheme
 * of map tiles); Latitude/Longitude are the average position of its leads (where the map draws it).
 */
export const LeadCluster = z.object({
  Zoom: Int32,
  X: Int32,
  Y: Int32,
  Latitude: z.number(),
  Longitude: z.number(),
  Count: Int32,
  /** Count by current status (only statuses present), adding up to Count. */
  StatusCounts: z.array(LeadStatusCount),
});
export type LeadCluster = z.infer<typeof LeadCluster>;

/** GET lead-markers: Leads plus LeadStatuses (every status of the group's division, for the legend). */
export const LeadMarkers = z.object({
  Leads: z.array(LeadMarker),
  LeadStatuses: z.array(LeadStatus),
  /** More leads matched than `limit`: Leads holds only the leads alone in their cell, Clusters the rest. */
  Truncated: z.boolean(),
  /** The other leads of the viewport, counted per grid cell (empty unless Truncated). */
  Clusters: z.array(LeadCluster).default([]),
});
export type LeadMarkers = z.infer<typeof LeadMarkers>;

// ---------------------------------------------------------------------------------------------------
// Lead groups and geographies
// ---------------------------------------------------------------------------------------------------

export const LeadGroupGeography = z.object({
  LeadGroupGeographyID: Id,
  LeadGroupID: Id,
  CountryID: Int32,
  StateProvince: z.string(),
  City: z.string().nullable(),
  /** FSA (e.g. 'M6G') or ZIP prefix. */
  PostalCodePrefix: z.string().nullable(),
  Version: Int32,
});
export type LeadGroupGeography = z.infer<typeof LeadGroupGeography>;

export const LeadGroupGeographySave = z.object({
  CountryID: Int32.min(1).max(2),
  StateProvince: Text(50).min(1),
  City: OptionalText(100),
  PostalCodePrefix: OptionalText(10),
  /** Required on PUT. */
  Version: Int32.optional(),
});
export type LeadGroupGeographySave = z.infer<typeof LeadGroupGeographySave>;

export const LeadGroup = z.object({
  LeadGroupID: Id,
  Name: z.string(),
  DivisionID: Int32,
  IcdCorporationID: Int32,
  IcdCorporationName: z.string(),
  IsActive: z.boolean(),
  Geographies: z.array(LeadGroupGeography),
  /** Leads of the group the caller can see. */
  LeadsCount: Int32,
  Version: Int32,
});
export type LeadGroup = z.infer<typeof LeadGroup>;

export const LeadGroupsQuery = z.object({
  divisionId: QueryInt32.optional(),
  icdCorporationId: QueryInt32.optional(),
  includeInactive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

/** POST lead-groups (not named in the spec; how groups come to exist). */
export const LeadGroupCreate = z.object({
  Name: Text(100).min(1),
  DivisionID: Int32,
  IcdCorporationID: Id,
  Geographies: z.array(LeadGroupGeographySave).max(100).optional(),
});
export type LeadGroupCreate = z.infer<typeof LeadGroupCreate>;

export const LeadGroupPatch = z.object({
  Version: Int32,
  Name: Text(100).min(1).optional(),
  IsActive: z.boolean().optional(),
});
export type LeadGroupPatch = z.infer<typeof LeadGroupPatch>;

// ---------------------------------------------------------------------------------------------------
// Territories, territory offices, lead office teams
// ---------------------------------------------------------------------------------------------------

const Position = z.tuple([Longitude, Latitude]);
const Ring = z.array(Position).min(3).max(5000);
/** GeoJSON geometry ([longitude, latitude] positions). An unclosed ring is closed by the server. */
export const GeoPolygon = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: z.array(Ring).min(1).max(50) }),
  z.object({
    type: z.literal('MultiPolygon'),
    coordinates: z.array(z.array(Ring).min(1).max(50)).min(1).max(50),
  }),
]);
export type GeoPolygon = z.infer<typeof GeoPolygon>;

export const TerritoryOffice = z.object({
  TerritoryOfficeID: Id,
  TerritoryID: Id,
  TerritoryName: z.string(),
  LeadGroupID: Id,
  IcdOfficeID: Int32.nullable(),
  OfficeName: z.string().nullable(),
  LeadOfficeTeamID: Int32.nullable(),
  LeadOfficeTeamName: z.string().nullable(),
  FromDate: WireDate,
  /** null while current. */
  ToDate: WireDate.nullable(),
  AssignedByEmployeeID: Int32.nullable(),
});
export type TerritoryOffice = z.infer<typeof TerritoryOffice>;

export const Territory = z.object({
  TerritoryID: Id,
  LeadGroupID: Id,
  Name: z.string(),
  Color: z.string(),
  Polygon: GeoPolygon,
  /** The current office (and team) working it, if any. */
  CurrentOffice: TerritoryOffice.nullable(),
  Version: Int32,
});
export type Territory = z.infer<typeof Territory>;

export const TerritoryCreate = z.object({
  LeadGroupID: Id,
  Name: Text(100).min(1),
  Color: HexColor,
  Polygon: GeoPolygon,
});
export type TerritoryCreate = z.infer<typeof TerritoryCreate>;
export const TerritoryUpdate = TerritoryCreate.omit({ LeadGroupID: true }).extend({
  Version: Int32,
});
export type TerritoryUpdate = z.infer<typeof TerritoryUpdate>;

/** Per territory: how many (visible) leads it holds, in total and by current status. */
export const TerritoryLeadsCount = z.object({
  TerritoryID: Id,
  LeadsCount: Int32,
  StatusCounts: z.array(LeadStatusCount),
});
export type TerritoryLeadsCount = z.infer<typeof TerritoryLeadsCount>;

/** GET lead-territories/lead-markers: the marker answer plus the territories and their lead counts. */
export const TerritoryLeadMarkers = LeadMarkers.extend({
  Territories: z.array(Territory),
  TerritoriesLeadsCounts: z.array(TerritoryLeadsCount),
});
export type TerritoryLeadMarkers = z.infer<typeof TerritoryLeadMarkers>;

export const TerritoriesQuery = z.object({
  leadGroupId: QueryInt32.optional(),
  icdOfficeId: QueryInt32.optional(),
});
export const TerritoryHistoryQuery = z.object({ territoryId: QueryInt32.positive() });
export const TerritoriesHistoryQuery = z.object({
  leadGroupId: QueryInt32.positive(),
  fromDate: WireDate.optional(),
  toDate: WireDate.optional(),
});

/** One item of PATCH lead-group/{id}/territories/offices. IcdOfficeID null ends the assignment. */
export const TerritoryOfficeAssign = z.object({
  TerritoryID: Id,
  IcdOfficeID: Id.nullable(),
  LeadOfficeTeamID: Id.nullable().optional(),
  /** Default: today. The previous assignment ends the day before. */
  FromDate: WireDate.optional(),
});
export const TerritoryOfficeAssignments = z.array(TerritoryOfficeAssign).min(1).max(500);
export type TerritoryOfficeAssign = z.infer<typeof TerritoryOfficeAssign>;

export const LeadOfficeTeam = z.object({
  LeadOfficeTeamID: Id,
  IcdOfficeID: Id,
  OfficeName: z.string(),
  Name: z.string(),
  /** Members: reps of a team see the leads of the territories assigned to that team. */
  EmployeeIDs: z.array(Id),
  Version: Int32,
});
export type LeadOfficeTeam = z.infer<typeof LeadOfficeTeam>;
export const LeadOfficeTeamSave = z.object({
  IcdOfficeID: Id,
  Name: Text(100).min(1),
  EmployeeIDs: z.array(Id).max(200),
  /** Required on PUT. */
  Version: Int32.optional(),
});
export type LeadOfficeTeamSave = z.infer<typeof LeadOfficeTeamSave>;
export const LeadOfficeTeamsQuery = z.object({ icdOfficeId: QueryInt32.optional() });

// ---------------------------------------------------------------------------------------------------
// Policies, data keys, import schemas
// ---------------------------------------------------------------------------------------------------

export const LeadsPolicy = z.object({
  LeadsPolicyID: Id,
  Name: z.string(),
  MarkerStyle: Int32.min(1).max(3),
  /** Reps may add new doors (POST leads). */
  RepsCanCreateLeads: z.boolean(),
  /** Interactions setting one of these statuses must carry a Note. */
  NoteRequiredStatusIDs: z.array(Id),
  Version: Int32,
});
export type LeadsPolicy = z.infer<typeof LeadsPolicy>;

export const LeadsPolicySave = z.object({
  Name: Text(100).min(1).optional(),
  MarkerStyle: Int32.min(1).max(3),
  RepsCanCreateLeads: z.boolean(),
  NoteRequiredStatusIDs: z.array(Id).max(50),
  /** Required when the policy exists. */
  Version: Int32.optional(),
});
export type LeadsPolicySave = z.infer<typeof LeadsPolicySave>;

/** GET divisions/{id}/leads-policy: the policy in effect (the default when the division has none). */
export const DivisionLeadsPolicy = z.object({
  DivisionID: Int32,
  /** false: no policy set, these are the defaults. */
  IsSet: z.boolean(),
  LeadsPolicyID: Int32.nullable(),
  Name: z.string(),
  MarkerStyle: Int32,
  RepsCanCreateLeads: z.boolean(),
  NoteRequiredStatusIDs: z.array(Id),
  /** Fixed by division (spec): Rogers 'New Offer' and 'New' ('Promo Code'); others none. */
  LeadDataKeys: z.array(LeadDataKey),
  Version: Int32.nullable(),
});
export type DivisionLeadsPolicy = z.infer<typeof DivisionLeadsPolicy>;

export const ImportField = z.enum([
  'Latitude',
  'Longitude',
  'StreetLine1',
  'StreetLine2',
  'City',
  'StateProvince',
  'PostalCode',
  'Country',
  'LeadStatus',
  'Note',
  'Data',
]);
export type ImportField = z.infer<typeof ImportField>;
export const ImportSchemaColumn = z.object({
  Field: ImportField,
  /** For Field 'Data': the division lead data key the column fills. */
  DataKey: z.string().nullable(),
  Header: z.string(),
  /** Other accepted header spellings (matched case- and punctuation-insensitively). */
  Aliases: z.array(z.string()),
});
export type ImportSchemaColumn = z.infer<typeof ImportSchemaColumn>;
export const ImportSchema = z.object({
  ImportSchemaID: Id,
  Name: z.string(),
  /** null: any division. */
  DivisionID: Int32.nullable(),
  IsDefault: z.boolean(),
  Columns: z.array(ImportSchemaColumn),
});
export type ImportSchema = z.infer<typeof ImportSchema>;
export const ImportSchemasQuery = z.object({ divisionId: QueryInt32.optional() });

// ---------------------------------------------------------------------------------------------------
// Lead batches (imports) and their jobs
// ---------------------------------------------------------------------------------------------------

/** GET lead-batch-jobs/{id} (polled every 5000 ms by the job tracker; 404 once it is gone). */
export const LeadBatchJob = z.object({
  Id: Id,
  LeadBatchID: Id,
  JobStatus: Int32.min(1).max(4),
  Description: z.string(),
  /** Data rows in the file (known once reading started). */
  RowCount: Int32,
  ProcessedCount: Int32,
  /** Rows that did not become a lead (NoResults + MultipleResults + Error). */
  FailedCount: Int32,
  LocatedCount: Int32,
  LocatedUnsureCount: Int32,
  NoResultsCount: Int32,
  MultipleResultsCount: Int32,
  /** Malformed rows. */
  ErrorCount: Int32,
  Messages: z.array(z.string()),
  CreatedAt: Instant,
  StartedAt: Instant.nullable(),
  FinishedAt: Instant.nullable(),
});
export type LeadBatchJob = z.infer<typeof LeadBatchJob>;

export const LeadBatch = z.object({
  LeadBatchID: Id,
  LeadGroupID: Id,
  LeadGroupName: z.string(),
  ImportSchemaID: Int32.nullable(),
  FileName: z.string(),
  ContentType: z.string(),
  FileSize: Int32,
  Description: z.string(),
  DefaultLeadStatusID: Int32.nullable(),
  CreatedByEmployeeID: Int32.nullable(),
  CreatedByName: z.string().nullable(),
  CreatedAt: Instant,
  /** Leads created by this batch and still attached to it. */
  LeadsCount: Int32,
  Job: LeadBatchJob,
});
export type LeadBatch = z.infer<typeof LeadBatch>;

export const LeadBatchesQuery = PagingQuery.extend({ leadGroupId: QueryInt32.optional() });
export const LeadBatchPage = pagedResult(LeadBatch);

/**
 * POST lead-batches as JSON (until multipart is available): the file as base64. CSV or XLSX only
 * (415 otherwise), at most 10 MB (413).
 */
export const LeadBatchUpload = z.object({
  LeadGroupID: Id,
  FileName: Text(255).min(1),
  ContentType: z.string().max(200).optional(),
  ContentBase64: z.string().min(1),
  Description: OptionalText(500),
  ImportSchemaID: Id.optional(),
  /** Status given to every imported lead (none by default). */
  DefaultLeadStatusID: Id.optional(),
});
export type LeadBatchUpload = z.infer<typeof LeadBatchUpload>;

export const LeadBatchDeleteResult = z.object({
  LeadBatchID: Id,
  /** Imported leads without any activity, removed with the batch. */
  DeletedLeadsCount: Int32,
  /** Imported leads that were already worked: kept, detached from the batch. */
  KeptLeadsCount: Int32,
});

// ---------------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------------

export const LeadsReportQuery = z.object({
  leadGroupId: QueryInt32.optional(),
  icdOfficeId: QueryInt32.optional(),
  employeeId: QueryInt32.optional(),
  fromDate: WireDate.optional(),
  toDate: WireDate.optional(),
});
export type LeadsReportQuery = z.infer<typeof LeadsReportQuery>;

export const StatusCount = z.object({
  LeadStatusID: Int32.nullable(),
  Name: z.string().nullable(),
  Color: z.string().nullable(),
  Count: Int32,
});

/** reports/leads-conversion: one row per rep. */
export const LeadsConversionRow = z.object({
  EmployeeID: Id,
  FullName: z.string(),
  Interactions: Int32,
  LeadsWorked: Int32,
  Conversions: Int32,
  /** Conversions / LeadsWorked (0 when none worked). */
  ConversionRate: z.number(),
});
export const LeadsConversionDetailRow = z.object({
  LeadActivityID: Id,
  LeadID: Id,
  LeadGroupID: Id,
  EmployeeID: Id,
  FullName: z.string(),
  OccurredAt: Instant,
  LeadStatusID: Int32.nullable(),
  LeadStatus: StatusBadge.nullable(),
  StreetLine1: z.string().nullable(),
  City: z.string().nullable(),
  PostalCode: z.string().nullable(),
  Latitude: z.number(),
  Longitude: z.number(),
});
/** reports/rogers/lead-group-rep-statistics (leadGroupId required). */
export const LeadGroupRepStatisticsRow = z.object({
  EmployeeID: Id,
  FullName: z.string(),
  AssignedLeads: Int32,
  Interactions: Int32,
  LeadsWorked: Int32,
  Conversions: Int32,
  StatusCounts: z.array(StatusCount),
});
export const RepLastLeadPosition = z.object({
  EmployeeID: Id,
  FullName: z.string(),
  LeadActivityID: Id,
  LeadID: Id,
  /** The phone's position at the interaction, else the lead's. */
  Latitude: z.number(),
  Longitude: z.number(),
  OccurredAt: Instant,
  LeadStatus: StatusBadge.nullable(),
});
export const OwnerLeadsRow = z.object({
  EmployeeID: Id,
  FullName: z.string(),
  LeadsCount: Int32,
  StatusCounts: z.array(StatusCount),
});
export const OwnerLeadsQuery = z.object({
  leadGroupId: QueryInt32.optional(),
  icdCorporationId: QueryInt32.optional(),
});

export const EmployeeLeadActivity = LeadActivity.extend({
  LeadGroupID: Id,
  StreetLine1: z.string().nullable(),
  City: z.string().nullable(),
});
export const EmployeeLeadsActivityQuery = PagingQuery.extend({
  fromDate: WireDate.optional(),
  toDate: WireDate.optional(),
});
export const EmployeeLeadActivityPage = pagedResult(EmployeeLeadActivity);
