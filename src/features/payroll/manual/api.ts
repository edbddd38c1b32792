// Manual payroll submissions (online): the paged board list and the lifecycle calls. Every change
// answers the submission as it now is; a refused transition (409) carries the current one, so the
// screen shows the reason and reloads.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../api/api-context';
import type { ManualPayrollSort } from '../../../contract/payroll';
import {
  ManualSubmission,
  type ManualSubmissionAmend,
  ManualSubmissionPage,
  type ManualSubmissionSave,
} from '../../../contract/payroll-manual';

export const MANUAL_KEY = ['payroll', 'manual-submissions'] as const;

export interface BoardQuery {
  statusID?: number;
  processorID?: number;
  sort: ManualPayrollSort;
  pageIndex: number;
  pageSize: number;
}

export function useManualSubmissions(q: BoardQuery) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...MANUAL_KEY, 'list', q],
    queryFn: ({ signal }) =>
      api.getPage('payroll-entries/all/manual-submissions', q.pageIndex, {
        pageSize: q.pageSize,
        query: { sort: q.sort, statusID: q.statusID, processorID: q.processorID },
        signal,
        schema: ManualSubmissionPage,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useManualSubmission(entryId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...MANUAL_KEY, 'one', entryId],
    queryFn: ({ signal }) =>
      api.get(`payroll-entries/${entryId}/manual-submission`, { signal, schema: ManualSubmission }),
    enabled: entryId !== null,
  });
}

/** The URL of a submission's earnings-statement PDF (opened in a new tab with the session cookie). */
export function earningsStatementUrl(entryId: number): string {
  return `/api/payroll-entries/${entryId}/manual-submission?format=pdf`;
}

export type ManualAction =
  | { kind: 'submit'; body: ManualSubmissionSave }
  | { kind: 'amend'; body: ManualSubmissionAmend }
  | { kind: 'cancel'; version: number }
  | { kind: 'assign'; userId: number }
  | { kind: 'unassign'; userId: number }
  | { kind: 'pending'; flag: boolean }
  | { kind: 'workingOn'; flag: boolean }
  | { kind: 'processed' };

/** One mutation for every step of the lifecycle of the submission of entry `entryId`. */
export function useManualAction() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, action }: { entryId: number; action: ManualAction }) => {
      const sub = `payroll-entries/${entryId}/manual-submission`;
      const req = `payroll-entries/${entryId}/manual-request`;
      const schema = ManualSubmission;
      switch (action.kind) {
        case 'submit':
          return api.put(sub, action.body, { schema });
        case 'amend':
          return api.patch(sub, action.body, { schema });
        case 'cancel':
          return api.delete(sub, { query: { version: action.version }, schema });
        case 'assign':
          return api.put(`${req}/processors/${action.userId}`, undefined, { schema });
        case 'unassign':
          return api.delete(`${req}/processors/${action.userId}`, { schema });
        case 'pending':
          return api.put(`${req}/pending/${action.flag}`, undefined, { schema });
        case 'workingOn':
          return api.put(`${req}/workingon/${action.flag}`, undefined, { schema });
        case 'processed':
          return api.put(`${sub}/processed`, undefined, { schema });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MANUAL_KEY }),
  });
}
