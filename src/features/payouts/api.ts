// Calls of the posted payouts and RS payout transfers screens (online only). Lists are read raw (no
// date revival) so the contract's wire schemas parse them as the server wrote them; saves carry
// Version (a 409 answers the current record).
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../api/api-client';
import { useApiClient } from '../../api/api-context';
import {
  IcdPostedPayouts,
  PostedPayoutHistoryEntry,
  type PostedPayoutPatch,
  type PostedPayoutSave,
  RsPayoutTransfer,
  type RsPayoutTransferSave,
  type RsPayoutTransferUpdate,
} from '../../contract/payouts';
import { wireDay } from '../../contract/time-management';
import { getRaw } from '../orders/field/api';

export const PAYOUTS_KEY = ['payouts'] as const;

export interface PayoutFilters {
  startDate: string;
  endDate: string;
  divisionID: string | null;
  icdCorporationID: string | null;
}

const clean = (q: Record<string, string | null>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== null && v !== ''));

export function useIcdPostedPayouts(f: PayoutFilters) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...PAYOUTS_KEY, 'icd', f],
    queryFn: ({ signal }) =>
      getRaw(api, 'posted-payouts/icd', z.array(IcdPostedPayouts), {
        signal,
        query: clean({ ...f }),
      }),
  });
}

export function usePostedPayoutHistory(id: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...PAYOUTS_KEY, 'history', id],
    queryFn: ({ signal }) =>
      getRaw(api, `posted-payouts/icd/${id}/history`, z.array(PostedPayoutHistoryEntry), { signal }),
    enabled: id !== null,
  });
}

export function useTransfers(f: { startDate: string; endDate: string; icdCorporation: string | null }) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...PAYOUTS_KEY, 'transfers', f],
    queryFn: ({ signal }) =>
      getRaw(api, 'rs-payout-transfers', z.array(RsPayoutTransfer), { signal, query: clean({ ...f }) }),
  });
}

export const createPostedPayout = (
  api: ApiClient,
  divisionId: number,
  corporationId: number,
  body: PostedPayoutSave,
) => api.post(`posted-payouts?DivisionID=${divisionId}&IcdCorporationID=${corporationId}`, body);
export const patchPostedPayout = (api: ApiClient, id: number, body: PostedPayoutPatch) =>
  api.patch(`posted-payouts/icd/${id}`, body);
export const deletePostedPayout = (api: ApiClient, id: number, version: number) =>
  api.delete(`posted-payouts/icd/${id}?version=${version}`);
export const saveTransfer = (
  api: ApiClient,
  id: number | null,
  body: RsPayoutTransferSave | RsPayoutTransferUpdate,
) => (id === null ? api.post('rs-payout-transfers', body) : api.put(`rs-payout-transfers/${id}`, body));
export const deleteTransfer = (api: ApiClient, id: number, version: number) =>
  api.delete(`rs-payout-transfers/${id}?version=${version}`);

/** A wire day as text (lists are read raw; a Date only if revived elsewhere). */
export function day(value: string | Date | null | undefined): string {
  return value == null ? '' : wireDay(value);
}

export const formatMoney = (v: number) =>
  v.toLocaleString('en-CA', { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' });
