// An employee's security (user name, password, inactive), profile (personal details, SSN, address,
// phones), profile image, and the checks the forms make (unique SSN, available e-mail). Every change of
// the SSN is audit-logged with masked values; every security change too (never the password itself).
import { and, eq, ne, sql } from 'drizzle-orm';
import { AuditAction, AuditEntityType } from '../../../src/contract/audit';
import {
  type EmailAvailability,
  type EmployeeProfile,
  type EmployeeSecurity,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  isMaskedSsn,
  MAX_PROFILE_IMAGE_BYTES,
  maskSsn,
  type ProfileImageInfo,
  type ProfilePatch,
  type ProfileSave,
  type SecuritySave,
  SSN_FORMAT,
  SSN_TAKEN,
  USER_NAME_TAKEN,
} from '../../../src/contract/employees';
import type { Db } from '../../db/client';
import { employeeProfileImages, employees } from '../../db/tables';
import { AppError, badRequest, notFound } from '../../errors';
import type { Actor } from '../access/service';
import { hashPassword } from '../auth/passwords';
import { recordPersonChange } from '../employments/record';
import { doerOf, recordAudit } from '../time-management/record';
import { checkPassword, endSessions } from './save-service';
import {
  canViewSensitive,
  conflict,
  type DbOrTx,
  EMPLOYEE,
  officesOf,
  reaches,
  requireProfileAccess,
  requireVisible,
  requireWritable,
  writeScope,
} from './scope';

type Row = typeof employees.$inferSelect;

async function employeeRow(db: Db, id: number): Promise<Row> {
  const [e] = await db.select().from(employees).where(eq(employees.EmployeeID, id));
  if (!e) throw notFound(EMPLOYEE);
  return e;
}

// ---- security ----------------------------------------------------------------------------------------

function securityOf(e: Row): EmployeeSecurity {
  return {
    EmployeeID: e.EmployeeID,
    UserName: e.UserName,
    Inactive: e.Inactive,
    InactiveDate: e.InactiveDate,
    HasPassword: !!e.PasswordHash,
    PasswordChangedAt: e.PasswordChangedAt ? e.PasswordChangedAt.toISOString() : null,
    Version: e.Version,
  };
}

export async function getSecurity(p: { db: Db; actor: Actor; id: number }): Promise<EmployeeSecurity> {
  await requireVisible(p.db, p.actor, p.id);
  return securityOf(await employeeRow(p.db, p.id));
}

/** Refusal of a user making their own account inactive. */
export const OWN_ACCOUNT_INACTIVE = 'You cannot make your own account inactive.';

export async function saveSecurity(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: SecuritySave;
  costLog2: number;
}): Promise<EmployeeSecurity> {
  const { db, actor, id, body } = p;
  await requireWritable(db, actor, id);
  const password = body.Password ? body.Password : null;
  const current = await employeeRow(db, id);
  if (password) checkPassword(password, current);
  const hash = password ? await hashPassword(password, p.costLog2) : null;
  return db.transaction(async (tx) => {
    const [e] = await tx.select().from(employees).where(eq(employees.EmployeeID, id)).for('update');
    if (e.Version !== body.Version) throw conflict(securityOf(e));
    // Nobody locks themselves out: another administrator makes an account inactive.
    if (id === actor.EmployeeID && body.Inactive && !e.Inactive)
      throw badRequest(OWN_ACCOUNT_INACTIVE, { Inactive: [OWN_ACCOUNT_INACTIVE] });
    const [taken] = await tx
      .select({ id: employees.EmployeeID })
      .from(employees)
      .where(and(sql`lower(${employees.UserName}) = lower(${body.UserName})`, ne(employees.EmployeeID, id)))
      .limit(1);
    if (taken) throw badRequest(USER_NAME_TAKEN, { UserName: [USER_NAME_TAKEN] });
    const changed = e.UserName !== body.UserName || e.Inactive !== body.Inactive || hash !== null;
    if (!changed) return securityOf(e);
    const [row] = await tx
      .update(employees)
      .set({
        UserName: body.UserName,
        Inactive: body.Inactive,
        InactiveDate: body.Inactive ? (e.InactiveDate ?? new Date().toISOString().slice(0, 10)) : null,
        ...(hash ? { PasswordHash: hash, PasswordChangedAt: new Date() } : {}),
        Version: e.Version + 1,
      })
      .where(eq(employees.EmployeeID, id))
      .returning();
    if (hash) await endSessions(tx, id, actor);
    await recordAudit(tx, {
      action: AuditAction.EmployeeSecurityChanged,
      entityType: AuditEntityType.Employee,
      entityId: id,
      by: doerOf(actor),
      employeeId: id,
      officeId: null,
      before: { UserName: e.UserName, Inactive: e.Inactive },
      after: { UserName: body.UserName, Inactive: body.Inactive, PasswordChanged: hash !== null },
    });
    return securityOf(row);
  });
}

