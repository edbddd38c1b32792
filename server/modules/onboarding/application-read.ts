// Reading onboarding applications: who may (onboarding:manage at the application's office, or the
// applicant themselves; anyone else gets 404), the application as answered (sensitive values masked
// unless the caller holds onboarding:sensitive at its office), the list with its filters and paging.
import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ONBOARDING_MANAGE } from '../../../src/contract/employees';
import {
  ONBOARDING_SENSITIVE,
  type OnboardingApplication,
  type OnboardingApplicationListItem,
  type OnboardingApplicationQuery,
  type OnboardingFieldValue,
  type Stage,
  type StatusType,
} from '../../../src/contract/onboarding';
import { ONBOARDING_PERMISSION } from '../../../src/contract/permissions';
import {
  divisions,
  employees,
  icdOffices,
  onboardingApplicationDocuments,
  onboardingApplicationStatuses,
  onboardingApplications,
  onboardingDocuments,
  onboardingFieldValues,
  onboardingReferenceFields,
} from '../../db/tables';
import { notFound } from '../../errors';
import { type Actor, inScope } from '../access/service';
import type { DbOrTx } from './common';
import type { DataCipher } from './crypto';
import { maskSensitive } from './field-rules';
import { fieldsOf } from './policy-read';

export const APPLICATION = 'The onboarding application';
export type ApplicationRow = typeof onboardingApplications.$inferSelect;

export const canManage = (actor: Actor | null, officeId: number) =>
  !!actor && actor.has(ONBOARDING_MANAGE) && inScope(actor.offices(ONBOARDING_MANAGE), officeId);

export const isOwn = (actor: Actor | null, row: ApplicationRow) =>
  !!actor && actor.has(ONBOARDING_PERMISSION) && row.EmployeeID === actor.EmployeeID;

export const reveals = (actor: Actor | null, officeId: number) =>
  !!actor && actor.has(ONBOARDING_SENSITIVE) && inScope(actor.offices(ONBOARDING_SENSITIVE), officeId);

export async function applicationRow(db: DbOrTx, id: number): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(onboardingApplications)
    .where(eq(onboardingApplications.OnboardingApplicationID, id));
  if (!row) throw notFound(APPLICATION);
  return row;
}

/** The application and whether the caller manages it; 404 for anyone who neither manages nor owns it. */
export async function requireApplication(db: DbOrTx, actor: Actor | null, id: number) {
  const row = await applicationRow(db, id);
  const manager = canManage(actor, row.IcdOfficeID);
  if (!manager && !isOwn(actor, row)) throw notFound(APPLICATION);
  return { row, manager };
}

/** A stored value in clear (sensitive ones decrypted), for the server's own use only. */
export function clearValue(cipher: DataCipher, v: { Value: string; IsEncrypted: boolean }): string {
  return v.IsEncrypted ? cipher.decrypt(v.Value) : v.Value;
}

export async function fieldValuesOf(
  db: DbOrTx,
  cipher: DataCipher,
  row: ApplicationRow,
  reveal: boolean,
): Promise<OnboardingFieldValue[]> {
  const fields = await fieldsOf(db, row.OnboardingPolicyID);
  const values = await db
    .select()
    .from(onboardingFieldValues)
    .where(eq(onboardingFieldValues.OnboardingApplicationID, row.OnboardingApplicationID));
  return fields.map((f) => {
    const v = values.find((x) => x.OnboardingReferenceFieldID === f.OnboardingReferenceFieldID);
    if (!v) return { ...f, Value: null, IsMasked: false };
    const clear = clearValue(cipher, v);
    const masked = f.IsSensitive && !reveal;
    return { ...f, Value: masked ? maskSensitive(clear) : clear, IsMasked: masked };
  });
}

/** Names of what is still needed before the application can be submitted (required fields and documents). */
export async function missingOf(db: DbOrTx, row: ApplicationRow, fields: OnboardingFieldValue[]) {
  const missing = fields.filter((f) => f.RequiredAtStatus && f.Value === null).map((f) => f.Name);
  const required = await db
    .select({ id: onboardingDocuments.OnboardingDocumentID, Name: onboardingDocuments.Name })
    .from(onboardingDocuments)
    .where(
      and(
        eq(onboardingDocuments.OnboardingPolicyID, row.OnboardingPolicyID),
        eq(onboardingDocuments.IsRequired, true),
      ),
    )
    .orderBy(asc(onboardingDocuments.SortIndex));
  if (required.length) {
    const have = new Set(
      (
        await db
          .select({ id: onboardingApplicationDocuments.OnboardingDocumentID })
          .from(onboardingApplicationDocuments)
          .where(eq(onboardingApplicationDocuments.OnboardingApplicationID, row.OnboardingApplicationID))
      ).map((d) => d.id),
    );
    for (const d of required) if (!have.has(d.id)) missing.push(d.Name);
  }
  return missing;
}

