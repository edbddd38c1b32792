// Runs one compliance report job: employees in chunks (load → rules → rows appended to one temporary
// file per kind), then the xlsx written with exceljs's streaming WorkbookWriter from those files, one
// kind after the other, so memory holds one chunk of employees and one row at a time whatever the
// size of the report. Between chunks the job reports its progress and stops if it was cancelled.

import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Worksheet } from 'exceljs';
import { type ComplianceKind, ReportOutputFormat } from '../../../src/contract/report-jobs';
import type { Db } from '../../db/client';
import type { ReportJobSummaryRow } from '../../db/schema/report-jobs';
import { KIND_INFO } from '../../domain/compliance/kinds';
import type { Finding, Range } from '../../domain/compliance/model';
import { evaluate } from '../../domain/compliance/rules';
import { excel } from '../../libraries';
import { employeeIdsFor, LoadCache, loadChunk, officeFacts } from './load';

export const CHUNK_EMPLOYEES = 250;
export const PREVIEW_ROWS = 50;

export class JobCancelled extends Error {}

/** The time approvals screen at an employee's pay period containing a day. */
export function approvalsLink(employeeId: number, day: string): string {
  return `/time/approvals?date=${day}&employeeId=${employeeId}`;
}

export interface Row {
  Kind: ComplianceKind;
  EmployeeID: number;
  EmployeeName: string;
  OfficeName: string | null;
  Day: string;
  PayPeriodID: number | null;
  Detail: string;
  Hours: number | null;
  Amount: number | null;
  Flagged: boolean;
  TimeEntryIDs: number[];
  Link: string;
}

export interface JobSpec {
  Id: number;
  Reports: ComplianceKind[];
  ReportOutputFormat: number;
  StartDate: string;
  EndDate: string;
  ScopeOfficeIDs: number[];
  DateRangeType: string;
}

export interface RunResult {
  content: Buffer;
  fileName: string;
  rowCount: number;
  flaggedCount: number;
  summary: ReportJobSummaryRow;
}

export interface RunOptions {
  /** Called between chunks with the progress (0–100); throws JobCancelled to stop. */
  checkpoint: (progress: number) => Promise<void>;
  /** Absolute origin for the links in the xlsx (e.g. https://apex.example.com). */
  publicUrl?: string;
}

export function documentFileName(job: Pick<JobSpec, 'Id' | 'StartDate' | 'EndDate'>): string {
  return `compliance-${job.StartDate}-to-${job.EndDate}-job-${job.Id}.xlsx`;
}

/** Excel's 31-character worksheet name limit. */
function sheetName(kind: string): string {
  return kind.length <= 31 ? kind : kind.slice(0, 31);
}

const COLUMNS = [
  { header: 'Employee ID', key: 'EmployeeID', width: 12 },
  { header: 'Employee', key: 'EmployeeName', width: 24 },
  { header: 'Office', key: 'OfficeName', width: 22 },
  { header: 'Date', key: 'Day', width: 12 },
  { header: 'Pay period ID', key: 'PayPeriodID', width: 13 },
  { header: 'Detail', key: 'Detail', width: 70 },
  { header: 'Hours', key: 'Hours', width: 9 },
  { header: 'Amount', key: 'Amount', width: 11 },
  { header: 'Flagged', key: 'Flagged', width: 9 },
  { header: 'Time entry IDs', key: 'TimeEntryIDs', width: 24 },
  { header: 'Link', key: 'Link', width: 40 },
];

