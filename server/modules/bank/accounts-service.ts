// Bank accounts of an employee: list, read, create or save (Version), delete. Account numbers are
// masked unless the caller holds bank:viewSensitive for the employee; every change is audit-logged
// with masked numbers only (the audit trail never holds a full account number).
import { and, asc, eq } from 'drizzle-orm';
import { AuditAction, AuditEntityType } from '../../../src/contract/audit';
import {
  BANK_READ,
  BANK_VIEW_SENSITIVE,
  BANK_WRITE,
  type BankAccount,
  type BankAccountSave,
  maskAccountNumber,
} from '../../../src/contract/bank';
import type { Db } from '../../db/client';
import { bankAccounts } from '../../db/tables';
import { notFound } from '../../errors';
import type { Actor } from '../access/service';
import { recordBankAccountChange } from '../employments/record';
import { conflict, type DbOrTx } from '../scheduling/scope';
import { doerOf, recordAudit } from '../time-management/record';
import { reaches, requireSubject, type Subject } from './scope';

export const ACCOUNT = 'The bank account';

export type AccountRow = typeof bankAccounts.$inferSelect;

export function toWire(row: AccountRow, reveal: boolean): BankAccount {
  return {
    BankAccountID: row.BankAccountID,
    EmployeeID: row.EmployeeID,
    CountryID: row.CountryID,
    BankName: row.BankName,
    AccountHolderName: row.AccountHolderName,
    AccountTypeID: row.AccountTypeID,
    RoutingNumber: row.RoutingNumber,
    InstitutionNumber: row.InstitutionNumber,
    AccountNumber: reveal ? row.AccountNumber : maskAccountNumber(row.AccountNumber),
    AccountNumberMasked: !reveal,
    IsDirectDeposit: row.IsDirectDeposit,
    DepositAmount: row.DepositAmount === null ? null : Number(row.DepositAmount),
    DepositAmountTypeID: row.DepositAmountTypeID,
    VoidCheckFileName: row.VoidCheckFileName,
    AdpDirectDepositFileName: row.AdpDirectDepositFileName,
    Version: row.Version,
    UpdatedAt: row.UpdatedAt.toISOString(),
  };
}

/** What the audit trail keeps of an account: no file contents, the account number masked. */
export function auditSnapshot(row: AccountRow): Record<string, unknown> {
  const w = toWire(row, false);
  const { UpdatedAt: _u, AccountNumberMasked: _m, ...rest } = w;
  return rest;
}

export const revealsFor = (actor: Actor, subject: Subject) => reaches(actor, BANK_VIEW_SENSITIVE, subject);

/** The office an audit row is filed under: the employee's first office, if any. */
export const auditOffice = (subject: Subject) => subject.offices[0] ?? null;

export async function listAccounts(p: { db: Db; actor: Actor; employeeId: number }): Promise<BankAccount[]> {
  const subject = await requireSubject(p.db, p.actor, BANK_READ, p.employeeId);
  const rows = await p.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.EmployeeID, p.employeeId))
    .orderBy(asc(bankAccounts.BankAccountID));
  const reveal = revealsFor(p.actor, subject);
  return rows.map((r) => toWire(r, reveal));
}

export async function accountRow(db: DbOrTx, employeeId: number, accountId: number): Promise<AccountRow> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.EmployeeID, employeeId), eq(bankAccounts.BankAccountID, accountId)));
  if (!row) throw notFound(ACCOUNT);
  return row;
}

export async function getAccount(p: {
  db: Db;
  actor: Actor;
  employeeId: number;
  accountId: number;
}): Promise<BankAccount> {
  const subject = await requireSubject(p.db, p.actor, BANK_READ, p.employeeId);
  return toWire(await accountRow(p.db, p.employeeId, p.accountId), revealsFor(p.actor, subject));
}

type SaveBody = Omit<BankAccountSave, 'AccountTypeID'> & { AccountTypeID: number };

export async function saveAccount(p: {
  db: Db;
  actor: Actor;
  employeeId: number;
  body: SaveBody;
}): Promise<{ created: boolean; account: BankAccount }> {
  const b = p.body;
  return p.db.transaction(async (tx) => {
    const subject = await requireSubject(tx, p.actor, BANK_WRITE, p.employeeId);
    const reveal = revealsFor(p.actor, subject);
    const fields = {
      CountryID: b.CountryID,
      BankName: b.BankName,
      AccountHolderName: b.AccountHolderName || null,
      AccountTypeID: b.AccountTypeID,
      RoutingNumber: b.RoutingNumber,
      InstitutionNumber: b.InstitutionNumber || null,
    };
    const now = new Date();
    if (!b.BankAccountID) {
      const [row] = await tx
        .insert(bankAccounts)
        .values({ ...fields, EmployeeID: p.employeeId, AccountNumber: b.AccountNumber ?? '', UpdatedAt: now })
        .returning();
      await recordAudit(tx, {
        action: AuditAction.BankAccountCreated,
        entityType: AuditEntityType.BankAccount,
        entityId: row.BankAccountID,
        by: doerOf(p.actor),
        employeeId: p.employeeId,
        officeId: auditOffice(subject),
        after: auditSnapshot(row),
        at: now,
      });
      return { created: true, account: toWire(row, reveal) };
    }
    const current = await accountRow(tx, p.employeeId, b.BankAccountID);
    if (b.Version !== undefined && b.Version !== current.Version) throw conflict(toWire(current, reveal));
    const [row] = await tx
      .update(bankAccounts)
      .set({
        ...fields,
        ...(b.AccountNumber ? { AccountNumber: b.AccountNumber } : {}),
        Version: current.Version + 1,
        UpdatedAt: now,
      })
      .where(eq(bankAccounts.BankAccountID, current.BankAccountID))
      .returning();
    await recordAudit(tx, {
      action: AuditAction.BankAccountUpdated,
      entityType: AuditEntityType.BankAccount,
      entityId: row.BankAccountID,
      by: doerOf(p.actor),
      employeeId: p.employeeId,
      officeId: auditOffice(subject),
      before: auditSnapshot(current),
      after: auditSnapshot(row),
      note: b.AccountNumber && b.AccountNumber !== current.AccountNumber ? 'Account number changed' : null,
      at: now,
    });
    await recordBankAccountChange(tx, { before: current, after: row, by: p.actor.EmployeeID, at: now });
    return { created: false, account: toWire(row, reveal) };
  });
}

export async function deleteAccount(p: {
  db: Db;
  actor: Actor;
  employeeId: number;
  accountId: number;
  version: number | undefined;
}): Promise<void> {
  await p.db.transaction(async (tx) => {
    const subject = await requireSubject(tx, p.actor, BANK_WRITE, p.employeeId);
    const current = await accountRow(tx, p.employeeId, p.accountId);
    if (p.version !== undefined && p.version !== current.Version)
      throw conflict(toWire(current, revealsFor(p.actor, subject)));
    await tx.delete(bankAccounts).where(eq(bankAccounts.BankAccountID, current.BankAccountID));
    await recordAudit(tx, {
      action: AuditAction.BankAccountDeleted,
      entityType: AuditEntityType.BankAccount,
      entityId: current.BankAccountID,
      by: doerOf(p.actor),
      employeeId: p.employeeId,
      officeId: auditOffice(subject),
      before: auditSnapshot(current),
    });
    await recordBankAccountChange(tx, { before: current, after: null, by: p.actor.EmployeeID });
  });
}
