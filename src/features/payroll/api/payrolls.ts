// Payroll processing queries and saves (online only). Answers are checked with the contract's
// schemas after the client's date revival is undone (dates back to 'YYYY-MM-DD', instants to ISO
// text), so the screens read the same wire shapes as the server writes.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../../api/api-context';
import {
  type AdminSave,
  type EntrySavePayloadInput,
  type ManualRequest,
  type MemoSave,
  Payroll,
  PayrollAdmin,
  PayrollCorporation,
  PayrollDismissal,
  PayrollEntry,
  type PayrollFlag,
  PayrollPage,
  PayrollProcessingPage,
  type PayrollQuery,
  PayrollTypeItem,
  type TotalsRequestInput,
  TotalsResponse,
} from '../../../contract/payroll';
import { cleanQuery, flagPath } from '../processing/list-options';

export const PAYROLL_KEY = ['payroll'] as const;

/** A contract schema applied to a revived answer: Dates go back to their wire text first. */
export function wire<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => JSON.parse(JSON.stringify(value ?? null)) as unknown, schema);
}

const PayrollPageWire = wire(PayrollPage);
const ProcessingPageWire = wire(PayrollProcessingPage);
const PayrollWire = wire(Payroll);
const EntriesWire = wire(z.array(PayrollEntry));
const EntryWire = wire(PayrollEntry);
const TotalsWire = wire(TotalsResponse);
const AdminsWire = wire(z.array(PayrollAdmin));
const CorporationsWire = wire(z.array(PayrollCorporation));

export type ListQuery = Partial<Omit<PayrollQuery, 'pageIndex'>>;

export function usePayrollPage(query: ListQuery, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...PAYROLL_KEY, 'page', query, page],
    queryFn: ({ signal }) =>
      api.get(`payrolls/page/${page}`, { signal, query: cleanQuery(query), schema: PayrollPageWire }),
    placeholderData: keepPreviousData,
  });
}

export function useProcessingPage(query: ListQuery, page: number, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...PAYROLL_KEY, 'processing', query, page],
    queryFn: ({ signal }) =>
      api.get(`payrolls/processing/page/${page}`, {
        signal,
        query: cleanQuery(query),
        schema: ProcessingPageWire,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Corporations in the caller's scope (the list's filter). */
export function usePayrollCorporations() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...PAYROLL_KEY, 'corporations'],
    queryFn: ({ signal }) => api.get('payrolls/icd-corporation', { signal, schema: CorporationsWire }),
    staleTime: 10 * 60_000,
  });
}

export function usePayrollTypes() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...PAYROLL_KEY, 'types'],
    queryFn: ({ signal }) => api.get('payroll-types', { signal, schema: z.array(PayrollTypeItem) }),
    staleTime: 60 * 60_000,
  });
}

export function usePayroll(id: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...PAYROLL_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get(`payrolls/${id}`, { signal, schema: PayrollWire }),
    enabled: id > 0,
  });
}

export function usePayrollEntries(id: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...PAYROLL_KEY, 'entries', id],
    queryFn: ({ signal }) => api.get(`payrolls/${id}/entries`, { signal, schema: EntriesWire }),
    enabled: id > 0,
  });
}

function useSetPayroll(id: number) {
  const queryClient = useQueryClient();
  return (payroll: Payroll) => {
    queryClient.setQueryData([...PAYROLL_KEY, 'detail', id], payroll);
    void queryClient.invalidateQueries({ queryKey: [...PAYROLL_KEY, 'page'] });
    void queryClient.invalidateQueries({ queryKey: [...PAYROLL_KEY, 'processing'] });
  };
}

/** An answer's entry keeps the employee the list had when the answer carries none. */
function withEmployee(entry: PayrollEntry, previous: PayrollEntry): PayrollEntry {
  return entry.Employee ? entry : { ...entry, Employee: previous.Employee };
}

