// What each kind of import makes of its rows: the preview row by row (Change, Unchanged or Bad with
// its reason). Pure over the rows read and what Apex holds (the directory and a few lookups).
import { maskAccountNumber } from '../../../src/contract/bank';
import { Country, EmployeeStatus, isCalendarDay } from '../../../src/contract/common';
import type { ImportField, ImportKind } from '../../../src/contract/imports';
import type { StoredImportRow } from '../../db/schema/imports';
import type { Directory, DirectoryEmployee } from './match';
import type { SheetRow } from './sheet';

export const FIELD_LABELS: Record<ImportField, string> = {
  EmployeeID: 'Apex ID',
  EmailAddress: 'e-mail',
  FirstName: 'first name',
  LastName: 'last name',
  SSNLast4: "SSN's last 4 digits",
  AdpEmployeeID: 'ADP employee number',
  TerminationDate: 'termination date',
  TerminationReason: 'termination reason',
  TerminationComments: 'comments',
  RoutingNumber: 'routing or transit number',
  InstitutionNumber: 'institution number',
  AccountNumber: 'account number',
  DepositAmount: 'deposit amount',
  RequestNumber: 'request number',
};

/** An ADP employee number: 3 to 20 letters, digits or dashes (Associate ID or File Number). */
export const ADP_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{2,19}$/;

type Row = StoredImportRow;

const bad = (line: number, key: string, reason: string, e?: DirectoryEmployee | null): Row => ({
  Line: line,
  Status: 'Bad',
  EmployeeID: e?.EmployeeID ?? null,
  EmployeeName: e?.Name ?? null,
  MatchedBy: null,
  Key: key,
  CurrentValue: null,
  NewValue: null,
  Reason: reason,
});

const keyOf = (v: SheetRow['values']) =>
  v.AdpEmployeeID ??
  v.EmployeeID ??
  v.EmailAddress ??
  ([v.FirstName, v.LastName].filter(Boolean).join(' ') || '');

/**
 * Rows naming the same employee: identical values → the later rows are duplicates of the first;
 * different values → every one of them is bad (which is right cannot be told).
 */
function markDuplicates(rows: Row[], valueFor: (r: Row) => string): void {
  const byEmployee = new Map<number, Row[]>();
  for (const r of rows) {
    if (r.Status === 'Bad' || r.EmployeeID === null) continue;
    const list = byEmployee.get(r.EmployeeID);
    if (list) list.push(r);
    else byEmployee.set(r.EmployeeID, [r]);
  }
  for (const list of byEmployee.values()) {
    if (list.length < 2) continue;
    const values = new Set(list.map(valueFor));
    if (values.size === 1) {
      for (const r of list.slice(1))
        toBad(r, `Duplicate of line ${list[0].Line} (the same employee and value)`);
    } else {
      const lines = list.map((r) => r.Line).join(', ');
      for (const r of list) toBad(r, `The employee is on lines ${lines} with different values`);
    }
  }
}

function toBad(r: Row, reason: string): void {
  r.Status = 'Bad';
  r.Reason = reason;
  r.Apply = undefined;
}

// ---- ADP employee numbers -------------------------------------------------------------------------------

export function previewAdpNumbers(sheet: SheetRow[], dir: Directory): Row[] {
  const rows: Row[] = sheet.map(({ line, values: v }) => {
    const key = v.AdpEmployeeID ?? '';
    const adp = v.AdpEmployeeID?.trim();
    const m = dir.match(v, false);
    if ('error' in m) return bad(line, key || keyOf(v), m.error);
    const e = m.employee;
    if (!adp) return bad(line, keyOf(v), 'No ADP employee number on this row', e);
    if (!ADP_NUMBER.test(adp))
      return bad(line, key, `The ADP number “${adp}” is not valid (3 to 20 letters, digits or dashes)`, e);
    const same = (e.ADPEmployeeID ?? '').toLowerCase() === adp.toLowerCase();
    return {
      Line: line,
      Status: same ? 'Unchanged' : 'Change',
      EmployeeID: e.EmployeeID,
      EmployeeName: e.Name,
      MatchedBy: m.by,
      Key: key,
      CurrentValue: e.ADPEmployeeID,
      NewValue: adp,
      Reason: same ? 'Already has this ADP number' : null,
    };
  });
  markDuplicates(rows, (r) => (r.NewValue ?? '').toLowerCase());
  // One number for two employees of the file.
  const byNumber = new Map<string, Row[]>();
  for (const r of rows) {
    if (r.Status === 'Bad' || !r.NewValue) continue;
    const k = r.NewValue.toLowerCase();
    const list = byNumber.get(k);
    if (list) list.push(r);
    else byNumber.set(k, [r]);
  }
  for (const list of byNumber.values()) {
    if (list.length < 2) continue;
    const lines = list.map((r) => r.Line).join(', ');
    for (const r of list)
      toBad(r, `The ADP number ${r.NewValue} is on lines ${lines} for different employees`);
  }
  // A number another employee holds and keeps.
  const movingAway = new Set(rows.filter((r) => r.Status === 'Change').map((r) => r.EmployeeID));
  for (const r of rows) {
    if (r.Status !== 'Change' || !r.NewValue) continue;
    const holder = dir.holderOf(r.NewValue);
    if (holder === undefined || holder === r.EmployeeID || movingAway.has(holder)) continue;
    const who = dir.byId.get(holder);
    toBad(
      r,
      who
        ? `The ADP number ${r.NewValue} already belongs to ${who.Name} (Apex ID ${who.EmployeeID})`
        : `The ADP number ${r.NewValue} already belongs to another employee`,
    );
  }
  return rows;
}

