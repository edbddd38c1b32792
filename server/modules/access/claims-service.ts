// Claim permissions: read and set one claim's permissions, the CSV export, and the import of the
// whole list (all or nothing: one bad row → 400 naming its row and line, nothing applied).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  CLAIM_CSV_COLUMNS,
  CLAIM_TYPES,
  type ClaimChange,
  type ClaimImportResult,
  ClaimPermissionRow,
  type ClaimRowError,
  GrantValue,
} from '../../../src/contract/access';
import type { ClaimPermission } from '../../../src/contract/permissions';
import type { Db } from '../../db/client';
import { claimPermissions, divisions, icdOffices, roles } from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import { recordAccessAudit } from './audit';
import { knownKeys, notHeldMessage, requireHeld, requireKnownKey, UNKNOWN_KEY } from './scope';
import type { Actor } from './service';

const columns = {
  ClaimType: claimPermissions.ClaimType,
  ClaimValue: claimPermissions.ClaimValue,
  PermissionKey: claimPermissions.PermissionKey,
  Value: claimPermissions.Value,
};

/** A claim type as stored: one of CLAIM_TYPES, whatever the case it was written in. */
function normaliseType(type: string): string | null {
  return CLAIM_TYPES.find((t) => t.toLowerCase() === type.trim().toLowerCase()) ?? null;
}

export const UNKNOWN_CLAIM_TYPE = 'Use role, office, division or userName';

function typeOrFail(type: string): string {
  const t = normaliseType(type);
  if (!t) throw badRequest(UNKNOWN_CLAIM_TYPE, { ClaimType: [UNKNOWN_CLAIM_TYPE] });
  return t;
}

/** What the known values of each claim type are (for the checks of a value). */
interface Known {
  offices: Set<string>;
  divisions: Set<string>;
  roles: Set<string>;
}

async function knownValues(db: Db): Promise<Known> {
  const [o, d, r] = await Promise.all([
    db.select({ ID: icdOffices.IcdOfficeID }).from(icdOffices),
    db.select({ ID: divisions.DivisionID }).from(divisions),
    db.select({ Name: roles.Name }).from(roles),
  ]);
  return {
    offices: new Set(o.map((x) => String(x.ID))),
    divisions: new Set(d.map((x) => String(x.ID))),
    roles: new Set(r.map((x) => x.Name)),
  };
}

/** The problem with a claim value, or null ('' and null mean any value of the type). */
function valueProblem(type: string, value: string | null, known: Known): string | null {
  if (value === null) return type === 'role' ? 'Name the role' : null;
  if (type === 'office' && !known.offices.has(value)) return `There is no office ${value}`;
  if (type === 'division' && !known.divisions.has(value)) return `There is no division ${value}`;
  if (type === 'role' && !known.roles.has(value)) return `There is no role named "${value}"`;
  return null;
}

/** A stored claim value: user names in lower case (they are matched that way). */
function normaliseValue(type: string, value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  return type === 'userName' ? value.trim().toLowerCase() : value.trim();
}

export async function claimPermissionsOf(db: Db, type: string, value: string): Promise<ClaimPermission[]> {
  const claimType = typeOrFail(type);
  const claimValue = normaliseValue(claimType, value);
  return db
    .select(columns)
    .from(claimPermissions)
    .where(
      and(
        eq(claimPermissions.ClaimType, claimType),
        claimValue === null
          ? isNull(claimPermissions.ClaimValue)
          : eq(claimPermissions.ClaimValue, claimValue),
      ),
    )
    .orderBy(asc(claimPermissions.PermissionKey));
}

export async function setClaimPermission(p: {
  db: Db;
  actor: Actor;
  type: string;
  value: string | null;
  permissionKey: string;
  grant: string;
}): Promise<ClaimPermission> {
  const claimType = typeOrFail(p.type);
  const claimValue = normaliseValue(claimType, p.value);
  const problem = valueProblem(claimType, claimValue, await knownValues(p.db));
  if (problem) throw badRequest(problem, { ClaimValue: [problem] });
  await requireKnownKey(p.db, p.permissionKey);
  requireHeld(p.actor, p.permissionKey);
  return p.db.transaction(async (tx) => {
    const where = and(
      eq(claimPermissions.ClaimType, claimType),
      claimValue === null ? isNull(claimPermissions.ClaimValue) : eq(claimPermissions.ClaimValue, claimValue),
      eq(claimPermissions.PermissionKey, p.permissionKey),
    );
    // The unique index treats NULL values as distinct: update first, insert when there was none.
    const [before] = await tx.select(columns).from(claimPermissions).where(where);
    if (before) await tx.update(claimPermissions).set({ Value: p.grant }).where(where);
    else
      await tx.insert(claimPermissions).values({
        ClaimType: claimType,
        ClaimValue: claimValue,
        PermissionKey: p.permissionKey,
        Value: p.grant,
      });
    await recordAccessAudit(tx, {
      action: 'ClaimPermissionSet',
      by: p.actor,
      detail: {
        ClaimType: claimType,
        ClaimValue: claimValue,
        PermissionKey: p.permissionKey,
        Before: before?.Value ?? null,
        After: p.grant,
      },
    });
    return { ClaimType: claimType, ClaimValue: claimValue, PermissionKey: p.permissionKey, Value: p.grant };
  });
}

