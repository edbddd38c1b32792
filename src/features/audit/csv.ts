// The CSV export of the Audit logs screen (papaparse), one row per audit row.
import { format } from 'date-fns';
import Papa from 'papaparse';
import type { AuditLogEntry } from '../../contract/audit';
import { wireDay } from '../../contract/time-management';

export interface CsvLabels {
  headers: {
    when: string;
    action: string;
    employee: string;
    by: string;
    office: string;
    entryDate: string;
    changes: string;
    note: string;
    timeEntry: string;
    id: string;
  };
  action: (action: string) => string;
  changes: (row: AuditLogEntry) => string;
}

export function auditCsv(rows: readonly AuditLogEntry[], labels: CsvLabels): string {
  const h = labels.headers;
  return Papa.unparse(
    rows.map((r) => ({
      [h.when]: format(new Date(r.OccurredAt), 'yyyy-MM-dd HH:mm:ss'),
      [h.action]: labels.action(r.Action),
      [h.employee]: r.EmployeeName ?? '',
      [h.by]: r.ProxyByName ? `${r.ActorName ?? ''} (${r.ProxyByName})` : (r.ActorName ?? ''),
      [h.office]: r.OfficeName ?? '',
      [h.entryDate]: r.EntryDate ? wireDay(r.EntryDate) : '',
      [h.changes]: labels.changes(r),
      [h.note]: r.Note ?? '',
      [h.timeEntry]: r.TimeEntryID ?? '',
      [h.id]: r.AuditLogID,
    })),
    { columns: Object.values(h) },
  );
}

/** Starts a download of `text` as a file. */
export function download(text: string, fileName: string): void {
  const blob = new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