// ---- profile -----------------------------------------------------------------------------------------

async function profileOf(db: DbOrTx, actor: Actor, e: Row): Promise<EmployeeProfile> {
  const [image] = await db
    .select({ id: employeeProfileImages.EmployeeID })
    .from(employeeProfileImages)
    .where(eq(employeeProfileImages.EmployeeID, e.EmployeeID));
  const sensitive = canViewSensitive(actor);
  const own = e.EmployeeID === actor.EmployeeID;
  return {
    EmployeeID: e.EmployeeID,
    FirstName: e.FirstName,
    MiddleName: e.MiddleName,
    LastName: e.LastName,
    EmailAddress: e.EmailAddress,
    SSN: sensitive ? e.SSN : maskSsn(e.SSN),
    SSNMasked: !sensitive && e.SSN !== null,
    BirthDate: e.BirthDate,
    GenderID: e.GenderID,
    MaritalStatusID: e.MaritalStatusID,
    WithholdingTypeID: e.WithholdingTypeID,
    StreetLine1: e.StreetLine1,
    StreetLine2: e.StreetLine2,
    City: e.City,
    StateProvince: e.StateProvince,
    PostalCode: e.PostalCode,
    CountryID: e.CountryID,
    CellPhone: e.CellPhone ? { PhoneNumber: e.CellPhone, Extension: e.CellPhoneExtension } : null,
    HomePhone: e.HomePhone,
    EmergencyContactName: e.EmergencyContactName,
    EmergencyContactPhone: e.EmergencyContactPhone,
    HasImage: !!image,
    CanUpdate: own || reaches(writeScope(actor), await officesOf(db, e.EmployeeID)),
    Version: e.Version,
  };
}

export async function getProfile(p: { db: Db; actor: Actor; id: number }): Promise<EmployeeProfile> {
  await requireProfileAccess(p.db, p.actor, p.id, 'read');
  return profileOf(p.db, p.actor, await employeeRow(p.db, p.id));
}

/** The SSN to store: unchanged when absent or sent back masked; null removes it; else 9 digits. */
function ssnToStore(sent: string | null | undefined, current: string | null): string | null {
  if (sent === undefined) return current;
  if (sent === null || sent.trim() === '') return null;
  if (isMaskedSsn(sent)) {
    if (sent === maskSsn(current)) return current;
    throw badRequest(SSN_FORMAT, { SSN: [SSN_FORMAT] });
  }
  const digits = sent.replace(/[\s-]/g, '');
  if (!/^\d{9}$/.test(digits)) throw badRequest(SSN_FORMAT, { SSN: [SSN_FORMAT] });
  return digits;
}