export async function removeClaimPermission(p: {
  db: Db;
  actor: Actor;
  type: string;
  value: string;
  permissionKey: string;
}): Promise<void> {
  const claimType = typeOrFail(p.type);
  const claimValue = normaliseValue(claimType, p.value);
  await p.db.transaction(async (tx) => {
    const where = and(
      eq(claimPermissions.ClaimType, claimType),
      claimValue === null ? isNull(claimPermissions.ClaimValue) : eq(claimPermissions.ClaimValue, claimValue),
      eq(claimPermissions.PermissionKey, p.permissionKey),
    );
    const [existing] = await tx.select(columns).from(claimPermissions).where(where);
    if (!existing) throw notFound('The claim permission');
    requireHeld(p.actor, p.permissionKey);
    const removed = await tx.delete(claimPermissions).where(where).returning(columns);
    await recordAccessAudit(tx, { action: 'ClaimPermissionRemoved', by: p.actor, detail: { ...removed[0] } });
  });
}

/** RFC 4180 field: quoted when it holds a comma, quote or line break (or could start a formula). */
function csvField(value: string | null): string {
  const v = value ?? '';
  const guarded = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(guarded) || guarded !== v ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export async function exportClaimsCsv(db: Db): Promise<string> {
  const rows = await db
    .select(columns)
    .from(claimPermissions)
    .orderBy(
      asc(claimPermissions.ClaimType),
      sql`${claimPermissions.ClaimValue} asc nulls first`,
      asc(claimPermissions.PermissionKey),
    );
  const lines = [CLAIM_CSV_COLUMNS.join(',')];
  for (const r of rows)
    lines.push([r.ClaimType, r.ClaimValue, r.PermissionKey, r.Value].map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A row of the import: an object with the CSV's columns, or an array in their order. */
function rowObject(raw: unknown): unknown {
  if (Array.isArray(raw)) {
    const [ClaimType, ClaimValue, PermissionKey, Value] = raw as unknown[];
    return { ClaimType, ClaimValue, PermissionKey, Value };
  }
  return raw;
}

const rowKey = (r: { ClaimType: string; ClaimValue: string | null; PermissionKey: string }) =>
  `${r.ClaimType}\u0000${r.ClaimValue ?? ''}\u0000${r.PermissionKey}`;

/**
 * PUT claims/all/permissions: the list replaces every claim permission. Each row is checked (claim
 * type, value that names something, a known key, 'true' or 'false', no duplicate); with any bad row
 * the answer is 400 naming each (row n = the n-th row after the header, line n + 1 of the CSV) and
 * nothing changes. A change to a key the caller does not hold is refused (403, naming the row).
 * `dryRun` answers what would change (the preview) without changing it.
 */
export async function importClaims(p: {
  db: Db;
  actor: Actor;
  rows: unknown[];
  dryRun: boolean;
}): Promise<ClaimImportResult> {
  const [keys, known] = await Promise.all([knownKeys(p.db), knownValues(p.db)]);
  const errors: ClaimRowError[] = [];
  const wanted: Array<ClaimPermission & { line: number; row: number }> = [];
  const seen = new Map<string, number>();
  p.rows.forEach((raw, index) => {
    const row = index + 1;
    const line = index + 2;
    const messages: string[] = [];
    const parsed = ClaimPermissionRow.safeParse(rowObject(raw));
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        messages.push(issue.path.length ? `${String(issue.path[0])}: ${issue.message}` : issue.message);
      errors.push({ Row: row, Line: line, Messages: messages });
      return;
    }
    const r = parsed.data;
    const type = normaliseType(r.ClaimType);
    if (!type) messages.push(`ClaimType: ${UNKNOWN_CLAIM_TYPE}`);
    const value = type ? normaliseValue(type, r.ClaimValue) : r.ClaimValue;
    if (type) {
      const problem = valueProblem(type, value, known);
      if (problem) messages.push(`ClaimValue: ${problem}`);
    }
    if (!keys.has(r.PermissionKey)) messages.push(`PermissionKey: ${UNKNOWN_KEY} ("${r.PermissionKey}")`);
    if (!GrantValue.safeParse(r.Value).success) messages.push("Value: Use 'true' or 'false'");
    const candidate = {
      ClaimType: type ?? r.ClaimType,
      ClaimValue: value,
      PermissionKey: r.PermissionKey,
      Value: r.Value,
    };
    const k = rowKey(candidate);
    const first = seen.get(k);
    if (first !== undefined) messages.push(`The same claim and key as row ${first}`);
    else seen.set(k, row);
    if (messages.length) errors.push({ Row: row, Line: line, Messages: messages });
    else wanted.push({ ...candidate, row, line });
  });
  if (errors.length) {
    const first = errors[0];
    const message =
      errors.length === 1
        ? `Row ${first.Row} (line ${first.Line}): ${first.Messages.join('; ')}. Nothing was imported.`
        : `${errors.length} rows have errors (rows ${errors.map((e) => e.Row).join(', ')}). Nothing was imported.`;
    throw new AppError(400, message, {
      Errors: Object.fromEntries(errors.map((e) => [`Row ${e.Row} (line ${e.Line})`, e.Messages])),
      body: { RowErrors: errors },
    });
  }

  return p.db.transaction(async (tx) => {
    const current = await tx.select().from(claimPermissions);
    const byKey = new Map(current.map((c) => [rowKey(c), c]));
    const changes: ClaimChange[] = [];
    let unchanged = 0;
    const wantedKeys = new Set<string>();
    for (const w of wanted) {
      const k = rowKey(w);
      wantedKeys.add(k);
      const before = byKey.get(k);
      if (!before) changes.push({ Change: 'Added', Line: w.line, ...pick(w), Before: null, After: w.Value });
      else if (before.Value !== w.Value)
        changes.push({ Change: 'Changed', Line: w.line, ...pick(w), Before: before.Value, After: w.Value });
      else unchanged++;
    }
    for (const c of current)
      if (!wantedKeys.has(rowKey(c)))
        changes.push({ Change: 'Removed', Line: null, ...pick(c), Before: c.Value, After: null });
    // No grant of a key the caller does not hold may change (added, changed or removed).
    const refused = changes.filter((c) => !p.actor.has(c.PermissionKey));
    if (refused.length) {
      const c = refused[0];
      const where = c.Line === null ? 'A removed row' : `Row ${c.Line - 1} (line ${c.Line})`;
      throw new AppError(403, `${where}: ${notHeldMessage(c.PermissionKey)} Nothing was imported.`);
    }
    const count = (kind: ClaimChange['Change']) => changes.filter((c) => c.Change === kind).length;
    const result: ClaimImportResult = {
      Applied: !p.dryRun,
      Added: count('Added'),
      Changed: count('Changed'),
      Removed: count('Removed'),
      Unchanged: unchanged,
      Changes: changes,
    };
    if (p.dryRun || changes.length === 0) return { ...result, Applied: !p.dryRun };
    for (const c of changes) {
      const where = and(
        eq(claimPermissions.ClaimType, c.ClaimType),
        c.ClaimValue === null
          ? isNull(claimPermissions.ClaimValue)
          : eq(claimPermissions.ClaimValue, c.ClaimValue),
        eq(claimPermissions.PermissionKey, c.PermissionKey),
      );
      if (c.Change === 'Removed') await tx.delete(claimPermissions).where(where);
      else if (c.Change === 'Changed')
        await tx.update(claimPermissions).set({ Value: c.After! }).where(where);
      else
        await tx.insert(claimPermissions).values({
          ClaimType: c.ClaimType,
          ClaimValue: c.ClaimValue,
          PermissionKey: c.PermissionKey,
          Value: c.After!,
        });
    }
    await recordAccessAudit(tx, {
      action: 'ClaimsImported',
      by: p.actor,
      detail: { Added: result.Added, Changed: result.Changed, Removed: result.Removed },
    });
    return result;
  });
}

function pick(r: ClaimPermission) {
  return { ClaimType: r.ClaimType, ClaimValue: r.ClaimValue, PermissionKey: r.PermissionKey };
}
