// The role dashboards' data (online only). Answers are checked with the contract's schemas after the
// client's date revival is undone, so the cards read the wire shapes the server writes.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../../api/api-context';
import { ManagerDay, OwnerWeek, PayrollQueue, RoleDashboardId } from '../../../contract/dashboards';

function wire<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => JSON.parse(JSON.stringify(value ?? null)) as unknown, schema);
}

const SCHEMAS = {
  [RoleDashboardId.ManagerDay]: wire(ManagerDay),
  [RoleDashboardId.OwnerWeek]: wire(OwnerWeek),
  [RoleDashboardId.PayrollQueue]: wire(PayrollQueue),
} as const;

export interface DashboardData {
  [RoleDashboardId.ManagerDay]: ManagerDay;
  [RoleDashboardId.OwnerWeek]: OwnerWeek;
  [RoleDashboardId.PayrollQueue]: PayrollQueue;
}

/** Refreshed every minute while shown: who is clocked in changes during the day. */
const REFRESH_MS = 60_000;

export function useRoleDashboard<K extends RoleDashboardId>(id: K, enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['home-dashboards', id],
    queryFn: ({ signal }) =>
      // The schema of `id` parses the answer of `id`; TypeScript cannot relate the two through K.
      api.get(`dashboards/home/${id}`, { signal, schema: SCHEMAS[id] as z.ZodType }) as Promise<
        DashboardData[K]
      >,
    enabled,
    refetchInterval: REFRESH_MS,
    staleTime: 30_000,
  });
}
