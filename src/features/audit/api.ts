// The audit-logs calls (src/contract/audit.ts) as the Audit logs screen uses them: one view, narrowed
// to one employee through the view's `{id}` path, filtered by dates (days of the browser's zone).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../api/api-client';
import { AuditEmployee, type AuditLogEntry, AuditLogPage } from '../../contract/audit';

export type AuditView = 'timekeeping' | 'modification' | 'acknowledged';

export interface AuditFilters {
  view: AuditView;
  /** Whose time (timekeeping), who changed it (modification), who acknowledged it (acknowledged). */
  employeeId: number | null;
  startDate: string;
  endDate: string;
}

const BASE: Record<AuditView, { path: string; employee: string }> = {
  timekeeping: { path: 'audit-logs/timekeeping', employee: 'audit-logs/timekeeping/employee' },
  modification: {
    path: 'audit-logs/time-entry-modification',
    employee: 'audit-logs/time-entry-modification/modification-employee',
  },
  acknowledged: {
    path: 'audit-logs/acknowledged-modified-time-entry',
    employee: 'audit-logs/acknowledged-modified-time-entry/acknowledged-employee',
  },
};

function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function filterQuery(f: AuditFilters) {
  return {
    startDate: f.startDate || undefined,
    endDate: f.endDate || undefined,
    timeZone: f.startDate || f.endDate ? browserZone() : undefined,
  };
}

/** One page: `/page/{page}` for a whole view, the employee path with pageIndex for one employee. */
export function fetchAuditPage(
  api: ApiClient,
  f: AuditFilters,
  pageIndex: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AuditLogPage> {
  const base = BASE[f.view];
  const query = filterQuery(f);
  if (f.employeeId !== null)
    return api.getPaged(`${base.employee}/${f.employeeId}`, pageIndex, {
      pageSize,
      query,
      signal,
      schema: AuditLogPage,
    });
  if (f.view === 'acknowledged')
    return api.getPaged(base.path, pageIndex, { pageSize, query, signal, schema: AuditLogPage });
  return api.getPage(base.path, pageIndex, { pageSize, query, signal, schema: AuditLogPage });
}

export function auditPageQuery(api: ApiClient, f: AuditFilters, pageIndex: number, pageSize: number) {
  return queryOptions({
    queryKey: ['audit', 'logs', f, pageIndex, pageSize],
    queryFn: ({ signal }) => fetchAuditPage(api, f, pageIndex, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

export function auditEmployeesQuery(api: ApiClient) {
  const schema = z.array(AuditEmployee);
  return queryOptions({
    queryKey: ['audit', 'employees'],
    queryFn: ({ signal }) => api.get('audit-logs/employees', { signal, schema }),
    staleTime: 5 * 60_000,
  });
}

export const EXPORT_PAGE_SIZE = 500;
export const EXPORT_MAX_ROWS = 10_000;

/** Every row matching the filters (up to EXPORT_MAX_ROWS), for the CSV export. */
export async function fetchAllAuditRows(api: ApiClient, f: AuditFilters): Promise<AuditLogEntry[]> {
  const rows: AuditLogEntry[] = [];
  for (let page = 0; rows.length < EXPORT_MAX_ROWS; page++) {
    const result = await fetchAuditPage(api, f, page, EXPORT_PAGE_SIZE);
    rows.push(...result.Items);
    if (result.Items.length < EXPORT_PAGE_SIZE || rows.length >= result.TotalCount) break;
  }
  return rows.slice(0, EXPORT_MAX_ROWS);
}
