// Compliance report jobs (online only): descriptions, the caller's jobs, create and cancel/remove.
// Answers are checked with the contract's schemas after the client's date revival is undone (see
// features/payroll/api/payrolls.ts `wire`). Jobs started here are followed by the job tracker
// (5000 ms); each change it sees refreshes the list.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { createJobTracker, JOB_POLL_INTERVAL_MS, type JobTracker } from '../../../api/job-tracker';
import { JobStatus } from '../../../contract/common';
import {
  ComplianceDescription,
  ReportJob,
  type ReportJobCreate,
  ReportJobPage,
} from '../../../contract/report-jobs';
import { wire } from '../../payroll/api/payrolls';

export const REPORT_JOBS_KEY = ['report-jobs'] as const;
const DescriptionsWire = wire(z.array(ComplianceDescription));
const PageWire = wire(ReportJobPage);
const JobWire = wire(ReportJob);
const OfficeOption = z.looseObject({ IcdOfficeID: z.number().int(), OfficeName: z.string() });

const trackers = new WeakMap<ApiClient, JobTracker>();
export function reportTracker(api: ApiClient): JobTracker {
  let tracker = trackers.get(api);
  if (!tracker) {
    tracker = createJobTracker(api);
    tracker.start();
    trackers.set(api, tracker);
  }
  return tracker;
}

export function isRunning(job: ReportJob): boolean {
  return job.JobStatus === JobStatus.Queued || job.JobStatus === JobStatus.Processing;
}

export function useDescriptions() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...REPORT_JOBS_KEY, 'descriptions'],
    queryFn: ({ signal }) =>
      api.get('v1/report-jobs/descriptions/compliance', { signal, schema: DescriptionsWire }),
    staleTime: 30 * 60_000,
  });
}

export function useReportOffices() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...REPORT_JOBS_KEY, 'offices'],
    queryFn: ({ signal }) => api.get('icd-offices', { signal, schema: wire(z.array(OfficeOption)) }),
    staleTime: 5 * 60_000,
  });
}

export function useReportJobs(page: number, pageSize: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      reportTracker(api).subscribe((u) => {
        if (u.kind === 'report') void queryClient.invalidateQueries({ queryKey: REPORT_JOBS_KEY });
      }),
    [api, queryClient],
  );
  return useQuery({
    queryKey: [...REPORT_JOBS_KEY, 'page', page, pageSize],
    queryFn: ({ signal }) =>
      api.get('v1/report-jobs', { signal, query: { pageIndex: page - 1, pageSize }, schema: PageWire }),
    placeholderData: keepPreviousData,
    // The progress bar moves at the tracker's pace while a job runs.
    refetchInterval: (q) => (q.state.data?.Items.some(isRunning) ? JOB_POLL_INTERVAL_MS : false),
  });
}

export function useCreateJob() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportJobCreate) => api.post('v1/report-jobs', body, { schema: JobWire }),
    onSuccess: (job) => {
      reportTracker(api).track('report', job.Id);
      void queryClient.invalidateQueries({ queryKey: REPORT_JOBS_KEY });
    },
  });
}

export function useDeleteJob() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`v1/report-jobs/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REPORT_JOBS_KEY }),
  });
}

/** The xlsx of a job (a browser download, authenticated by the session cookie). */
export function documentUrl(id: number, apiRoot = '/api/'): string {
  return `${apiRoot}v1/report-jobs/${id}/document`;
}
