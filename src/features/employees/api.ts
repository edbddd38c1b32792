// Employee queries and saves (online only). A stale Version answers 409 with the current record; the
// screens show the message and reload.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../api/api-context';
import {
  EmployeeDetail,
  EmployeePage,
  EmployeeProfile,
  type EmployeeQuery,
  type EmployeeSave,
  EmployeeSecurity,
  type EmployeeUpdate,
  NewEmployee,
  PROFILE_IMAGE_FIELD,
  ProfileImageInfo,
  type ProfileSave,
  type SecuritySave,
} from '../../contract/employees';
import {
  AssignableRole,
  BasisOfPay,
  CompensationProfile,
  EmployeeStatusItem,
  EnumItem,
  JobTitle,
  ModuleItem,
  TerminationReason,
} from '../../contract/lookups';

export const EMPLOYEES_KEY = ['employees'] as const;

export function useEmployeeList(query: EmployeeQuery) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...EMPLOYEES_KEY, 'list', query],
    queryFn: ({ signal }) =>
      api.get('employees', {
        signal,
        query: Object.fromEntries(
          Object.entries(query).filter(([, v]) => v !== undefined && v !== ''),
        ) as Record<string, string | number>,
        schema: EmployeePage,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useEmployee(id: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...EMPLOYEES_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get(`employees/${id}`, { signal, schema: EmployeeDetail }),
    enabled: id > 0,
  });
}

export function useNewEmployee() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...EMPLOYEES_KEY, 'new'],
    queryFn: ({ signal }) => api.get('employees/new', { signal, schema: NewEmployee }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSecurity(id: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...EMPLOYEES_KEY, 'security', id],
    queryFn: ({ signal }) => api.get(`employees/${id}/security`, { signal, schema: EmployeeSecurity }),
  });
}

export function useProfile(id: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...EMPLOYEES_KEY, 'profile', id],
    queryFn: ({ signal }) => api.get(`employees/${id}/profile`, { signal, schema: EmployeeProfile }),
  });
}

/** The profile image as an object URL (null when there is none). */
export function useProfileImage(id: number, hasImage: boolean, version: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...EMPLOYEES_KEY, 'image', id, version],
    queryFn: async ({ signal }) => {
      const blob = await api.get<Blob>(`employees/${id}/profile/image`, { signal, responseType: 'blob' });
      return URL.createObjectURL(blob);
    },
    enabled: hasImage,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: EMPLOYEES_KEY });
}

export function useCreateEmployee() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: EmployeeSave) => api.post('employees', body, { schema: EmployeeDetail }),
    onSuccess: invalidate,
  });
}

export function useUpdateEmployee(id: number) {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: EmployeeUpdate) => api.put(`employees/${id}`, body, { schema: EmployeeDetail }),
    onSettled: invalidate,
  });
}

export function useSaveSecurity(id: number) {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: SecuritySave) =>
      api.put(`employees/${id}/security`, body, { schema: EmployeeSecurity }),
    onSettled: invalidate,
  });
}

export function useSaveProfile(id: number) {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ProfileSave) => api.put(`employees/${id}/profile`, body, { schema: EmployeeProfile }),
    onSettled: invalidate,
  });
}

export function useUploadImage(id: number) {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(PROFILE_IMAGE_FIELD, file);
      return api.put(`employees/${id}/profile/image`, form, { schema: ProfileImageInfo });
    },
    onSettled: invalidate,
  });
}

// ---- lookups of the forms -----------------------------------------------------------------------------

const LOOKUP_STALE = 10 * 60_000;

function lookup<T>(key: string, path: string, schema: z.ZodType<T>) {
  return { key, path, schema };
}

const LOOKUPS = {
  statuses: lookup('statuses', 'employee-statuses', z.array(EmployeeStatusItem)),
  terminationReasons: lookup('terminationReasons', 'termination-reasons', z.array(TerminationReason)),
  jobTitles: lookup('jobTitles', 'job-titles', z.array(JobTitle)),
  basisOfPay: lookup('basisOfPay', 'basis-of-pay', z.array(BasisOfPay)),
  compensationProfiles: lookup('compensationProfiles', 'compensation-profiles', z.array(CompensationProfile)),
  genders: lookup('genders', 'enums/genders', z.array(EnumItem)),
  maritalStatuses: lookup('maritalStatuses', 'enums/marital-statuses', z.array(EnumItem)),
  withholdingTypes: lookup('withholdingTypes', 'enums/withholding-types', z.array(EnumItem)),
} as const;

export function useLookup<K extends keyof typeof LOOKUPS>(name: K) {
  const api = useApiClient();
  const l = LOOKUPS[name];
  return useQuery(
    queryOptions({
      queryKey: ['lookups', l.key],
      queryFn: ({ signal }) =>
        api.get(l.path, { signal, schema: l.schema as z.ZodType<unknown> }) as Promise<
          z.infer<(typeof LOOKUPS)[K]['schema']>
        >,
      staleTime: LOOKUP_STALE,
    }),
  );
}

/** Roles that may be given at an office (0: the global roles). */
export function useAssignableRoles(officeId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['lookups', 'roles', officeId],
    queryFn: ({ signal }) =>
      api.get(`roles/assignable/${officeId}`, { signal, schema: z.array(AssignableRole) }),
    staleTime: LOOKUP_STALE,
  });
}

/** Every role that may be given: the global ones and those of each office (for the list's filter). */
export function useAllAssignableRoles(officeIds: readonly number[]) {
  const api = useApiClient();
  return useQueries({
    queries: [0, ...officeIds].map((officeId) => ({
      queryKey: ['lookups', 'roles', officeId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get(`roles/assignable/${officeId}`, { signal, schema: z.array(AssignableRole) }),
      staleTime: LOOKUP_STALE,
    })),
    combine: (results) => {
      const byId = new Map<number, AssignableRole>();
      for (const r of results) for (const role of r.data ?? []) byId.set(role.RoleID, role);
      return [...byId.values()].sort((a, b) => a.Name.localeCompare(b.Name));
    },
  });
}

/** Modules an employee at this office may administer. */
export function useOfficeModules(officeId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['lookups', 'modules', officeId],
    queryFn: ({ signal }) => api.get(`modules/${officeId}`, { signal, schema: z.array(ModuleItem) }),
    staleTime: LOOKUP_STALE,
    enabled: officeId > 0,
  });
}

const OfficeOption = z.object({
  IcdOfficeID: z.number().int(),
  OfficeName: z.string(),
  IcdCorporationName: z.string().optional(),
  DivisionIDs: z.array(z.number().int()).default([]),
});
export type OfficeOption = z.infer<typeof OfficeOption>;

/** Offices the caller may read, with their divisions. */
export function useOffices() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['lookups', 'offices'],
    queryFn: ({ signal }) => api.get('icd-offices', { signal, schema: z.array(OfficeOption) }),
    staleTime: LOOKUP_STALE,
  });
}

const DivisionOption = z.object({ DivisionID: z.number().int(), Name: z.string() });

export function useDivisions() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['lookups', 'divisions'],
    queryFn: ({ signal }) => api.get('divisions', { signal, schema: z.array(DivisionOption) }),
    staleTime: LOOKUP_STALE,
  });
}