// ---- terminations ---------------------------------------------------------------------------------------

/** YYYY-MM-DD from a date cell, YYYY-MM-DD text, MM/DD/YYYY text (ADP's US format) or an Excel serial day. */
export function parseDay(text: string | undefined, dateCell: string | undefined): string | null {
  if (dateCell) return isCalendarDay(dateCell) ? dateCell : null;
  if (!text) return null;
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  let day: string | null = null;
  if (m) day = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) day = `${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`;
  if (/^\d{5}$/.test(t)) {
    const serial = Number(t);
    const d = new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000);
    day = d.toISOString().slice(0, 10);
  }
  if (!day || !isCalendarDay(day)) return null;
  const year = Number(day.slice(0, 4));
  return year >= 1900 && year <= 2999 ? day : null;
}

export function previewTerminations(
  sheet: SheetRow[],
  dir: Directory,
  reasons: { Id: number; Name: string }[],
): Row[] {
  const fallback = reasons.find((r) => r.Name.toLowerCase() === 'other') ?? reasons.at(-1);
  const rows: Row[] = sheet.map(({ line, values: v, dates }) => {
    const key = keyOf(v);
    const m = dir.match(v, true);
    if ('error' in m) return bad(line, key, m.error);
    const e = m.employee;
    if (!v.TerminationDate) return bad(line, key, 'No termination date on this row', e);
    const day = parseDay(v.TerminationDate, dates.TerminationDate);
    if (!day)
      return bad(line, key, `The termination date “${v.TerminationDate}” is not a date (use YYYY-MM-DD)`, e);
    let reason = fallback;
    if (v.TerminationReason) {
      const text = v.TerminationReason.trim().toLowerCase();
      reason = reasons.find((r) => r.Name.toLowerCase() === text || String(r.Id) === text);
      if (!reason)
        return bad(
          line,
          key,
          `Unknown termination reason “${v.TerminationReason}” (use one of: ${reasons.map((r) => r.Name).join(', ')})`,
          e,
        );
    }
    const active = e.records.filter((r) => r.EmployeeStatusID === EmployeeStatus.Active);
    const base = { Line: line, EmployeeID: e.EmployeeID, EmployeeName: e.Name, MatchedBy: m.by, Key: key };
    const newValue = `Terminated ${day}${reason ? ` · ${reason.Name}` : ''}`;
    if (!active.length) {
      const ended = e.records.filter((r) => r.EmployeeStatusID === EmployeeStatus.Terminated);
      if (!ended.length)
        return bad(line, key, 'The employee has no active employment (onboarding not finished)', e);
      const on = ended.map((r) => r.TerminationDate).filter(Boolean);
      return {
        ...base,
        Status: 'Unchanged',
        CurrentValue: `Terminated${on.length ? ` ${on[0]}` : ''}`,
        NewValue: newValue,
        Reason: on.includes(day)
          ? 'Already terminated on this date'
          : `Already terminated (on ${on[0] ?? 'an earlier date'})`,
      };
    }
    const hired = active.map((r) => r.HireDate).filter((d): d is string => !!d && d > day);
    if (hired.length)
      return bad(line, key, `The termination date ${day} is before the hire date ${hired[0]}`, e);
    return {
      ...base,
      Status: 'Change',
      CurrentValue: 'Active',
      NewValue: newValue,
      Reason: null,
      Apply: {
        TerminationDate: day,
        TerminationReasonID: reason?.Id,
        TerminationComments: v.TerminationComments?.slice(0, 500) ?? null,
      },
    };
  });
  markDuplicates(rows, (r) => r.NewValue ?? '');
  return rows;
}

// ---- direct deposit (preview only) ----------------------------------------------------------------------

export interface AccountState {
  EmployeeID: number;
  CountryID: number;
  RoutingNumber: string;
  InstitutionNumber: string | null;
  AccountNumber: string;
  IsDirectDeposit: boolean;
}

