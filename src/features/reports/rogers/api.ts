// Rogers dashboards and reports (online only). Answers are checked with the contract's schemas after
// the client's date revival is undone (see features/payroll/api/payrolls.ts `wire`).
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../../api/api-context';
import { JOB_POLL_INTERVAL_MS } from '../../../api/job-tracker';
import { JobStatus } from '../../../contract/common';
import {
  type DashboardQuery,
  RogersDashboard,
  type RogersDashboardId,
  RogersReport,
  type RogersReportId,
  RogersReportInfo,
  RogersReportJob,
  type RogersReportQuery,
} from '../../../contract/rogers';
import { wire } from '../../payroll/api/payrolls';

export const ROGERS_KEY = ['rogers'] as const;
const ListWire = wire(z.array(RogersReportInfo));
const ReportWire = wire(RogersReport);
const DashboardWire = wire(RogersDashboard);
const JobWire = wire(RogersReportJob);

/** Drops empty values so the query string holds only the filters set. */
export function cleanFilters<T extends Record<string, unknown>>(q: T): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(q))
    if (v !== undefined && v !== null && v !== '') out[k] = v as string | number;
  return out;
}

export function useRogersReportList() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ROGERS_KEY, 'list'],
    queryFn: ({ signal }) => api.get('reports/rogers', { signal, schema: ListWire }),
    staleTime: 5 * 60_000,
  });
}

export function useRogersReport(id: RogersReportId | null, query: RogersReportQuery | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ROGERS_KEY, 'report', id, query],
    queryFn: ({ signal }) =>
      api.get(`reports/rogers/${id}`, { signal, query: cleanFilters(query ?? {}), schema: ReportWire }),
    enabled: id !== null && query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useRogersDashboard(id: RogersDashboardId, query: DashboardQuery) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ROGERS_KEY, 'dashboard', id, query],
    queryFn: ({ signal }) =>
      api.get(`dashboards/rogers/${id}`, { signal, query: cleanFilters(query), schema: DashboardWire }),
    placeholderData: keepPreviousData,
  });
}

/** The address of a report's xlsx (a browser download, authenticated by the session cookie). */
export function exportUrl(id: RogersReportId, query: RogersReportQuery, apiRoot = '/api/'): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(cleanFilters(query))) params.set(k, String(v));
  return `${apiRoot}reports/rogers/export/${id}?${params.toString()}`;
}

/** Queues a report as a job (the live payout report has its own call). */
export function useCreateReportJob() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ id, query }: { id: RogersReportId; query: RogersReportQuery }) =>
      id === 'live-payout-report'
        ? api.post('reports/rogers/create-job-live-payout-report', cleanFilters(query), { schema: JobWire })
        : api.post(
            'reports/rogers/create-refresh-report-job',
            { ReportID: id, Query: cleanFilters(query) },
            { schema: JobWire },
          ),
  });
}

export function useRefreshReportJob() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`reports/rogers/refresh-report-job-data/${id}`, undefined, { schema: JobWire }),
  });
}

/** A report job, polled every 5000 ms (the job tracker's interval) until it is finished. */
export function useReportJob(id: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ROGERS_KEY, 'job', id],
    queryFn: ({ signal }) => api.get(`reports/rogers/report-jobs/${id}`, { signal, schema: JobWire }),
    enabled: id !== null,
    refetchInterval: (q) => {
      const s = q.state.data?.JobStatus;
      return s === JobStatus.Failed || s === JobStatus.Succeeded ? false : JOB_POLL_INTERVAL_MS;
    },
  });
}

const CorporationOption = z.looseObject({ IcdCorporationID: z.number().int(), ClientName: z.string() });

/** Corporations the caller may read (for the corporation filter). */
export function useCorporationOptions() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ROGERS_KEY, 'corporations'],
    queryFn: ({ signal }) => api.get('corporations', { signal, schema: wire(z.array(CorporationOption)) }),
    staleTime: 5 * 60_000,
  });
}
