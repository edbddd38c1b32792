// The SGI id calls (online only, onboarding:manage): the report of the ids in force on a day and one
// employee's history (add an id from a day; delete one).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../../api/api-context';
import { EmployeeSgiId, type EmployeeSgiIdSave, SgiReportRow } from '../../../contract/onboarding';

const SGI_KEY = ['onboarding', 'sgi'] as const;

export function useSgiReport(asOf: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...SGI_KEY, 'report', asOf],
    queryFn: ({ signal }) =>
      api.get('sgi-id-report', { signal, query: { asOf }, schema: z.array(SgiReportRow) }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(asOf),
    placeholderData: keepPreviousData,
  });
}

export function useSgiHistory(employeeId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...SGI_KEY, 'history', employeeId],
    queryFn: ({ signal }) =>
      api.get('employee-sgi-id-history', {
        signal,
        query: { employeeId: employeeId ?? undefined },
        schema: z.array(EmployeeSgiId),
      }),
    enabled: employeeId !== null,
  });
}

export function useAddSgiId() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EmployeeSgiIdSave) =>
      api.post('employee-sgi-id-history', body, { schema: EmployeeSgiId }),
    onSuccess: () => void client.invalidateQueries({ queryKey: SGI_KEY }),
  });
}

export function useDeleteSgiId() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`employee-sgi-id-history/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: SGI_KEY }),
  });
}
