// Bank info of an employee (GET/PUT employees/bankinfo/{id}): the country whose bank rules apply to
// the employee's accounts and how they are paid (direct deposit or cheque). Before it is first saved,
// the country is that of the employee's first office and the method follows their accounts.
import { and, count, eq } from 'drizzle-orm';
import { AuditAction, AuditEntityType } from '../../../src/contract/audit';
import {
  BANK_MESSAGES,
  BANK_READ,
  BANK_WRITE,
  type BankInfo,
  type BankInfoSave,
  bankPolicyOf,
  DEPOSIT_AMOUNT_TYPE_NAMES,
  type DepositAmountTypeItem,
  PaymentMethod,
} from '../../../src/contract/bank';
import { Country } from '../../../src/contract/common';
import type { Db } from '../../db/client';
import { bankAccounts, bankInfos, icdOffices } from '../../db/tables';
import { allOrFirstError } from '../../db/together';
import { badRequest } from '../../errors';
import type { Actor } from '../access/service';
import { conflict, type DbOrTx, fullName } from '../scheduling/scope';
import { doerOf, recordAudit } from '../time-management/record';
import { auditOffice } from './accounts-service';
import { requireSubject, type Subject } from './scope';

async function infoOf(db: DbOrTx, subject: Subject): Promise<BankInfo> {
  const id = subject.EmployeeID;
  const [[stored], [accounts], [deposits]] = await allOrFirstError(db, [
    () => db.select().from(bankInfos).where(eq(bankInfos.EmployeeID, id)),
    () => db.select({ n: count() }).from(bankAccounts).where(eq(bankAccounts.EmployeeID, id)),
    () =>
      db
        .select({ n: count() })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.EmployeeID, id), eq(bankAccounts.IsDirectDeposit, true))),
  ] as const);
  let countryId = stored?.CountryID;
  if (countryId === undefined) {
    const first = subject.offices[0];
    const [office] = first
      ? await db
          .select({ CountryID: icdOffices.CountryID })
          .from(icdOffices)
          .where(eq(icdOffices.IcdOfficeID, first))
      : [];
    countryId = office?.CountryID ?? Country.US;
  }
  return {
    EmployeeID: id,
    EmployeeName: fullName(subject),
    CountryID: countryId,
    PaymentMethodID:
      stored?.PaymentMethodID ?? (deposits.n > 0 ? PaymentMethod.DirectDeposit : PaymentMethod.Cheque),
    Policy: bankPolicyOf(countryId),
    AccountCount: accounts.n,
    DirectDepositCount: deposits.n,
    Version: stored?.Version ?? 0,
  };
}

export async function getBankInfo(p: { db: Db; actor: Actor; employeeId: number }): Promise<BankInfo> {
  return infoOf(p.db, await requireSubject(p.db, p.actor, BANK_READ, p.employeeId));
}

export async function saveBankInfo(p: {
  db: Db;
  actor: Actor;
  employeeId: number;
  body: BankInfoSave;
}): Promise<BankInfo> {
  return p.db.transaction(async (tx) => {
    const subject = await requireSubject(tx, p.actor, BANK_WRITE, p.employeeId);
    const current = await infoOf(tx, subject);
    if (p.body.Version !== undefined && p.body.Version !== current.Version) throw conflict(current);
    if (p.body.PaymentMethodID === PaymentMethod.DirectDeposit && current.DirectDepositCount === 0)
      throw badRequest(BANK_MESSAGES.paymentNeedsDeposit, {
        PaymentMethodID: [BANK_MESSAGES.paymentNeedsDeposit],
      });
    const now = new Date();
    const values = {
      CountryID: p.body.CountryID,
      PaymentMethodID: p.body.PaymentMethodID,
      Version: current.Version + 1,
      UpdatedAt: now,
    };
    await tx
      .insert(bankInfos)
      .values({ EmployeeID: p.employeeId, ...values })
      .onConflictDoUpdate({ target: bankInfos.EmployeeID, set: values });
    await recordAudit(tx, {
      action: AuditAction.BankInfoUpdated,
      entityType: AuditEntityType.BankInfo,
      entityId: p.employeeId,
      by: doerOf(p.actor),
      employeeId: p.employeeId,
      officeId: auditOffice(subject),
      before: { CountryID: current.CountryID, PaymentMethodID: current.PaymentMethodID },
      after: { CountryID: values.CountryID, PaymentMethodID: values.PaymentMethodID },
      at: now,
    });
    return infoOf(tx, subject);
  });
}

/** How much of a pay an account receives (the same kinds in both countries). */
export async function depositAmountTypes(p: {
  db: Db;
  actor: Actor;
  employeeId: number;
}): Promise<DepositAmountTypeItem[]> {
  await requireSubject(p.db, p.actor, BANK_READ, p.employeeId);
  return Object.entries(DEPOSIT_AMOUNT_TYPE_NAMES).map(([id, Name]) => ({
    DepositAmountTypeID: Number(id),
    Name,
  }));
}
