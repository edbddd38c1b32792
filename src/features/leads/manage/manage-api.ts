// Reads of the leads office screen (online only: no offline copies): groups, territories and their
// office history, teams, leads, batches, import schemas and the division policy. Query keys live here
// so invalidations reuse them.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import {
  DivisionLeadsPolicy,
  ImportSchema,
  LeadBatchPage,
  LeadGroup,
  LeadGroupRepStatisticsRow,
  LeadOfficeTeam,
  LeadPage,
  LeadStatus,
  Territory,
  TerritoryOffice,
} from '../../../contract/leads';
import { getWire } from '../api/wire-dates';

export const manageKeys = {
  all: ['leads-manage'] as const,
  groups: () => ['leads-manage', 'groups'] as const,
  territories: (groupId: number) => ['leads-manage', 'territories', groupId] as const,
  history: (territoryId: number) => ['leads-manage', 'history', territoryId] as const,
  groupHistory: (groupId: number) => ['leads-manage', 'group-history', groupId] as const,
  teams: () => ['leads-manage', 'teams'] as const,
  leads: (groupId: number, territoryId: number | null, page: number, search: string) =>
    ['leads-manage', 'leads', groupId, territoryId, page, search] as const,
  reps: (groupId: number) => ['leads-manage', 'reps', groupId] as const,
  batches: (groupId: number, page: number) => ['leads-manage', 'batches', groupId, page] as const,
  schemas: (divisionId: number) => ['leads-manage', 'schemas', divisionId] as const,
  policy: (divisionId: number) => ['leads-manage', 'policy', divisionId] as const,
  statuses: (divisionId: number) => ['leads-manage', 'statuses', divisionId] as const,
};

export const groupsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: manageKeys.groups(),
    queryFn: ({ signal }) =>
      api.get('lead-groups', { signal, query: { includeInactive: 'true' }, schema: z.array(LeadGroup) }),
  });

export const territoriesQuery = (api: ApiClient, groupId: number) =>
  queryOptions({
    queryKey: manageKeys.territories(groupId),
    queryFn: ({ signal }) =>
      getWire(api, `lead-groups/${groupId}/territories`, z.array(Territory), { signal }),
  });

export const territoryHistoryQuery = (api: ApiClient, territoryId: number) =>
  queryOptions({
    queryKey: manageKeys.history(territoryId),
    queryFn: ({ signal }) =>
      getWire(api, 'territory-office-history', z.array(TerritoryOffice), { signal, query: { territoryId } }),
  });

/** Every office assignment of the group's territories (also where office names come from). */
export const groupHistoryQuery = (api: ApiClient, groupId: number) =>
  queryOptions({
    queryKey: manageKeys.groupHistory(groupId),
    queryFn: ({ signal }) =>
      getWire(api, 'territories-office-history', z.array(TerritoryOffice), {
        signal,
        query: { leadGroupId: groupId },
      }),
  });

export const teamsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: manageKeys.teams(),
    queryFn: ({ signal }) => api.get('lead-office-teams', { signal, schema: z.array(LeadOfficeTeam) }),
  });

export const LEADS_PAGE_SIZE = 25;

export const leadsQuery = (
  api: ApiClient,
  groupId: number,
  territoryId: number | null,
  page: number,
  search: string,
) =>
  queryOptions({
    queryKey: manageKeys.leads(groupId, territoryId, page, search),
    queryFn: ({ signal }) =>
      api.get('leads', {
        signal,
        query: {
          leadGroupId: groupId,
          territoryId: territoryId ?? undefined,
          pageIndex: page,
          pageSize: LEADS_PAGE_SIZE,
          search: search.trim() || undefined,
        },
        schema: LeadPage,
      }),
  });

/** The reps who work the group (assigned leads or activity), with their names. */
export const repsQuery = (api: ApiClient, groupId: number) =>
  queryOptions({
    queryKey: manageKeys.reps(groupId),
    queryFn: ({ signal }) =>
      api.get('reports/rogers/lead-group-rep-statistics', {
        signal,
        query: { leadGroupId: groupId },
        schema: z.array(LeadGroupRepStatisticsRow),
      }),
  });

export const BATCHES_PAGE_SIZE = 10;

export const batchesQuery = (api: ApiClient, groupId: number, page: number) =>
  queryOptions({
    queryKey: manageKeys.batches(groupId, page),
    queryFn: ({ signal }) =>
      api.get('lead-batches', {
        signal,
        query: { leadGroupId: groupId, pageIndex: page, pageSize: BATCHES_PAGE_SIZE },
        schema: LeadBatchPage,
      }),
  });

export const schemasQuery = (api: ApiClient, divisionId: number) =>
  queryOptions({
    queryKey: manageKeys.schemas(divisionId),
    queryFn: ({ signal }) =>
      api.get('import-schemas', { signal, query: { divisionId }, schema: z.array(ImportSchema) }),
  });

export const policyQuery = (api: ApiClient, divisionId: number) =>
  queryOptions({
    queryKey: manageKeys.policy(divisionId),
    queryFn: ({ signal }) =>
      api.get(`divisions/${divisionId}/leads-policy`, { signal, schema: DivisionLeadsPolicy }),
  });

export const statusesQuery = (api: ApiClient, divisionId: number) =>
  queryOptions({
    queryKey: manageKeys.statuses(divisionId),
    queryFn: ({ signal }) =>
      api.get('lead-statuses', { signal, query: { divisionId }, schema: z.array(LeadStatus) }),
    staleTime: 30 * 60_000,
  });

/** Offices the screen can assign territories to: those with lead teams or earlier assignments. */
export function officesFrom(
  teams: readonly LeadOfficeTeam[],
  history: readonly TerritoryOffice[],
): { IcdOfficeID: number; OfficeName: string }[] {
  const byId = new Map<number, string>();
  for (const t of teams) byId.set(t.IcdOfficeID, t.OfficeName);
  for (const h of history)
    if (h.IcdOfficeID !== null) byId.set(h.IcdOfficeID, h.OfficeName ?? `#${h.IcdOfficeID}`);
  return [...byId]
    .map(([IcdOfficeID, OfficeName]) => ({ IcdOfficeID, OfficeName }))
    .sort((a, b) => a.OfficeName.localeCompare(b.OfficeName, undefined, { sensitivity: 'base' }));
}

/** A file as base64 (the JSON body of POST lead-batches). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
