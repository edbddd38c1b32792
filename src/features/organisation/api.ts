// Calls of the organisation screens (online): offices, divisions with profiles and rotations,
// corporations with logo and tax information. Every change invalidates the organisation queries.
// Answers are parsed with the contract's schemas through fromWire: the client revives 'YYYY-MM-DD'
// into calendar dates, the contract keeps them as wire strings.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../api/api-context';
import { isResponseError } from '../../api/errors';
import { ModuleId } from '../../contract/modules';
import {
  Corporation,
  CorporationModulePermission,
  type CorporationSave,
  type CorporationUpdate,
  DivisionItem,
  DivisionProfile,
  type DivisionSave,
  type DivisionUpdate,
  DivisionV2,
  Job,
  MeridianMovement,
  Office,
  type OfficeSave,
  type OfficeUpdate,
  type PayrollPolicyHistorySave,
  ProfileRotations,
  type RotationAdjustment,
  RotationAdjustmentResult,
  TaxInfo,
  type TaxInfoSave,
} from '../../contract/organisation';
import { fromWire } from '../scheduling/api/wire';

export const ORG_KEY = ['organisation'] as const;

const StateProvinceItem = z.object({ Code: z.string(), StateName: z.string(), CountryID: z.number() });

export function useCorporations() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORG_KEY, 'corporations'],
    queryFn: ({ signal }) => api.get('corporations', { signal, schema: fromWire(z.array(Corporation)) }),
  });
}

export function useOffices() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORG_KEY, 'offices'],
    queryFn: ({ signal }) => api.get('icd-offices', { signal, schema: fromWire(z.array(Office)) }),
  });
}

export function useDivisions() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORG_KEY, 'divisions'],
    queryFn: ({ signal }) => api.get('divisions', { signal, schema: fromWire(z.array(DivisionItem)) }),
  });
}

export function useOffice(id: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORG_KEY, 'office', id],
    queryFn: ({ signal }) => api.get(`icd-offices/${id}`, { signal, schema: fromWire(Office) }),
    enabled: id !== null,
  });
}

export function useCorporation(id: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORG_KEY, 'corporation', id],
    queryFn: ({ signal }) => api.get(`corporations/${id}`, { signal, schema: fromWire(Corporation) }),
    enabled: id !== null,
  });
}

export function useDivision(id: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORG_KEY, 'division', id],
    queryFn: ({ signal }) => api.get(`v2/divisions/${id}`, { signal, schema: fromWire(DivisionV2) }),
    enabled: id !== null,
  });
}

export function useRotations(profileId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORG_KEY, 'rotations', profileId],
    queryFn: ({ signal }) =>
      api.get('division-profiles/rotations', {
        signal,
        query: { divisionProfileID: profileId },
        schema: fromWire(z.array(ProfileRotations)),
      }),
    enabled: profileId !== null,
  });
}

export function useTaxInfo(id: number | null, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORG_KEY, 'tax', id],
    queryFn: ({ signal }) =>
      api.get(`corporations/geticdcorporationtaxinfo/${id}`, { signal, schema: fromWire(TaxInfo) }),
    enabled: id !== null && enabled,
  });
}

export function useModulePermissions(id: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORG_KEY, 'modules', id],
    queryFn: ({ signal }) =>
      api.get(`corporations/permissions/${id}`, {
        signal,
        schema: fromWire(z.array(CorporationModulePermission)),
      }),
    enabled: id !== null,
  });
}

/** The logo as an object URL (null when there is none). */
export function useLogo(id: number | null, version: number | undefined, hasLogo: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ORG_KEY, 'logo', id, version],
    queryFn: async ({ signal }) => {
      const blob = await api.get<Blob>(`corporations/${id}/logo`, { signal, responseType: 'blob' });
      return URL.createObjectURL(blob);
    },
    enabled: id !== null && hasLogo,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** States and provinces of a country (empty when the list cannot be read: the field is then free text). */