export async function runComplianceJob(db: Db, job: JobSpec, opts: RunOptions): Promise<RunResult> {
  const range: Range = { StartDate: job.StartDate, EndDate: job.EndDate };
  const kinds = job.Reports;
  const withPay = kinds.some((k) => KIND_INFO[k].Source === 'payroll');
  const offices = await officeFacts(db, job.ScopeOfficeIDs);
  const cache = new LoadCache(offices, range);
  const ids = await employeeIdsFor(db, [...offices.keys()], range, withPay);
  const dir = await mkdtemp(join(tmpdir(), `apex-report-${job.Id}-`));
  try {
    const files = new Map<ComplianceKind, { path: string; stream: WriteStream }>();
    const fileOf = (kind: ComplianceKind) => {
      let f = files.get(kind);
      if (!f) {
        const path = join(dir, `${kind}.ndjson`);
        f = { path, stream: createWriteStream(path) };
        files.set(kind, f);
      }
      return f.stream;
    };
    const counts = new Map<ComplianceKind, { RowCount: number; FlaggedCount: number }>(
      kinds.map((k) => [k, { RowCount: 0, FlaggedCount: 0 }]),
    );
    const preview: ReportJobSummaryRow['Preview'] = [];
    const seen = new Set<number>();
    let rowCount = 0;
    let flaggedCount = 0;
    await opts.checkpoint(1);
    for (let i = 0; i < ids.length; i += CHUNK_EMPLOYEES) {
      const chunk = await loadChunk(db, cache, ids.slice(i, i + CHUNK_EMPLOYEES), { withPay });
      for (const e of chunk.employees) {
        const findings: Finding[] = evaluate(e, kinds, range);
        for (const f of findings) {
          const row: Row = {
            ...f,
            EmployeeName: chunk.names.get(f.EmployeeID) ?? `#${f.EmployeeID}`,
            OfficeName: f.IcdOfficeID === null ? null : (offices.get(f.IcdOfficeID)?.OfficeName ?? null),
            Link: approvalsLink(f.EmployeeID, f.Day),
          };
          const stream = fileOf(f.Kind);
          if (!stream.write(`${JSON.stringify(row)}\n`))
            await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
          const c = counts.get(f.Kind) as { RowCount: number; FlaggedCount: number };
          c.RowCount += 1;
          rowCount += 1;
          seen.add(f.EmployeeID);
          if (f.Flagged) {
            c.FlaggedCount += 1;
            flaggedCount += 1;
            if (preview.length < PREVIEW_ROWS)
              preview.push({
                Kind: row.Kind,
                EmployeeID: row.EmployeeID,
                EmployeeName: row.EmployeeName,
                OfficeName: row.OfficeName,
                Day: row.Day,
                Detail: row.Detail,
                TimeEntryIDs: row.TimeEntryIDs,
                Link: row.Link,
              });
          }
        }
      }
      await opts.checkpoint(Math.min(90, Math.round(((i + CHUNK_EMPLOYEES) / Math.max(ids.length, 1)) * 90)));
    }
    await Promise.all(
      [...files.values()].map(
        (f) =>
          new Promise<void>((resolve, reject) =>
            f.stream.end((err?: Error | null) => (err ? reject(err) : resolve())),
          ),
      ),
    );

    const summary: ReportJobSummaryRow = {
      Kinds: kinds.map((k) => ({
        Kind: k,
        ...(counts.get(k) as { RowCount: number; FlaggedCount: number }),
      })),
      EmployeeCount: seen.size,
      Preview: preview,
    };
    const xlsx = join(dir, 'report.xlsx');
    const ExcelJS = await excel();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: xlsx,
      useStyles: true,
      useSharedStrings: false,
    });
    wb.creator = 'Apex';
    const about = wb.addWorksheet('Summary');
    about.columns = [
      { header: 'Report', key: 'Kind', width: 34 },
      { header: 'Name', key: 'Name', width: 36 },
      { header: 'Rows', key: 'RowCount', width: 8 },
      { header: 'Flagged', key: 'FlaggedCount', width: 9 },
      { header: 'Rule', key: 'Description', width: 120 },
    ];
    about.getRow(1).font = { bold: true };
    for (const k of summary.Kinds)
      about
        .addRow({
          ...k,
          Name: KIND_INFO[k.Kind as ComplianceKind].Name,
          Description: KIND_INFO[k.Kind as ComplianceKind].Description,
        })
        .commit();
    about.addRow({}).commit();
    about
      .addRow({ Kind: 'Date range', Name: `${job.StartDate} to ${job.EndDate} (${job.DateRangeType})` })
      .commit();
    about
      .addRow({
        Kind: 'Offices',
        Name: [...offices.values()]
          .map((o) => o.OfficeName)
          .sort()
          .join(', '),
      })
      .commit();
    about.commit();

    const single = job.ReportOutputFormat === ReportOutputFormat.SingleMergedWorksheet;
    let sheet: Worksheet | null = null;
    const openSheet = (name: string, withKind: boolean) => {
      const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      ws.columns = withKind ? [{ header: 'Report', key: 'Kind', width: 30 }, ...COLUMNS] : COLUMNS;
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
      return ws;
    };
    if (single) sheet = openSheet('Compliance', true);
    for (const kind of kinds) {
      const ws = single ? (sheet as Worksheet) : openSheet(sheetName(kind), false);
      const f = files.get(kind);
      if (f) {
        const lines = createInterface({
          input: createReadStream(f.path),
          crlfDelay: Number.POSITIVE_INFINITY,
        });
        for await (const line of lines) {
          if (!line) continue;
          const r = JSON.parse(line) as Row;
          const url = opts.publicUrl ? `${opts.publicUrl.replace(/\/$/, '')}${r.Link}` : r.Link;
          const added = ws.addRow({
            ...r,
            Flagged: r.Flagged ? 'Yes' : 'No',
            TimeEntryIDs: r.TimeEntryIDs.join(', '),
            Link: opts.publicUrl ? { text: 'Open entries', hyperlink: url } : url,
          });
          added.commit();
        }
      }
      if (!single) ws.commit();
    }
    if (single) (sheet as Worksheet).commit();
    await wb.commit();
    await opts.checkpoint(99);
    return {
      content: await readFile(xlsx),
      fileName: documentFileName(job),
      rowCount,
      flaggedCount,
      summary,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
