// Reference data of leads: statuses, the leads policy in effect per division, import schemas, and the
// defaults loaded into any database on first use.
import { asc, eq, inArray } from 'drizzle-orm';
import { Division } from '../../../src/contract/common';
import {
  type DivisionLeadsPolicy,
  type ImportSchema,
  LeadStatusType,
  leadDataKeysOf,
  MarkerStyle,
  type StatusBadge,
  type LeadStatus as WireLeadStatus,
} from '../../../src/contract/leads';
import type { Db } from '../../db/client';
import { LockClass, xactLockName } from '../../db/locks';
import {
  divisionLeadsPolicies,
  divisions,
  importSchemas,
  leadStatuses,
  leadsPolicies,
} from '../../db/tables';
import { DEFAULT_IMPORT_SCHEMAS } from '../../domain/leads/import-rows';
import { hueOf } from '../../domain/leads/rules';

const { Interaction, Observation, Declaration } = LeadStatusType;

/** The statuses every Rogers and Dtv database starts with. */
export const DEFAULT_LEAD_STATUSES: {
  Name: string;
  Color: string;
  TypeFlags: number;
  IsConversion?: boolean;
}[] = [
  { Name: 'Not Home', Color: '#9e9e9e', TypeFlags: Observation },
  { Name: 'Interested', Color: '#fab005', TypeFlags: Interaction },
  { Name: 'Sold', Color: '#2f9e44', TypeFlags: Interaction, IsConversion: true },
  { Name: 'Not Interested', Color: '#e03131', TypeFlags: Interaction },
  { Name: 'Come Back', Color: '#1c7ed6', TypeFlags: Interaction },
  { Name: 'No Soliciting', Color: '#495057', TypeFlags: Observation | Declaration },
  { Name: 'Has Competitor', Color: '#7048e8', TypeFlags: Declaration },
  { Name: 'Moving', Color: '#f76707', TypeFlags: Declaration },
];

/**
 * Loads the default statuses of Rogers and Dtv (for each that exists and has none) and the built-in
 * import schemas. Safe with several server instances (advisory lock in one transaction).
 */
export async function ensureLeadReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(xactLockName(LockClass.LeadReference, 'leads.reference'));
    // Rogers and Dtv (when the division exists) start with the default statuses.
    const present = await tx
      .select({ id: divisions.DivisionID })
      .from(divisions)
      .where(inArray(divisions.DivisionID, [Division.Rogers, Division.Dtv]));
    const withStatuses = await tx.selectDistinct({ id: leadStatuses.DivisionID }).from(leadStatuses);
    const missing = present.map((d) => d.id).filter((id) => !withStatuses.some((w) => w.id === id));
    if (missing.length > 0) {
      await tx.insert(leadStatuses).values(
        missing.flatMap((DivisionID) =>
          DEFAULT_LEAD_STATUSES.map((s, i) => ({
            DivisionID,
            Name: s.Name,
            Color: s.Color,
            Hue: hueOf(s.Color),
            TypeFlags: s.TypeFlags,
            IsConversion: s.IsConversion ?? false,
            SortIndex: i,
          })),
        ),
      );
    }
    await tx
      .insert(importSchemas)
      .values(DEFAULT_IMPORT_SCHEMAS.map((s) => ({ ...s })))
      .onConflictDoNothing();
  });
}

export type StatusRow = typeof leadStatuses.$inferSelect;

export interface StatusBook {
  byId: Map<number, StatusRow>;
  list: WireLeadStatus[];
  badge(id: number | null): StatusBadge | null;
}

function book(rows: StatusRow[]): StatusBook {
  const byId = new Map(rows.map((r) => [r.LeadStatusID, r]));
  return {
    byId,
    list: rows,
    badge: (id) => {
      if (id === null) return null;
      const s = byId.get(id);
      return s ? { Name: s.Name, Color: s.Color } : null;
    },
  };
}

/** Statuses of one division (or all), sorted for display. */
export async function statusBook(db: Db, divisionId?: number): Promise<StatusBook> {
  const rows = await db
    .select()
    .from(leadStatuses)
    .where(divisionId === undefined ? undefined : eq(leadStatuses.DivisionID, divisionId))
    .orderBy(asc(leadStatuses.DivisionID), asc(leadStatuses.SortIndex), asc(leadStatuses.LeadStatusID));
  return book(rows);
}

export const DEFAULT_POLICY = {
  Name: 'Default',
  MarkerStyle: MarkerStyle.TwoTonedCircle,
  RepsCanCreateLeads: true,
  NoteRequiredStatusIDs: [] as number[],
};

export async function divisionPolicy(db: Db, divisionId: number): Promise<DivisionLeadsPolicy> {
  const [row] = await db
    .select({ policy: leadsPolicies })
    .from(divisionLeadsPolicies)
    .innerJoin(leadsPolicies, eq(leadsPolicies.LeadsPolicyID, divisionLeadsPolicies.LeadsPolicyID))
    .where(eq(divisionLeadsPolicies.DivisionID, divisionId))
    .limit(1);
  const LeadDataKeys = [...leadDataKeysOf(divisionId)];
  if (!row)
    return {
      DivisionID: divisionId,
      IsSet: false,
      LeadsPolicyID: null,
      ...DEFAULT_POLICY,
      LeadDataKeys,
      Version: null,
    };
  const p = row.policy;
  return {
    DivisionID: divisionId,
    IsSet: true,
    LeadsPolicyID: p.LeadsPolicyID,
    Name: p.Name,
    MarkerStyle: p.MarkerStyle,
    RepsCanCreateLeads: p.RepsCanCreateLeads,
    NoteRequiredStatusIDs: p.NoteRequiredStatusIDs,
    LeadDataKeys,
    Version: p.Version,
  };
}

export async function listImportSchemas(db: Db, divisionId?: number): Promise<ImportSchema[]> {
  await ensureLeadReference(db);
  const rows = await db.select().from(importSchemas).orderBy(asc(importSchemas.ImportSchemaID));
  return rows
    .map((r) => ({ ...r, Columns: r.Columns as ImportSchema['Columns'] }))
    .filter((s) => divisionId === undefined || s.DivisionID === null || s.DivisionID === divisionId);
}