export async function saveProfile(p: {
  db: Db;
  actor: Actor;
  id: number;
  body: ProfileSave | ProfilePatch;
  partial: boolean;
}): Promise<EmployeeProfile> {
  const { db, actor, id, body } = p;
  await requireProfileAccess(db, actor, id, 'write');
  const row = await db.transaction(async (tx) => {
    const [e] = await tx.select().from(employees).where(eq(employees.EmployeeID, id)).for('update');
    if (!e) throw notFound(EMPLOYEE);
    if (e.Version !== body.Version) throw conflict(await profileOf(tx, actor, e));
    const ssn = ssnToStore(body.SSN, e.SSN);
    if (ssn && ssn !== e.SSN) {
      const [other] = await tx
        .select({ id: employees.EmployeeID })
        .from(employees)
        .where(and(eq(employees.SSN, ssn), ne(employees.EmployeeID, id)))
        .limit(1);
      if (other) throw badRequest(SSN_TAKEN, { SSN: [SSN_TAKEN] });
    }
    const pick = <K extends keyof ProfileSave>(key: K, current: unknown) =>
      p.partial && body[key] === undefined ? current : (body[key] ?? null);
    const values = {
      FirstName: pick('FirstName', e.FirstName) as string,
      MiddleName: pick('MiddleName', e.MiddleName) as string | null,
      LastName: pick('LastName', e.LastName) as string,
      EmailAddress: pick('EmailAddress', e.EmailAddress) as string | null,
      SSN: ssn,
      BirthDate: pick('BirthDate', e.BirthDate) as string | null,
      GenderID: pick('GenderID', e.GenderID) as number | null,
      MaritalStatusID: pick('MaritalStatusID', e.MaritalStatusID) as number | null,
      WithholdingTypeID: pick('WithholdingTypeID', e.WithholdingTypeID) as number | null,
      StreetLine1: pick('StreetLine1', e.StreetLine1) as string | null,
      StreetLine2: pick('StreetLine2', e.StreetLine2) as string | null,
      City: pick('City', e.City) as string | null,
      StateProvince: pick('StateProvince', e.StateProvince) as string | null,
      PostalCode: pick('PostalCode', e.PostalCode) as string | null,
      CountryID: pick('CountryID', e.CountryID) as number | null,
      HomePhone: pick('HomePhone', e.HomePhone) as string | null,
      EmergencyContactName: pick('EmergencyContactName', e.EmergencyContactName) as string | null,
      EmergencyContactPhone: pick('EmergencyContactPhone', e.EmergencyContactPhone) as string | null,
    };
    const cell =
      p.partial && body.CellPhone === undefined
        ? { CellPhone: e.CellPhone, CellPhoneExtension: e.CellPhoneExtension }
        : body.CellPhone?.PhoneNumber
          ? { CellPhone: body.CellPhone.PhoneNumber, CellPhoneExtension: body.CellPhone.Extension ?? null }
          : { CellPhone: null, CellPhoneExtension: null };
    if (!values.FirstName || !values.LastName)
      throw badRequest('Enter the name', {
        ...(values.FirstName ? {} : { FirstName: ['Enter the first name'] }),
        ...(values.LastName ? {} : { LastName: ['Enter the last name'] }),
      });
    if (values.EmailAddress && values.EmailAddress.toLowerCase() !== (e.EmailAddress ?? '').toLowerCase()) {
      const [taken] = await tx
        .select({ id: employees.EmployeeID })
        .from(employees)
        .where(
          and(
            sql`lower(${employees.EmailAddress}) = lower(${values.EmailAddress})`,
            ne(employees.EmployeeID, id),
          ),
        )
        .limit(1);
      if (taken) {
        const message = 'This e-mail address is used by another employee';
        throw badRequest(message, { EmailAddress: [message] });
      }
    }
    const [updated] = await tx
      .update(employees)
      .set({ ...values, ...cell, Version: e.Version + 1 })
      .where(eq(employees.EmployeeID, id))
      .returning();
    await recordPersonChange(tx, { employeeId: id, before: e, after: updated, by: actor.EmployeeID });
    if (ssn !== e.SSN)
      await recordAudit(tx, {
        action: AuditAction.EmployeeSensitiveChanged,
        entityType: AuditEntityType.Employee,
        entityId: id,
        by: doerOf(actor),
        employeeId: id,
        officeId: null,
        before: { SSN: maskSsn(e.SSN) },
        after: { SSN: maskSsn(ssn) },
        note: 'SSN',
      });
    return updated;
  });
  return profileOf(db, actor, row);
}

