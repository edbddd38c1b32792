// Query options of the time-management screens. The timesheet's reads (the week, changes made to
// one's time, their history, one's pay periods and late adjustments, the entry lookups) go through
// cachedRead with networkMode 'always', so the copy kept on the device answers offline. The office
// screens (approvals, late adjustments) read online only.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import { ClockLookups, TimeEntryPage, WeekSummary } from '../../../contract/time';
import {
  LateAdjustmentPage,
  type LateAdjustmentsQuery,
  LateAdjustmentTarget,
  ModificationCount,
  ModificationHistory,
  type ModificationsQuery,
  PayPeriod,
  PayPeriodPage,
  type PayPeriodsQuery,
  TimeEntryModificationPage,
} from '../../../contract/time-management';
import { cachedRead } from '../../../offline/cached-read';

type QueryInput<T> = { [K in keyof T]?: T[K] };

function clean(query: Record<string, unknown>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') out[k] = v as string | number | boolean;
  return out;
}

// ---- the employee's own (offline) ------------------------------------------------------------

export function myWeekQuery(api: ApiClient, userId: string, date: string) {
  return queryOptions({
    queryKey: ['time-management', 'week', userId, date],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        `time-management/week/${date}`,
        () => api.get(`time-entries/week/${date}`, { signal, schema: WeekSummary }),
        (raw) => WeekSummary.parse(raw),
      ),
    networkMode: 'always',
    placeholderData: keepPreviousData,
  });
}

export function myModifiedQuery(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: ['time-management', 'modified', userId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        'time-management/modified',
        () =>
          api.get('time-entries/modified', {
            signal,
            query: { status: 'pending', pageSize: 50 },
            schema: TimeEntryModificationPage,
          }),
        (raw) => TimeEntryModificationPage.parse(raw),
      ),
    networkMode: 'always',
  });
}

export function historyQuery(api: ApiClient, userId: string, modificationId: number) {
  return queryOptions({
    queryKey: ['time-management', 'history', userId, modificationId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        `time-management/history/${modificationId}`,
        () =>
          api.get(`time-entry-modifications/${modificationId}/history`, {
            signal,
            schema: ModificationHistory,
          }),
        (raw) => ModificationHistory.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 60_000,
  });
}

export function myPayPeriodsQuery(api: ApiClient, userId: string) {
  const schema = z.array(PayPeriod);
  return queryOptions({
    queryKey: ['time-management', 'my-periods', userId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        'time-management/my-periods',
        () => api.get(`pay-periods/employee/${userId}`, { signal, schema }),
        (raw) => schema.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 60_000,
  });
}

export function myLateAdjustmentsQuery(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: ['time-management', 'my-late', userId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        'time-management/my-late',
        () =>
          api.get('late-adjustments/mine', {
            signal,
            query: { status: 'all', sort: 'RequestedAtDesc', pageSize: 20 },
            schema: LateAdjustmentPage,
          }),
        (raw) => LateAdjustmentPage.parse(raw),
      ),
    networkMode: 'always',
  });
}

export function entryLookupsQuery(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: ['time-management', 'lookups', userId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        'time-management/lookups',
        () => api.get('time-entries/clock-lookups', { signal, schema: ClockLookups }),
        (raw) => ClockLookups.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 5 * 60_000,
  });
}

// ---- the office (online) ---------------------------------------------------------------------

export function payPeriodsQuery(api: ApiClient, query: QueryInput<PayPeriodsQuery>) {
  return queryOptions({
    queryKey: ['time-management', 'pay-periods', query],
    queryFn: ({ signal }) => api.get('pay-periods', { signal, query: clean(query), schema: PayPeriodPage }),
    placeholderData: keepPreviousData,
  });
}

export function countsQuery(api: ApiClient) {
  const schema = z.array(ModificationCount);
  return queryOptions({
    queryKey: ['time-management', 'counts'],
    queryFn: ({ signal }) => api.get('time-entries/modified/count-by-employee', { signal, schema }),
  });
}

export function modificationsQuery(api: ApiClient, query: QueryInput<ModificationsQuery>) {
  return queryOptions({
    queryKey: ['time-management', 'modifications', query],
    queryFn: ({ signal }) =>
      api.get('time-entries/modifications', {
        signal,
        query: clean(query),
        schema: TimeEntryModificationPage,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every entry of one employee between two days (a pay period), for the approval review. */
export function periodEntriesQuery(api: ApiClient, employeeId: number, startDate: string, endDate: string) {
  return queryOptions({
    queryKey: ['time-management', 'period-entries', employeeId, startDate, endDate],
    queryFn: ({ signal }) =>
      api.get('time-entries', {
        signal,
        query: { employeeId, startDate, endDate, pageSize: 500 },
        schema: TimeEntryPage,
      }),
  });
}

export function lateAdjustmentsQuery(api: ApiClient, query: QueryInput<LateAdjustmentsQuery>) {
  return queryOptions({
    queryKey: ['time-management', 'late', query],
    queryFn: ({ signal }) =>
      api.get('late-adjustments', { signal, query: clean(query), schema: LateAdjustmentPage }),
    placeholderData: keepPreviousData,
  });
}

export function lateTargetsQuery(api: ApiClient, id: number) {
  const schema = z.array(LateAdjustmentTarget);
  return queryOptions({
    queryKey: ['time-management', 'late-targets', id],
    queryFn: ({ signal }) => api.get(`late-adjustments/${id}/targets`, { signal, schema }),
  });
}
