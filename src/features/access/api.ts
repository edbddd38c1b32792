// Queries and mutations of the access screens (roles, claim permissions, an employee's access).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../api/api-client';
import { useApiClient } from '../../api/api-context';
import {
  ClaimImportResult,
  EmployeeClaim,
  EmployeePermission,
  SimulationResult,
} from '../../contract/access';
import { ClaimPermission, PermissionDescription } from '../../contract/permissions';
import { Role, RoleDetail, type RoleSaveInput } from '../../contract/roles';

export const ACCESS_KEY = ['access'] as const;
const enc = encodeURIComponent;

export function employeePermissionsOptions(api: ApiClient, employeeId: number) {
  return queryOptions({
    queryKey: [...ACCESS_KEY, 'employee', employeeId, 'permissions'],
    queryFn: ({ signal }) =>
      api.get(`employees/${employeeId}/permissions`, { signal, schema: z.array(EmployeePermission) }),
  });
}

export function useEmployeePermissions(employeeId: number) {
  const api = useApiClient();
  return useQuery(employeePermissionsOptions(api, employeeId));
}

export function useEmployeeClaims(employeeId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ACCESS_KEY, 'employee', employeeId, 'claims'],
    queryFn: ({ signal }) =>
      api.get(`employees/${employeeId}/claims`, { signal, schema: z.array(EmployeeClaim) }),
  });
}

export function useSimulation(employeeId: number, officeId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ACCESS_KEY, 'employee', employeeId, 'simulation', officeId],
    queryFn: ({ signal }) =>
      api.post(
        'services/permissions',
        { EmployeeID: employeeId, IcdOfficeID: officeId },
        { signal, schema: SimulationResult },
      ),
  });
}

export function usePermissionCatalogue() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ACCESS_KEY, 'catalogue'],
    queryFn: ({ signal }) => api.get('permissions', { signal, schema: z.array(PermissionDescription) }),
    staleTime: 5 * 60_000,
  });
}

/** Invalidate everything access-related once a grant changed (roles, claims, simulations). */
function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ACCESS_KEY });
}

export function useSetEmployeePermission(employeeId: number) {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (p: { key: string; value: 'true' | 'false' }) =>
      api.put(
        `employees/${employeeId}/permissions/${enc(p.key)}`,
        { Value: p.value },
        { schema: EmployeePermission },
      ),
    onSuccess: invalidate,
  });
}

export function useRemoveEmployeePermission(employeeId: number) {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (key: string) => api.delete(`employees/${employeeId}/permissions/${enc(key)}`),
    onSuccess: invalidate,
  });
}

export function useRoles() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ACCESS_KEY, 'roles'],
    queryFn: ({ signal }) => api.get('v2/roles', { signal, schema: z.array(Role) }),
  });
}

export function useRole(roleId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ACCESS_KEY, 'roles', roleId],
    queryFn: ({ signal }) => api.get(`v2/roles/${roleId}`, { signal, schema: RoleDetail }),
    enabled: roleId !== null && roleId > 0,
  });
}

export function useSaveRole() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (p: { roleId: number | null; body: RoleSaveInput & { Version?: number } }) =>
      p.roleId
        ? api.put(`v2/roles/${p.roleId}`, p.body, { schema: RoleDetail })
        : api.post('v2/roles', p.body, { schema: RoleDetail }),
    onSuccess: invalidate,
  });
}

export function useDeleteRole() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (p: { roleId: number; version: number }) =>
      api.delete(`v2/roles/${p.roleId}`, { query: { version: p.version } }),
    onSuccess: invalidate,
  });
}

export function useClaimPermissions(claimType: string, claimValue: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ACCESS_KEY, 'claims', claimType, claimValue],
    queryFn: ({ signal }) =>
      api.get(`claims/${enc(claimType)}/${enc(claimValue)}/permissions`, {
        signal,
        schema: z.array(ClaimPermission),
      }),
    enabled: claimType !== '' && claimValue !== '',
  });
}

export function useSetClaimPermission() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (p: { type: string; value: string | null; key: string; grant: 'true' | 'false' }) =>
      api.put(
        p.value === null
          ? `claims/${enc(p.type)}/permissions/${enc(p.key)}`
          : `claims/${enc(p.type)}/${enc(p.value)}/permissions/${enc(p.key)}`,
        { Value: p.grant },
        { schema: ClaimPermission },
      ),
    onSuccess: invalidate,
  });
}

export function useRemoveClaimPermission() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (p: { type: string; value: string; key: string }) =>
      api.delete(`claims/${enc(p.type)}/${enc(p.value)}/permissions/${enc(p.key)}`),
    onSuccess: invalidate,
  });
}

export function useImportClaims() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (p: { rows: unknown[]; dryRun: boolean }) =>
      api.put('claims/all/permissions', p.rows, {
        query: { dryRun: String(p.dryRun) },
        schema: ClaimImportResult,
      }),
    onSuccess: (result) => {
      if (result.Applied) void invalidate();
    },
  });
}
