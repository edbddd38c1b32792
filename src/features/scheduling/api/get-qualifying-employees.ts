import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { QualifyingEmployee } from '../../../contract/scheduling';

/**
 * The employees who may be scheduled at an office in a period (an active employment record there):
 * POST RSSchedule/ListQualifyingEmployees with an office and period.
 */
export function qualifyingEmployeesQueryOptions(
  api: ApiClient,
  officeId: number,
  start: string,
  end: string,
) {
  return queryOptions({
    queryKey: ['scheduling', 'qualifying', officeId, start, end],
    queryFn: ({ signal }) =>
      api.post(
        'RSSchedule/ListQualifyingEmployees',
        { IcdOfficeID: officeId, StartDate: start, EndDate: end },
        { signal, schema: z.array(QualifyingEmployee) },
      ),
    staleTime: 5 * 60_000,
  });
}

export function useQualifyingEmployees(officeId: number | null, start: string, end: string, enabled = true) {
  const api = useApiClient();
  return useQuery({
    ...qualifyingEmployeesQueryOptions(api, officeId ?? 0, start, end),
    enabled: enabled && !!officeId,
  });
}