export async function applicationOf(
  db: DbOrTx,
  cipher: DataCipher,
  row: ApplicationRow,
  reveal: boolean,
): Promise<OnboardingApplication> {
  const [e] = await db.select().from(employees).where(eq(employees.EmployeeID, row.EmployeeID));
  const [division] = await db.select().from(divisions).where(eq(divisions.DivisionID, row.DivisionID));
  const [office] = await db.select().from(icdOffices).where(eq(icdOffices.IcdOfficeID, row.IcdOfficeID));
  const [status] = await db
    .select()
    .from(onboardingApplicationStatuses)
    .where(
      eq(onboardingApplicationStatuses.OnboardingApplicationStatusID, row.OnboardingApplicationStatusID),
    );
  const fields = await fieldValuesOf(db, cipher, row, reveal);
  const documents = await db
    .select({
      OnboardingApplicationDocumentID: onboardingApplicationDocuments.OnboardingApplicationDocumentID,
      OnboardingDocumentID: onboardingApplicationDocuments.OnboardingDocumentID,
      FileName: onboardingApplicationDocuments.FileName,
      OriginalName: onboardingApplicationDocuments.OriginalName,
      ContentType: onboardingApplicationDocuments.ContentType,
      Size: onboardingApplicationDocuments.Size,
      UploadedAt: onboardingApplicationDocuments.UploadedAt,
    })
    .from(onboardingApplicationDocuments)
    .where(eq(onboardingApplicationDocuments.OnboardingApplicationID, row.OnboardingApplicationID))
    .orderBy(asc(onboardingApplicationDocuments.OnboardingApplicationDocumentID));
  const account = row.AccountNumber ? cipher.decrypt(row.AccountNumber) : null;
  return {
    OnboardingApplicationID: row.OnboardingApplicationID,
    EmployeeID: row.EmployeeID,
    Applicant: {
      FirstName: e.FirstName,
      LastName: e.LastName,
      EmailAddress: e.EmailAddress,
      UserName: e.UserName,
      CellPhone: { PhoneNumber: e.CellPhone, Extension: e.CellPhoneExtension },
      DateOfBirth: e.BirthDate,
    },
    DivisionID: row.DivisionID,
    DivisionName: division.Name,
    IcdOfficeID: row.IcdOfficeID,
    OfficeName: office.OfficeName,
    OnboardingPolicyID: row.OnboardingPolicyID,
    Status: {
      OnboardingApplicationStatusID: status.OnboardingApplicationStatusID,
      Name: status.Name,
      StatusType: status.StatusType as StatusType,
    },
    Stage: row.Stage as Stage,
    IsSelfSignUp: row.IsSelfSignUp,
    IsPaperApplication: row.IsPaperApplication,
    ReviewRequired: row.ReviewRequired,
    Comments: row.Comments,
    ReviewComments: {
      FedW4Error: row.FedW4Error,
      ProvW4Error: row.ProvW4Error,
      I9Error: row.I9Error,
      DDerror: row.DDerror,
    },
    Bank: {
      CountryID: row.BankCountryID,
      BankName: row.BankName,
      RoutingNumber: row.RoutingNumber,
      InstitutionNumber: row.InstitutionNumber,
      AccountNumber: account === null ? null : reveal ? account : maskSensitive(account),
    },
    Fields: fields,
    Documents: documents,
    Missing: await missingOf(db, row, fields),
    EmploymentRecordID: row.EmploymentRecordID,
    CreatedAt: row.CreatedAt,
    SubmittedAt: row.SubmittedAt,
    ApprovedAt: row.ApprovedAt,
    Version: row.Version,
  };
}

export async function readApplication(db: DbOrTx, cipher: DataCipher, actor: Actor | null, id: number) {
  const { row } = await requireApplication(db, actor, id);
  return applicationOf(db, cipher, row, reveals(actor, row.IcdOfficeID));
}

// ---- the list --------------------------------------------------------------------------------------