export function useStateProvinces(countryId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['state-provinces', countryId],
    queryFn: ({ signal }) =>
      api.get('state-provinces', {
        signal,
        query: { countryID: countryId },
        schema: fromWire(z.array(StateProvinceItem)),
      }),
    staleTime: 60 * 60_000,
    retry: false,
  });
}

export const MODULE_OPTIONS = Object.entries(ModuleId).map(([name, id]) => ({
  value: String(id),
  label: name,
}));

/** Where the corporations are listed outside the organisation screens (the corporation pickers). */
// Spelled here as in features/access/shared.tsx's useCorporations.
const CORPORATION_PICKER_KEY = ['access', 'lookup', 'corporations'] as const;

/**
 * A delete. Confirmed, the record leaves the cached lists that show it at once — the tree shows no
 * ghost of it while it is fetched again — and the organisation queries are marked stale without
 * asking again for the deleted record (a screen that shows one fetches it when it opens). Refused,
 * the record stays and everything is reloaded (a stale version brings the current one).
 */
function useDelete<T>(
  lists: readonly (readonly unknown[])[],
  idOf: (row: T) => number,
  fn: (p: { id: number; version: number }) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (_data, p) => {
      for (const key of lists) {
        queryClient.setQueryData<T[]>(key, (rows) => rows?.filter((row) => idOf(row) !== p.id));
        await queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
      }
      await queryClient.invalidateQueries({ queryKey: ORG_KEY, refetchType: 'none' });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ORG_KEY }),
  });
}

function useChange<A, R>(fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ORG_KEY }),
  });
}

export function useSaveOffice() {
  const api = useApiClient();
  return useChange((p: { id: number | null; body: OfficeSave | OfficeUpdate }) =>
    p.id === null
      ? api.post('icd-offices', p.body, { schema: fromWire(Office) })
      : api.put(`icd-offices/${p.id}`, p.body, { schema: fromWire(Office) }),
  );
}

export function useDeleteOffice() {
  const api = useApiClient();
  return useDelete(
    [[...ORG_KEY, 'offices']],
    (o: Office) => o.IcdOfficeID,
    (p) => api.delete(`icd-offices/${p.id}`, { query: { version: p.version } }),
  );
}

export function useRosterSync() {
  const api = useApiClient();
  return useChange((p: { id: number; lastDate: string }) =>
    api.post(`icd-offices/${p.id}/roster-sync-job`, { lastDate: p.lastDate }, { schema: fromWire(Job) }),
  );
}

export function useMoveMeridian() {
  const api = useApiClient();
  return useChange((p: { id: number; meridian: string }) =>
    api.post(
      `icd-offices/${p.id}/meridian-office-id/movement`,
      { MeridianOfficeID: p.meridian },
      { schema: fromWire(MeridianMovement) },
    ),
  );
}

export function useSaveCorporation() {
  const api = useApiClient();
  return useChange((p: { id: number | null; body: CorporationSave | CorporationUpdate }) =>
    p.id === null
      ? api.post('corporations', p.body, { schema: fromWire(Corporation) })
      : api.put(`corporations/${p.id}`, p.body, { schema: fromWire(Corporation) }),
  );
}

export function useDeleteCorporation() {
  const api = useApiClient();
  return useDelete(
    [[...ORG_KEY, 'corporations'], CORPORATION_PICKER_KEY],
    (c: { IcdCorporationID: number }) => c.IcdCorporationID,
    (p) => api.delete(`corporations/${p.id}`, { query: { version: p.version } }),
  );
}

export function useUploadLogo() {
  const api = useApiClient();
  return useChange((p: { id: number; file: File }) =>
    api.put(`corporations/${p.id}/logo`, p.file, {
      query: { fileName: p.file.name },
      headers: { 'Content-Type': p.file.type || 'application/octet-stream' },
      schema: fromWire(Corporation),
    }),
  );
}

