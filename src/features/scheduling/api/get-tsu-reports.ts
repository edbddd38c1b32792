import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { EmployeeTsuReport, TsuReportSummary } from '../../../contract/scheduling';
import { fromWire } from './wire';

const Summary = fromWire(TsuReportSummary);
const PerEmployee = fromWire(EmployeeTsuReport);

/** Both TSU reports (per event/slot and per employee) of an office and period. */
export function tsuReportsQueryOptions(api: ApiClient, officeId: number, start: string, end: string) {
  return queryOptions({
    queryKey: ['scheduling', 'tsu', officeId, start, end],
    queryFn: async ({ signal }) => {
      const query = { icdOfficeID: officeId, startDate: start, endDate: end };
      const [summary, employees] = await Promise.all([
        api.get('schedule-events/report/tsu-report-summary', { query, signal, schema: Summary }),
        api.get('schedule-events/report/employee-tsu-report', { query, signal, schema: PerEmployee }),
      ]);
      return { summary, employees };
    },
  });
}

export function useTsuReports(officeId: number | null, start: string, end: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    ...tsuReportsQueryOptions(api, officeId ?? 0, start, end),
    enabled: enabled && !!officeId,
  });
}
