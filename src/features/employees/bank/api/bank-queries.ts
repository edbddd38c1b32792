// Queries and mutations of an employee's bank accounts, direct deposit and bank info (src/contract/bank.ts).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../../api/api-client';
import { useApiClient } from '../../../../api/api-context';
import {
  BankAccount,
  type BankAccountSave,
  BankInfo,
  type BankInfoSave,
  DepositAmountTypeItem,
} from '../../../../contract/bank';

export const BANK_KEY = ['bank'] as const;

export function bankAccountsQueryOptions(api: ApiClient, employeeId: number) {
  return queryOptions({
    queryKey: [...BANK_KEY, employeeId, 'accounts'],
    queryFn: ({ signal }) =>
      api.get(`employees/${employeeId}/bank-accounts`, { signal, schema: z.array(BankAccount) }),
  });
}

export function useBankAccounts(employeeId: number) {
  const api = useApiClient();
  return useQuery({ ...bankAccountsQueryOptions(api, employeeId), enabled: employeeId > 0 });
}

export function useDepositAmountTypes(employeeId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...BANK_KEY, employeeId, 'deposit-amount-types'],
    queryFn: ({ signal }) =>
      api.get(`employees/${employeeId}/deposit-amount-types`, {
        signal,
        schema: z.array(DepositAmountTypeItem),
      }),
    staleTime: 10 * 60_000,
    enabled: employeeId > 0,
  });
}

export function useBankInfo(employeeId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...BANK_KEY, employeeId, 'info'],
    queryFn: ({ signal }) => api.get(`employees/bankinfo/${employeeId}`, { signal, schema: BankInfo }),
    enabled: employeeId > 0,
  });
}

function useInvalidate(employeeId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...BANK_KEY, employeeId] });
}

export function useSaveBankAccount(employeeId: number) {
  const api = useApiClient();
  const invalidate = useInvalidate(employeeId);
  return useMutation({
    mutationFn: (body: BankAccountSave) =>
      api.post(`employees/${employeeId}/bank-accounts`, body, { schema: BankAccount }),
    onSuccess: invalidate,
  });
}

export function useDeleteBankAccount(employeeId: number) {
  const api = useApiClient();
  const invalidate = useInvalidate(employeeId);
  return useMutation({
    mutationFn: (a: { BankAccountID: number; Version: number }) =>
      api.delete(`employees/${employeeId}/bank-accounts/${a.BankAccountID}`, {
        query: { version: a.Version },
      }),
    onSuccess: invalidate,
  });
}

export interface DirectDepositInput {
  BankAccountID: number;
  Version: number;
  DepositAmountTypeID: number;
  DepositAmount: string;
  VoidCheck: File | null;
  AdpDirectDeposit: File | null;
}

export function useDirectDepositOn(employeeId: number) {
  const api = useApiClient();
  const invalidate = useInvalidate(employeeId);
  return useMutation({
    mutationFn: (input: DirectDepositInput) => {
      const form = new FormData();
      form.set('DepositAmountTypeID', String(input.DepositAmountTypeID));
      form.set('DepositAmount', input.DepositAmount);
      form.set('Version', String(input.Version));
      if (input.VoidCheck) form.set('VoidCheck', input.VoidCheck);
      if (input.AdpDirectDeposit) form.set('AdpDirectDeposit', input.AdpDirectDeposit);
      return api.put(`employees/${employeeId}/bank-accounts/${input.BankAccountID}/direct-deposit`, form, {
        schema: BankAccount,
      });
    },
    onSuccess: invalidate,
  });
}

export function useDirectDepositOff(employeeId: number) {
  const api = useApiClient();
  const invalidate = useInvalidate(employeeId);
  return useMutation({
    mutationFn: (BankAccountID: number) =>
      api.delete(`employees/${employeeId}/bank-accounts/${BankAccountID}/direct-deposit`, {
        schema: BankAccount,
      }),
    onSuccess: invalidate,
  });
}

export function useSaveBankInfo(employeeId: number) {
  const api = useApiClient();
  const invalidate = useInvalidate(employeeId);
  return useMutation({
    mutationFn: (body: BankInfoSave) =>
      api.put(`employees/bankinfo/${employeeId}`, body, { schema: BankInfo }),
    onSuccess: invalidate,
  });
}
