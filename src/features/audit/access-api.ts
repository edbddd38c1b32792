// The access-audit calls (src/contract/access-audit.ts) as the Audit logs screen's "Access changes"
// tab uses them: one page filtered by action, subject, actor and days of the browser's zone, sorted.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../api/api-client';
import {
  type AccessAuditAction,
  AccessAuditPage,
  AccessAuditPerson,
  type AccessAuditSort,
} from '../../contract/access-audit';

export interface AccessFilters {
  action: AccessAuditAction | null;
  /** Whose access. */
  employeeId: number | null;
  /** Who changed it. */
  actorId: number | null;
  startDate: string;
  endDate: string;
  sort: AccessAuditSort;
  order: 'asc' | 'desc';
}

function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function accessQuery(f: AccessFilters) {
  return {
    action: f.action ?? undefined,
    employeeId: f.employeeId ?? undefined,
    actorId: f.actorId ?? undefined,
    startDate: f.startDate || undefined,
    endDate: f.endDate || undefined,
    timeZone: f.startDate || f.endDate ? browserZone() : undefined,
    sort: f.sort === 'OccurredAt' ? undefined : f.sort,
    order: f.order,
  };
}

export function accessAuditPageQuery(api: ApiClient, f: AccessFilters, pageIndex: number, pageSize: number) {
  return queryOptions({
    queryKey: ['audit', 'access', f, pageIndex, pageSize],
    queryFn: ({ signal }) =>
      api.getPaged('access-audit', pageIndex, {
        pageSize,
        query: accessQuery(f),
        signal,
        schema: AccessAuditPage,
      }),
    placeholderData: keepPreviousData,
  });
}

export function accessAuditPeopleQuery(api: ApiClient) {
  const schema = z.array(AccessAuditPerson);
  return queryOptions({
    queryKey: ['audit', 'access', 'people'],
    queryFn: ({ signal }) => api.get('access-audit/employees', { signal, schema }),
    staleTime: 5 * 60_000,
  });
}
