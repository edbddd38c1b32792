// Queries and changes of the people directories (online only). Lists are whole (small) and filtered
// and sorted on the screen; a stale Version answers 409 with the current record, a referenced record's
// delete 422 with the reason — the screen shows both.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../api/api-client';
import { useApiClient } from '../../api/api-context';
import {
  Auditor,
  type DirectoryKind,
  Hub,
  NationalConsultant,
  PromotingOwner,
  RegionalConsultant,
} from '../../contract/directories';
import { StateProvince } from '../../contract/provinces';

export const DIRECTORIES_KEY = ['directories'] as const;

export const ITEM_SCHEMAS = {
  auditors: Auditor,
  hubs: Hub,
  'national-consultants': NationalConsultant,
  'promoting-owners': PromotingOwner,
  'regional-consultants': RegionalConsultant,
} as const;

export type DirectoryItem = {
  auditors: Auditor;
  hubs: Hub;
  'national-consultants': NationalConsultant;
  'promoting-owners': PromotingOwner;
  'regional-consultants': RegionalConsultant;
};
export type AnyItem = DirectoryItem[DirectoryKind];

export function directoryQueryOptions<K extends DirectoryKind>(api: ApiClient, kind: K) {
  return queryOptions({
    queryKey: [...DIRECTORIES_KEY, kind],
    queryFn: ({ signal }) =>
      api.get(kind, { signal, schema: z.array(ITEM_SCHEMAS[kind]) }) as Promise<DirectoryItem[K][]>,
  });
}

export function useDirectory<K extends DirectoryKind>(kind: K, enabled = true) {
  const api = useApiClient();
  return useQuery({ ...directoryQueryOptions(api, kind), enabled });
}

const CorporationOption = z.object({ IcdCorporationID: z.number().int(), ClientName: z.string() });
export type CorporationOption = z.infer<typeof CorporationOption>;

/** Corporations to link (GET corporations, needs organisation:read). */
export function useCorporationOptions(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...DIRECTORIES_KEY, 'corporations'],
    queryFn: ({ signal }) => api.get('corporations', { signal, schema: z.array(CorporationOption) }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function stateProvincesQueryOptions(api: ApiClient, countryID?: number) {
  return queryOptions({
    queryKey: ['state-provinces', countryID ?? 'all'],
    queryFn: ({ signal }) =>
      api.get('state-provinces', {
        signal,
        query: countryID ? { countryID } : undefined,
        schema: z.array(StateProvince),
      }),
    staleTime: 5 * 60_000,
  });
}

export function useStateProvinces(enabled = true, countryID?: number) {
  const api = useApiClient();
  return useQuery({ ...stateProvincesQueryOptions(api, countryID), enabled });
}

export function useSaveRecord(kind: DirectoryKind) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number | null; body: Record<string, unknown> }) =>
      p.id === null
        ? api.post<AnyItem>(kind, p.body, { schema: ITEM_SCHEMAS[kind] as z.ZodType<AnyItem> })
        : api.put<AnyItem>(`${kind}/${p.id}`, p.body, { schema: ITEM_SCHEMAS[kind] as z.ZodType<AnyItem> }),
    // Names shown in other lists (consultants on hubs, counts) may change too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: DIRECTORIES_KEY }),
  });
}

export function useDeleteRecord(kind: DirectoryKind) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number; version: number }) =>
      api.delete(`${kind}/${p.id}`, { query: { version: p.version } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DIRECTORIES_KEY }),
  });
}