export function useSaveTaxInfo() {
  const api = useApiClient();
  return useChange((p: { id: number; body: TaxInfoSave }) =>
    api.post(`corporation/${p.id}/saveDeduct`, p.body, { schema: fromWire(TaxInfo) }),
  );
}

export function useSaveDivision() {
  const api = useApiClient();
  return useChange((p: { id: number | null; body: DivisionSave | DivisionUpdate }) =>
    p.id === null
      ? api.post('divisions', p.body, { schema: fromWire(DivisionItem) })
      : api.put(`divisions/${p.id}`, p.body, { schema: fromWire(DivisionItem) }),
  );
}

export function useDeleteDivision() {
  const api = useApiClient();
  return useDelete(
    [[...ORG_KEY, 'divisions']],
    (d: DivisionItem) => d.DivisionID,
    (p) => api.delete(`divisions/${p.id}`, { query: { version: p.version } }),
  );
}

export function useSavePolicyHistory() {
  const api = useApiClient();
  return useChange((p: { id: number; body: PayrollPolicyHistorySave }) =>
    api.put(`division-profiles/${p.id}/payroll-policy-history`, p.body, {
      schema: fromWire(DivisionProfile),
    }),
  );
}

/** The adjustment; with `preview` nothing is saved (the dialog shows what would change). */
export function useAdjustRotations() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number; body: RotationAdjustment; preview: boolean }) =>
      api.patch(`division-profiles/${p.id}/rotations`, p.body, {
        query: p.preview ? { preview: 'true' } : undefined,
        schema: fromWire(RotationAdjustmentResult),
      }),
    onSettled: (_data, _err, vars) => {
      if (!vars.preview) void queryClient.invalidateQueries({ queryKey: ORG_KEY });
    },
  });
}

// ---- errors -----------------------------------------------------------------------------------------

export interface SaveProblem {
  /** 409 with the current record: someone else changed it (a 409 without one is a refusal, e.g. in use). */
  conflict: boolean;
  /** The refusal was of a delete: titled "Delete failed", not "Save failed". */
  deleting?: boolean;
  message: string;
  /** The server's messages by field (first of each). */
  fields: Record<string, string>;
  data: Record<string, unknown>;
}

export function saveProblem(err: unknown, fallback: string): SaveProblem {
  if (isResponseError(err)) {
    const data = (err.data ?? {}) as { Message?: string; Errors?: Record<string, string[]> };
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(data.Errors ?? {})) if (v[0]) fields[k] = v[0];
    return {
      conflict: err.status === 409 && 'Current' in data,
      message: data.Message ?? err.message ?? fallback,
      fields,
      data: data as Record<string, unknown>,
    };
  }
  return { conflict: false, message: err instanceof Error ? err.message : fallback, fields: {}, data: {} };
}

/** The first message of each field of a zod error (nested paths joined with dots). */
export function zodFields(
  issues: readonly { path: PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[i.path.map(String).join('.')] ??= i.message;
  return out;
}

/** Where a record form shows what happened to a save. */
export interface FormFeedback {
  setErrors(errors: Record<string, string>): void;
  setProblem(problem: SaveProblem): void;
  /** The message when the server gives none. */
  failed: string;
}

/**
 * A record form's save: `body` is checked by `schema` first (its field messages, nothing sent), then
 * sent; a refusal shows the server's field messages and its problem. `{ saved }` with the server's
 * answer, or null when nothing was saved.
 */
export async function saveForm<S extends z.ZodType, R>(
  schema: S,
  body: unknown,
  send: (data: z.output<S>) => Promise<R>,
  feedback: FormFeedback,
): Promise<{ saved: R } | null> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    feedback.setErrors(zodFields(parsed.error.issues));
    return null;
  }
  feedback.setErrors({});
  try {
    return { saved: await send(parsed.data) };
  } catch (err) {
    const problem = saveProblem(err, feedback.failed);
    feedback.setErrors(problem.fields);
    feedback.setProblem(problem);
    return null;
  }
}
