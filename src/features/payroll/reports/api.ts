// The payroll reports' calls (src/contract/payroll-reports.ts) as TanStack Query hooks.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../../api/api-context';
import {
  Financials,
  PayrollAnalysis,
  PayrollInquiryRow,
  ProgramFinancials,
  ProgramStorePair,
  StatementOfEarnings,
} from '../../../contract/payroll-reports';

export const REPORTS_KEY = ['payroll-reports'] as const;

export interface StatementFilter {
  programID?: number;
  storeID?: number;
  filteredEmployeeID?: number;
}

export function useStatement(payrollId: number, filter: StatementFilter) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...REPORTS_KEY, 'statement', payrollId, filter],
    queryFn: ({ signal }) =>
      api.get(`payroll/${payrollId}/statement-of-earnings`, {
        query: { ...filter },
        signal,
        schema: StatementOfEarnings,
      }),
    enabled: payrollId > 0,
    placeholderData: keepPreviousData,
  });
}

export function usePairs(payrollId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...REPORTS_KEY, 'pairs', payrollId],
    queryFn: ({ signal }) =>
      api.get(`payroll/${payrollId}/active-program-store-pairs`, {
        signal,
        schema: z.array(ProgramStorePair),
      }),
    enabled: payrollId > 0,
  });
}

export function useAnalysis(payrollId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...REPORTS_KEY, 'analysis', payrollId],
    queryFn: ({ signal }) => api.get(`payrolls/${payrollId}/analysis`, { signal, schema: PayrollAnalysis }),
    enabled: payrollId > 0,
  });
}

/** Payrolls whose window overlaps the dates (the statement's payroll picker). */
export function usePayrollsBetween(startDate: string | null, endDate: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...REPORTS_KEY, 'inquiry', startDate, endDate],
    queryFn: ({ signal }) =>
      api.get('payrolls/inquiry', {
        query: { startDate: startDate ?? undefined, endDate: endDate ?? undefined },
        signal,
        schema: z.array(PayrollInquiryRow),
      }),
    enabled: !!startDate && !!endDate,
    staleTime: 60_000,
  });
}

export function useFinancials(range: { startDate: string; endDate: string }, divisionID: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...REPORTS_KEY, 'financials', range, divisionID],
    queryFn: ({ signal }) =>
      api.get('payrolls/financials', {
        query: { ...range, divisionID: divisionID ?? undefined },
        signal,
        schema: Financials,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProgramFinancials(
  range: { startDate: string; endDate: string },
  programID: number | null,
) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...REPORTS_KEY, 'financials-program', range, programID],
    queryFn: ({ signal }) =>
      api.get('payrolls/financials-program', {
        query: { ...range, programID: programID ?? undefined },
        signal,
        schema: ProgramFinancials,
      }),
    placeholderData: keepPreviousData,
  });
}

const DivisionOption = z.object({ DivisionID: z.number().int(), Name: z.string() });

/** The divisions the caller may read (for the financials filter). */
export function useDivisionOptions() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['lookups', 'divisions', 'options'],
    queryFn: ({ signal }) => api.get('divisions', { signal, schema: z.array(DivisionOption) }),
    staleTime: 10 * 60_000,
  });
}