export async function listApplications(
  db: DbOrTx,
  cipher: DataCipher,
  actor: Actor,
  query: z.output<typeof OnboardingApplicationQuery> & { pageIndex?: number },
): Promise<{ Items: OnboardingApplicationListItem[]; TotalCount: number }> {
  const scope = actor.offices(ONBOARDING_MANAGE);
  const conditions: (SQL | undefined)[] = [];
  if (scope !== 'all')
    conditions.push(scope.size ? inArray(onboardingApplications.IcdOfficeID, [...scope]) : sql`false`);
  if (query.icdOfficeId) conditions.push(eq(onboardingApplications.IcdOfficeID, query.icdOfficeId));
  if (query.divisionId) conditions.push(eq(onboardingApplications.DivisionID, query.divisionId));
  if (query.stage) conditions.push(eq(onboardingApplications.Stage, query.stage));
  if (query.onboardingApplicationStatusId)
    conditions.push(
      eq(onboardingApplications.OnboardingApplicationStatusID, query.onboardingApplicationStatusId),
    );
  if (query.statusType) conditions.push(eq(onboardingApplicationStatuses.StatusType, query.statusType));
  else if (query.includeHidden !== 'true')
    conditions.push(ne(onboardingApplicationStatuses.StatusType, 'Hidden'));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(employees.FirstName, like),
        ilike(employees.LastName, like),
        ilike(employees.EmailAddress, like),
        ilike(sql`${employees.FirstName} || ' ' || ${employees.LastName}`, like),
      ),
    );
  }
  const where = and(...conditions);
  const base = () =>
    db
      .select({
        row: onboardingApplications,
        FirstName: employees.FirstName,
        LastName: employees.LastName,
        EmailAddress: employees.EmailAddress,
        DivisionName: divisions.Name,
        OfficeName: icdOffices.OfficeName,
        StatusName: onboardingApplicationStatuses.Name,
        StatusType: onboardingApplicationStatuses.StatusType,
      })
      .from(onboardingApplications)
      .innerJoin(employees, eq(employees.EmployeeID, onboardingApplications.EmployeeID))
      .innerJoin(divisions, eq(divisions.DivisionID, onboardingApplications.DivisionID))
      .innerJoin(icdOffices, eq(icdOffices.IcdOfficeID, onboardingApplications.IcdOfficeID))
      .innerJoin(
        onboardingApplicationStatuses,
        eq(
          onboardingApplicationStatuses.OnboardingApplicationStatusID,
          onboardingApplications.OnboardingApplicationStatusID,
        ),
      )
      .where(where);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(onboardingApplications)
    .innerJoin(employees, eq(employees.EmployeeID, onboardingApplications.EmployeeID))
    .innerJoin(
      onboardingApplicationStatuses,
      eq(
        onboardingApplicationStatuses.OnboardingApplicationStatusID,
        onboardingApplications.OnboardingApplicationStatusID,
      ),
    )
    .where(where);
  const dir = query.desc === 'true' ? desc : asc;
  const sortColumn = {
    CreatedAt: onboardingApplications.CreatedAt,
    LastName: employees.LastName,
    OfficeName: icdOffices.OfficeName,
    Status: onboardingApplicationStatuses.Name,
  }[query.sort ?? 'CreatedAt'];
  let q = base().orderBy(dir(sortColumn), dir(onboardingApplications.OnboardingApplicationID)).$dynamic();
  if (query.pageIndex !== undefined) q = q.limit(query.pageSize).offset(query.pageIndex * query.pageSize);
  else q = q.limit(query.pageSize);
  const rows = await q;
  // The grid's fields, masked as the application would be.
  const ids = rows.map((r) => r.row.OnboardingApplicationID);
  const values = ids.length
    ? await db
        .select({
          OnboardingApplicationID: onboardingFieldValues.OnboardingApplicationID,
          Name: onboardingReferenceFields.Name,
          IsSensitive: onboardingReferenceFields.IsSensitive,
          Value: onboardingFieldValues.Value,
          IsEncrypted: onboardingFieldValues.IsEncrypted,
        })
        .from(onboardingFieldValues)
        .innerJoin(
          onboardingReferenceFields,
          eq(
            onboardingReferenceFields.OnboardingReferenceFieldID,
            onboardingFieldValues.OnboardingReferenceFieldID,
          ),
        )
        .where(
          and(
            inArray(onboardingFieldValues.OnboardingApplicationID, ids),
            eq(onboardingReferenceFields.ShowInGrid, true),
          ),
        )
    : [];
  const Items = rows.map((r) => {
    const reveal = reveals(actor, r.row.IcdOfficeID);
    const GridFields: Record<string, string | null> = {};
    for (const v of values.filter((x) => x.OnboardingApplicationID === r.row.OnboardingApplicationID)) {
      const clear = clearValue(cipher, v);
      GridFields[v.Name] = v.IsSensitive && !reveal ? maskSensitive(clear) : clear;
    }
    return {
      OnboardingApplicationID: r.row.OnboardingApplicationID,
      EmployeeID: r.row.EmployeeID,
      FirstName: r.FirstName,
      LastName: r.LastName,
      EmailAddress: r.EmailAddress,
      DivisionID: r.row.DivisionID,
      DivisionName: r.DivisionName,
      IcdOfficeID: r.row.IcdOfficeID,
      OfficeName: r.OfficeName,
      Status: {
        OnboardingApplicationStatusID: r.row.OnboardingApplicationStatusID,
        Name: r.StatusName,
        StatusType: r.StatusType as StatusType,
      },
      Stage: r.row.Stage as Stage,
      IsSelfSignUp: r.row.IsSelfSignUp,
      IsPaperApplication: r.row.IsPaperApplication,
      ReviewRequired: r.row.ReviewRequired,
      GridFields,
      CreatedAt: r.row.CreatedAt,
      Version: r.row.Version,
    };
  });
  return { Items, TotalCount: total };
}
