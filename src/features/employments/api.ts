// Calls of the employment processing screen (online only). Lists are read raw (no date revival) so
// the contract's wire schemas parse them as the server wrote them; processing carries the Version read
// (a 409 answers the current item: changed meanwhile, or already processed by someone).
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/api-client';
import { useApiClient } from '../../api/api-context';
import { isResponseError } from '../../api/errors';
import {
  type EmploymentEvent,
  EmploymentEventPage,
  type EmploymentEventSort,
  type ProcessBody,
  type ProcessedFilter,
} from '../../contract/employments';
import { getRaw } from '../orders/field/api';

export const EMPLOYMENTS_KEY = ['employments'] as const;

export const QUEUES = ['new-hires', 'terminations', 'changehistory', 'direct-deposit'] as const;
export type Queue = (typeof QUEUES)[number];

export interface QueueFilters {
  status: ProcessedFilter;
  icdCorporationId: string | null;
  icdOfficeId: string | null;
  from: string;
  to: string;
  search: string;
  sort: EmploymentEventSort;
  desc: boolean;
  pageIndex: number;
  pageSize: number;
}

function query(f: QueueFilters): Record<string, string> {
  const q: Record<string, string> = {
    status: f.status,
    sort: f.sort,
    pageIndex: String(f.pageIndex),
    pageSize: String(f.pageSize),
  };
  if (f.desc) q.desc = 'true';
  if (f.icdCorporationId) q.icdCorporationId = f.icdCorporationId;
  if (f.icdOfficeId) q.icdOfficeId = f.icdOfficeId;
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  if (f.search.trim()) q.search = f.search.trim();
  return q;
}

export function useQueue(queue: Queue, f: QueueFilters) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...EMPLOYMENTS_KEY, queue, f],
    queryFn: ({ signal }) =>
      getRaw(api, `employments/${queue}`, EmploymentEventPage, { signal, query: query(f) }),
    placeholderData: keepPreviousData,
  });
}

/** How many items await processing in each queue (the tabs' badges). */
export function useAwaitingCounts() {
  const api = useApiClient();
  return useQueries({
    queries: QUEUES.map((queue) => ({
      queryKey: [...EMPLOYMENTS_KEY, queue, 'awaiting-count'],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getRaw(api, `employments/${queue}`, EmploymentEventPage, {
          signal,
          query: { status: 'awaiting', pageSize: '1' },
        }).then((p) => p.TotalCount),
    })),
  });
}

/** The process call of an item: by its id, or by employee and change / bank account. */
export function processPath(queue: Queue, item: EmploymentEvent): string {
  if (queue === 'changehistory')
    return `employments/changehistory/${item.EmployeeID}/${item.EmploymentEventID}`;
  if (queue === 'direct-deposit')
    return `employments/direct-deposit/${item.EmployeeID}/${item.BankAccountID}`;
  return `employments/${queue}/${item.EmploymentEventID}`;
}

export const processItem = (api: ApiClient, queue: Queue, item: EmploymentEvent, body: ProcessBody) =>
  api.post(processPath(queue, item), body);

/** What a refused call tells the dialog: status, message, field messages and the current item (409). */
export interface Problem {
  status: number;
  message: string;
  errors: Record<string, string[] | undefined>;
  current: EmploymentEvent | null;
}

export function problemOf(err: unknown): Problem {
  if (isResponseError(err)) {
    const data = (err.data ?? {}) as {
      Message?: string;
      Errors?: Record<string, string[]>;
      Current?: EmploymentEvent;
    };
    return {
      status: err.status,
      message: data.Message ?? err.message,
      errors: data.Errors ?? {},
      current: data.Current ?? null,
    };
  }
  return { status: 0, message: err instanceof Error ? err.message : String(err), errors: {}, current: null };
}