/** Replaces one entry in the cached list (after a save, a 409's current entry, an ADP toggle). */
export function usePutEntryInCache(id: number) {
  const queryClient = useQueryClient();
  return (entry: PayrollEntry) =>
    queryClient.setQueryData<PayrollEntry[]>([...PAYROLL_KEY, 'entries', id], (rows) =>
      rows?.map((r) => (r.PayPeriodID === entry.PayPeriodID ? withEmployee(entry, r) : r)),
    );
}

export function useSetFlag(id: number) {
  const api = useApiClient();
  const setPayroll = useSetPayroll(id);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flag, value }: { flag: PayrollFlag; value: boolean }) =>
      api.put(flagPath(id, flag, value), undefined, { schema: PayrollWire }),
    onSuccess: (payroll, { flag }) => {
      setPayroll(payroll);
      // Locking and unlocking change every entry's pay period state.
      if (flag === 'locked')
        void queryClient.invalidateQueries({ queryKey: [...PAYROLL_KEY, 'entries', id] });
    },
  });
}

export function useSaveEntry(id: number) {
  const api = useApiClient();
  const putEntry = usePutEntryInCache(id);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EntrySavePayloadInput) =>
      api.put(`payrolls/${id}/entries/${body.PayPeriodID}`, body, { schema: EntryWire }),
    onSuccess: (entry) => {
      putEntry(entry);
      void queryClient.invalidateQueries({ queryKey: [...PAYROLL_KEY, 'detail', id] });
    },
  });
}

export function useRecalculate(id: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TotalsRequestInput) =>
      api.post(`payrolls/${id}/calculations`, body, { schema: TotalsWire }),
    onSuccess: (answer) => {
      queryClient.setQueryData<PayrollEntry[]>([...PAYROLL_KEY, 'entries', id], (rows) => {
        if (!rows) return answer.PayrollEntries;
        const fresh = new Map(answer.PayrollEntries.map((e) => [e.PayPeriodID, e]));
        return rows.map((r) => {
          const e = fresh.get(r.PayPeriodID);
          return e ? withEmployee(e, r) : r;
        });
      });
      void queryClient.invalidateQueries({ queryKey: [...PAYROLL_KEY, 'detail', id] });
    },
  });
}

export function useSaveMemo(id: number) {
  const api = useApiClient();
  const setPayroll = useSetPayroll(id);
  return useMutation({
    mutationFn: (body: MemoSave) => api.put(`payrolls/${id}/memo`, body, { schema: PayrollWire }),
    onSuccess: setPayroll,
  });
}

export function useAdmins(id: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const setAdmins = (admins: PayrollAdmin[]) =>
    queryClient.setQueryData<Payroll>([...PAYROLL_KEY, 'detail', id], (p) =>
      p ? { ...p, Admins: admins } : p,
    );
  const add = useMutation({
    mutationFn: (body: AdminSave) => api.post(`payrolls/${id}/admins`, body, { schema: AdminsWire }),
    onSuccess: setAdmins,
  });
  const remove = useMutation({
    mutationFn: (employeeId: number) =>
      api.delete(`payrolls/${id}/admins/${employeeId}`, { schema: AdminsWire }),
    onSuccess: setAdmins,
  });
  return { add, remove };
}

export function useManualRequest(id: number) {
  const api = useApiClient();
  const putEntry = usePutEntryInCache(id);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualRequest) =>
      api.patch(`payrolls/${id}/manual-requests`, body, { schema: EntryWire }),
    onSuccess: (entry) => {
      putEntry(entry);
      void queryClient.invalidateQueries({ queryKey: [...PAYROLL_KEY, 'detail', id] });
    },
  });
}

export function useDismiss() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'pending' | 'submitted'; id: number }) =>
      api.post(`payrolls/${kind}/${id}/dismissals`, undefined, { schema: wire(PayrollDismissal) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYROLL_KEY }),
  });
}