export function previewDirectDeposit(
  sheet: SheetRow[],
  dir: Directory,
  accounts: Map<number, AccountState[]>,
  reveal: boolean,
): Row[] {
  const show = (routing: string, institution: string | null | undefined, account: string) =>
    `${institution ? `${institution}-` : ''}${routing} · ${reveal ? account : maskAccountNumber(account)}`;
  const rows: Row[] = sheet.map(({ line, values: v }) => {
    const key = keyOf(v);
    const m = dir.match(v, true);
    if ('error' in m) return bad(line, key, m.error);
    const e = m.employee;
    const routing = (v.RoutingNumber ?? '').replace(/[\s-]/g, '');
    const institution = v.InstitutionNumber?.replace(/[\s-]/g, '') || null;
    const account = (v.AccountNumber ?? '').replace(/[\s-]/g, '');
    const own = accounts.get(e.EmployeeID) ?? [];
    const canada = (own[0]?.CountryID ?? e.CountryID) === Country.Canada;
    if (!routing) return bad(line, key, 'No routing or transit number on this row', e);
    if (!account) return bad(line, key, 'No account number on this row', e);
    if (canada ? !/^\d{5}$/.test(routing) : !/^\d{9}$/.test(routing))
      return bad(
        line,
        key,
        canada ? 'The transit number must be 5 digits' : 'The routing number must be 9 digits',
        e,
      );
    if (canada && !/^\d{3}$/.test(institution ?? ''))
      return bad(line, key, 'The institution number must be 3 digits', e);
    if (!/^\d{4,17}$/.test(account)) return bad(line, key, 'The account number must be 4 to 17 digits', e);
    const deposit = own.filter((a) => a.IsDirectDeposit);
    const same = own.find(
      (a) =>
        a.RoutingNumber === routing &&
        (a.InstitutionNumber ?? null) === (canada ? institution : (a.InstitutionNumber ?? null)) &&
        a.AccountNumber === account,
    );
    const current = deposit[0]
      ? show(deposit[0].RoutingNumber, deposit[0].InstitutionNumber, deposit[0].AccountNumber)
      : null;
    const base = { Line: line, EmployeeID: e.EmployeeID, EmployeeName: e.Name, MatchedBy: m.by, Key: key };
    const newValue = show(routing, canada ? institution : null, account);
    if (same?.IsDirectDeposit)
      return {
        ...base,
        Status: 'Unchanged',
        CurrentValue: current,
        NewValue: newValue,
        Reason: 'Matches the account on direct deposit',
      };
    return {
      ...base,
      Status: 'Change',
      CurrentValue: current,
      NewValue: newValue,
      Reason: same
        ? 'This account is in Apex but not on direct deposit'
        : deposit.length
          ? 'Apex deposits to another account'
          : 'No account on direct deposit in Apex',
    };
  });
  // An employee may deposit to several accounts (split deposit): only the same account twice is a duplicate.
  const seen = new Map<string, number>();
  for (const r of rows) {
    if (r.Status === 'Bad') continue;
    const key = `${r.EmployeeID}|${r.NewValue}`;
    const first = seen.get(key);
    if (first !== undefined) toBad(r, `Duplicate of line ${first} (the same employee and account)`);
    else seen.set(key, r.Line);
  }
  return rows;
}

// ---- request numbers (preview only) ---------------------------------------------------------------------

export interface RequestState {
  ManualSubmissionID: number;
  EmployeeID: number;
  IsProcessedByAdp: boolean;
  Period: string;
}

export function previewRequestNumbers(
  sheet: SheetRow[],
  dir: Directory,
  requests: Map<number, RequestState>,
): Row[] {
  const rows: Row[] = sheet.map(({ line, values: v }) => {
    const key = v.RequestNumber ?? '';
    if (!/^\d{1,9}$/.test(key)) return bad(line, key, `The request number “${key}” is not a number`);
    const req = requests.get(Number(key));
    const e = req ? dir.byId.get(req.EmployeeID) : undefined;
    if (!req || !e) return bad(line, key, `No manual request has the number ${key}`);
    if (v.AdpEmployeeID && v.AdpEmployeeID.toLowerCase() !== (e.ADPEmployeeID ?? '').toLowerCase())
      return bad(
        line,
        key,
        `The ADP number ${v.AdpEmployeeID} is not ${e.Name}'s (${e.ADPEmployeeID ?? 'none'})`,
        e,
      );
    const base = { Line: line, EmployeeID: e.EmployeeID, EmployeeName: e.Name, MatchedBy: null, Key: key };
    return req.IsProcessedByAdp
      ? {
          ...base,
          Status: 'Unchanged',
          CurrentValue: 'Processed by ADP',
          NewValue: 'Processed by ADP',
          Reason: `Pay period ${req.Period}: already marked processed`,
        }
      : {
          ...base,
          Status: 'Change',
          CurrentValue: 'Not processed',
          NewValue: 'Processed by ADP',
          Reason: `Pay period ${req.Period}`,
        };
  });
  // A request number twice.
  const seen = new Map<string, number>();
  for (const r of rows) {
    if (r.Status === 'Bad') continue;
    const first = seen.get(r.Key);
    if (first !== undefined) toBad(r, `Duplicate of line ${first}`);
    else seen.set(r.Key, r.Line);
  }
  return rows;
}

export const KIND_USES_ADP_AS_KEY: Record<ImportKind, boolean> = {
  AdpEmployeeNumbers: false,
  Terminations: true,
  DirectDeposit: true,
  RequestNumbers: false,
};
