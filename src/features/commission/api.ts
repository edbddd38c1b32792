// Calls of the commission and payout policy editors (online only): lists per corporation or division,
// saves with Version (409 answers the current copy), the server's messages kept for the form.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../api/api-context';
import {
  CommissionPermissions,
  CommissionPolicy,
  MultiPlayPolicy,
  PayoutPolicy,
  PayoutRateRow,
  ProductPolicy,
} from '../../contract/commission';
import { Product, ProductLine, Program } from '../../contract/orders';
import { wireDay } from '../../contract/time-management';
import { getRaw } from '../orders/field/api';

export const COMMISSION_KEY = ['commission'] as const;

export function useIcdPolicies(corporationId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...COMMISSION_KEY, 'icd', corporationId],
    queryFn: ({ signal }) =>
      getRaw(api, `corporations/${corporationId}/commission-policies`, z.array(CommissionPolicy), { signal }),
    enabled: corporationId !== null,
  });
}

export function useCommissionPermissions(corporationId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...COMMISSION_KEY, 'permissions', corporationId],
    queryFn: ({ signal }) =>
      getRaw(api, `corporations/${corporationId}/commission-permissions`, CommissionPermissions, { signal }),
    enabled: corporationId !== null,
  });
}

export function useProductPolicies(divisionId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...COMMISSION_KEY, 'product', divisionId],
    queryFn: ({ signal }) =>
      getRaw(api, 'product-commission-policies', z.array(ProductPolicy), {
        signal,
        query: { divisionID: divisionId },
      }),
    enabled: divisionId !== null,
  });
}

export function useMultiPlay(divisionId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...COMMISSION_KEY, 'multi-play', divisionId],
    queryFn: ({ signal }) =>
      getRaw(api, `divisions/${divisionId}/multi-play-commission-policies`, z.array(MultiPlayPolicy), {
        signal,
      }),
    enabled: divisionId !== null,
  });
}

/** Programs, products and product lines of a division (names for the policy tables and editors). */
export function useDivisionCatalogue(divisionId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...COMMISSION_KEY, 'catalogue', divisionId],
    queryFn: async ({ signal }) => {
      const query = { divisionID: divisionId };
      const [programs, products, lines] = await Promise.all([
        getRaw(api, 'programs', z.array(Program), { signal, query }),
        getRaw(api, 'products', z.array(Product), { signal, query }),
        getRaw(api, 'product-lines', z.array(ProductLine), { signal, query }),
      ]);
      return { programs, products, lines };
    },
    enabled: divisionId !== null,
    staleTime: 5 * 60_000,
  });
}

export function usePayoutPolicies(kind: 'division' | 'corporation') {
  const api = useApiClient();
  return useQuery({
    queryKey: [...COMMISSION_KEY, 'payout', kind],
    queryFn: ({ signal }) => getRaw(api, `${kind}-payout-policies`, z.array(PayoutPolicy), { signal }),
  });
}

export function useRateTable(date: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...COMMISSION_KEY, 'rate-table', date],
    queryFn: ({ signal }) =>
      getRaw(api, 'reports/payout-policies/payout-rate-table', z.array(PayoutRateRow), {
        signal,
        query: date ? { date } : {},
      }),
  });
}

/** A wire day as read (the lists are read raw, so a string; a Date only if revived elsewhere). */
export function day(value: string | Date | null | undefined): string | null {
  return value == null ? null : wireDay(value);
}
