// Payroll invoice and invoice policy calls (online only). Answers are checked with the contract's
// schemas after the client's date revival is undone (see wire() of the payroll screens), so the screens
// read the same wire shapes as the server writes. A refused save keeps the server's message and Errors.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../api/api-context';
import { isResponseError } from '../../api/errors';
import {
  NewPayrollInvoice,
  PayrollInvoice,
  type PayrollInvoiceCreate,
  PayrollInvoicePage,
  PayrollInvoicePolicy,
  type PayrollInvoicePolicySave,
  type PayrollInvoiceQuery,
  type PayrollInvoiceUpdate,
} from '../../contract/invoices';
import { wire } from '../payroll/api/payrolls';

export const INVOICES_KEY = ['invoices'] as const;

const PageWire = wire(PayrollInvoicePage);
const InvoiceWire = wire(PayrollInvoice);
const NewWire = wire(NewPayrollInvoice);
const PoliciesWire = wire(z.array(PayrollInvoicePolicy));

export type InvoiceListQuery = Partial<Omit<PayrollInvoiceQuery, 'pageIndex'>>;

function clean(query: object): Record<string, string | number | boolean> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Record<string, string | number | boolean>;
}

export function useInvoicePage(query: InvoiceListQuery, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...INVOICES_KEY, 'page', query, page],
    queryFn: ({ signal }) =>
      api.get(`payroll-invoices/page/${page}`, { signal, query: clean(query), schema: PageWire }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(id: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...INVOICES_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get(`payroll-invoices/${id}`, { signal, schema: InvoiceWire }),
    enabled: id > 0,
  });
}

export function useNewInvoice(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...INVOICES_KEY, 'new'],
    queryFn: ({ signal }) => api.get('payroll-invoices/new', { signal, schema: NewWire }),
    enabled,
  });
}

export function useCreateInvoice() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayrollInvoiceCreate) => api.post('payroll-invoices', body, { schema: InvoiceWire }),
    onSuccess: (invoice) => {
      queryClient.setQueryData([...INVOICES_KEY, 'detail', invoice.PayrollInvoiceID], invoice);
      void queryClient.invalidateQueries({ queryKey: INVOICES_KEY });
    },
  });
}

export function useUpdateInvoice(id: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayrollInvoiceUpdate) =>
      api.put(`payroll-invoices/${id}`, body, { schema: InvoiceWire }),
    onSuccess: (invoice) => {
      queryClient.setQueryData([...INVOICES_KEY, 'detail', id], invoice);
      void queryClient.invalidateQueries({ queryKey: [...INVOICES_KEY, 'page'] });
    },
    onError: (err) => {
      if (isResponseError(err) && err.status === 409)
        void queryClient.invalidateQueries({ queryKey: [...INVOICES_KEY, 'detail', id] });
    },
  });
}

export function useInvoicePolicies() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...INVOICES_KEY, 'policies'],
    queryFn: ({ signal }) => api.get('payroll-invoice-policies', { signal, schema: PoliciesWire }),
  });
}

export function useSavePolicy(id: number | null) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayrollInvoicePolicySave & { Version?: number }) =>
      id ? api.put(`payroll-invoice-policies/${id}`, body) : api.post('payroll-invoice-policies', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...INVOICES_KEY, 'policies'] }),
  });
}

export function useDeletePolicy() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number; version: number }) =>
      api.delete(`payroll-invoice-policies/${p.id}`, { query: { version: p.version } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...INVOICES_KEY, 'policies'] }),
  });
}

/** What a refused call tells a form: the status, the server's message and its Errors by field. */
export interface Problem {
  status: number;
  message: string;
  errors: Record<string, string[] | undefined>;
  body: Record<string, unknown>;
}

export function problemOf(err: unknown): Problem {
  if (isResponseError(err)) {
    const data = (err.data ?? {}) as { Message?: string; Errors?: Record<string, string[]> };
    return {
      status: err.status,
      message: data.Message ?? err.message,
      errors: data.Errors ?? {},
      body: (err.data ?? {}) as Record<string, unknown>,
    };
  }
  return { status: 0, message: err instanceof Error ? err.message : String(err), errors: {}, body: {} };
}

/** The invoice's PDF (opened by navigation: the session cookie authenticates it). */
export const invoicePdfUrl = (id: number) => `/api/payroll-invoices/${id}/pdf`;