// ---- profile image -----------------------------------------------------------------------------------

/** The image type from the file's first bytes (its name and declared type are not trusted). */
export function sniffImage(bytes: Buffer): ProfileImageInfo['ContentType'] | null {
  if (bytes.length >= 6) {
    const head6 = bytes.subarray(0, 6).toString('latin1');
    if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'image/gif';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  return null;
}

export async function putProfileImage(p: {
  db: Db;
  actor: Actor;
  id: number;
  content: Buffer;
}): Promise<ProfileImageInfo> {
  await requireProfileAccess(p.db, p.actor, p.id, 'write');
  await employeeRow(p.db, p.id);
  if (p.content.length > MAX_PROFILE_IMAGE_BYTES)
    throw new AppError(413, IMAGE_SIZE_MESSAGE, { Errors: { profileImage: [IMAGE_SIZE_MESSAGE] } });
  const type = sniffImage(p.content);
  if (!type) throw badRequest(IMAGE_TYPE_MESSAGE, { profileImage: [IMAGE_TYPE_MESSAGE] });
  const values = { ContentType: type, FileSize: p.content.length, Content: p.content, UpdatedAt: new Date() };
  const [row] = await p.db
    .insert(employeeProfileImages)
    .values({ EmployeeID: p.id, ...values })
    .onConflictDoUpdate({ target: employeeProfileImages.EmployeeID, set: values })
    .returning();
  return {
    EmployeeID: row.EmployeeID,
    ContentType: type,
    FileSize: row.FileSize,
    UpdatedAt: row.UpdatedAt.toISOString(),
  };
}

export async function getProfileImage(p: { db: Db; actor: Actor; id: number }) {
  await requireProfileAccess(p.db, p.actor, p.id, 'read');
  const [row] = await p.db
    .select()
    .from(employeeProfileImages)
    .where(eq(employeeProfileImages.EmployeeID, p.id));
  if (!row) throw notFound('The profile image');
  return row;
}

// ---- checks ------------------------------------------------------------------------------------------

export async function ssnIsUnique(p: {
  db: Db;
  ssn: string;
  employeeId: number;
}): Promise<{ IsUnique: boolean }> {
  const digits = p.ssn.replace(/[\s-]/g, '');
  if (!/^\d{9}$/.test(digits)) throw badRequest(SSN_FORMAT, { ssn: [SSN_FORMAT] });
  const [other] = await p.db
    .select({ id: employees.EmployeeID })
    .from(employees)
    .where(and(eq(employees.SSN, digits), ne(employees.EmployeeID, p.employeeId)))
    .limit(1);
  return { IsUnique: !other };
}

async function emailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: employees.EmployeeID })
    .from(employees)
    .where(sql`lower(${employees.EmailAddress}) = lower(${email})`)
    .limit(1);
  return !!row;
}

/** Whether an address is free; when taken, up to three free ones made by numbering its local part. */
export async function availableEmails(p: { db: Db; email: string }): Promise<EmailAvailability> {
  const email = p.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 200) {
    const message = 'Enter a valid e-mail address';
    throw badRequest(message, { email: [message] });
  }
  if (!(await emailTaken(p.db, email))) return { EmailAddress: email, IsAvailable: true, Suggestions: [] };
  const at = email.lastIndexOf('@');
  const [local, domain] = [email.slice(0, at), email.slice(at + 1)];
  const suggestions: string[] = [];
  for (let n = 1; n <= 50 && suggestions.length < 3; n++) {
    const candidate = `${local}${n}@${domain}`;
    if (!(await emailTaken(p.db, candidate))) suggestions.push(candidate);
  }
  return { EmailAddress: email, IsAvailable: false, Suggestions: suggestions };
}
