// Direct deposit on (multipart: amount, amount type, the void cheque and the ADP direct deposit form)
// and off. Files are recognised by their content, not their name or declared type: a void cheque is a
// PDF, PNG, JPEG or GIF, the ADP form a PDF (and only where the country's bank policy uses it); each
// at most 5 MB. A refused file is 415 (type) or 413 (size) with the field's message; nothing changes.
import { eq } from 'drizzle-orm';
import { AuditAction, AuditEntityType } from '../../../src/contract/audit';
import {
  ADP_FORM_TYPES,
  BANK_FILE_MESSAGES,
  BANK_MESSAGES,
  BANK_WRITE,
  type BankAccount,
  bankPolicyOf,
  DepositAmountType,
  type DirectDepositFields,
  MAX_BANK_FILE_BYTES,
  VOID_CHECK_TYPES,
} from '../../../src/contract/bank';
import type { Db } from '../../db/client';
import { bankAccounts } from '../../db/tables';
import { AppError, badRequest } from '../../errors';
import { cleanFileName } from '../../uploads';
import type { Actor } from '../access/service';
import { recordBankAccountChange } from '../employments/record';
import { conflict } from '../scheduling/scope';
import { doerOf, recordAudit } from '../time-management/record';
import { accountRow, auditOffice, auditSnapshot, revealsFor, toWire } from './accounts-service';
import { requireSubject } from './scope';

export interface UploadedFile {
  field: string;
  fileName: string;
  data: Buffer;
  /** The stream went past the size limit (the data is cut). */
  truncated: boolean;
}

/** The content type a file's first bytes show, or null when none of the accepted kinds. */
export function sniffContentType(data: Buffer): string | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const gif = data.subarray(0, 6).toString('latin1');
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'image/gif';
  return null;
}

interface Checked {
  fileName: string;
  contentType: string;
  data: Buffer;
}

function checkFile(
  file: UploadedFile | undefined,
  accepted: readonly string[],
  typeMessage: string,
): Checked | undefined {
  if (!file) return undefined;
  if (file.truncated || file.data.length > MAX_BANK_FILE_BYTES)
    throw new AppError(413, BANK_FILE_MESSAGES.tooLarge, {
      Errors: { [file.field]: [BANK_FILE_MESSAGES.tooLarge] },
    });
  const type = sniffContentType(file.data);
  if (!type || !accepted.includes(type))
    throw new AppError(415, typeMessage, { Errors: { [file.field]: [typeMessage] } });
  return { fileName: cleanFileName(file.fileName), contentType: type, data: file.data };
}

export async function directDepositOn(p: {
  db: Db;
  actor: Actor;
  employeeId: number;
  accountId: number;
  fields: DirectDepositFields;
  files: { VoidCheck?: UploadedFile; AdpDirectDeposit?: UploadedFile };
}): Promise<BankAccount> {
  return p.db.transaction(async (tx) => {
    const subject = await requireSubject(tx, p.actor, BANK_WRITE, p.employeeId);
    const current = await accountRow(tx, p.employeeId, p.accountId);
    const reveal = revealsFor(p.actor, subject);
    if (p.fields.Version !== undefined && p.fields.Version !== current.Version)
      throw conflict(toWire(current, reveal));
    if (p.files.AdpDirectDeposit && !bankPolicyOf(current.CountryID).supportAdpDirectDepositForm)
      throw badRequest(BANK_MESSAGES.adpNotUsed, { AdpDirectDeposit: [BANK_MESSAGES.adpNotUsed] });
    const voidCheck = checkFile(p.files.VoidCheck, VOID_CHECK_TYPES, BANK_FILE_MESSAGES.voidCheckType);
    const adp = checkFile(p.files.AdpDirectDeposit, ADP_FORM_TYPES, BANK_FILE_MESSAGES.adpType);
    const now = new Date();
    const [row] = await tx
      .update(bankAccounts)
      .set({
        IsDirectDeposit: true,
        DepositAmountTypeID: p.fields.DepositAmountTypeID,
        DepositAmount:
          p.fields.DepositAmountTypeID === DepositAmountType.NetPay || p.fields.DepositAmount === null
            ? null
            : p.fields.DepositAmount.toFixed(2),
        ...(voidCheck
          ? {
              VoidCheckFileName: voidCheck.fileName,
              VoidCheckContentType: voidCheck.contentType,
              VoidCheck: voidCheck.data,
            }
          : {}),
        ...(adp
          ? {
              AdpDirectDepositFileName: adp.fileName,
              AdpDirectDepositContentType: adp.contentType,
              AdpDirectDeposit: adp.data,
            }
          : {}),
        Version: current.Version + 1,
        UpdatedAt: now,
      })
      .where(eq(bankAccounts.BankAccountID, current.BankAccountID))
      .returning();
    await recordAudit(tx, {
      action: AuditAction.DirectDepositEnabled,
      entityType: AuditEntityType.BankAccount,
      entityId: row.BankAccountID,
      by: doerOf(p.actor),
      employeeId: p.employeeId,
      officeId: auditOffice(subject),
      before: auditSnapshot(current),
      after: auditSnapshot(row),
      at: now,
    });
    await recordBankAccountChange(tx, { before: current, after: row, by: p.actor.EmployeeID, at: now });
    return toWire(row, reveal);
  });
}

export async function directDepositOff(p: {
  db: Db;
  actor: Actor;
  employeeId: number;
  accountId: number;
}): Promise<BankAccount> {
  return p.db.transaction(async (tx) => {
    const subject = await requireSubject(tx, p.actor, BANK_WRITE, p.employeeId);
    const current = await accountRow(tx, p.employeeId, p.accountId);
    const now = new Date();
    const [row] = await tx
      .update(bankAccounts)
      .set({
        IsDirectDeposit: false,
        DepositAmount: null,
        DepositAmountTypeID: null,
        Version: current.Version + 1,
        UpdatedAt: now,
      })
      .where(eq(bankAccounts.BankAccountID, current.BankAccountID))
      .returning();
    await recordAudit(tx, {
      action: AuditAction.DirectDepositDisabled,
      entityType: AuditEntityType.BankAccount,
      entityId: row.BankAccountID,
      by: doerOf(p.actor),
      employeeId: p.employeeId,
      officeId: auditOffice(subject),
      before: auditSnapshot(current),
      after: auditSnapshot(row),
      at: now,
    });
    await recordBankAccountChange(tx, { before: current, after: row, by: p.actor.EmployeeID, at: now });
    return toWire(row, revealsFor(p.actor, subject));
  });
}
