// Payroll imports: reading a workbook into a preview, its rows page by page, applying it, and the
// import definitions (see src/contract/imports.ts).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../api/api-context';
import {
  IMPORT_DEFINITION_FIELD,
  IMPORT_FILE_FIELD,
  ImportApplyResult,
  ImportDefinition,
  type ImportDefinitionSave,
  type ImportKind,
  ImportPreview,
  type ImportRowStatus,
  ImportRowsPage,
} from '../../contract/imports';

const KEY = ['imports'] as const;

/** The read call of each kind. */
export const READ_PATHS: Record<ImportKind, string> = {
  AdpEmployeeNumbers: 'payrolls/read-adp-emp-numbers-from-excel',
  Terminations: 'payrolls/read-termination-emp-numbers-from-excel',
  DirectDeposit: 'payrolls/read-direct-deposit-from-excel',
  RequestNumbers: 'payrolls/read-req-numbers-from-excel',
};

export function useDefinitions(kind?: ImportKind) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...KEY, 'definitions', kind ?? 'all'],
    queryFn: ({ signal }) =>
      api.get('payrolls/adp-config/definitions', {
        signal,
        query: kind ? { kind } : undefined,
        schema: z.array(ImportDefinition),
      }),
  });
}

export function useDefaultDefinition(kind: ImportKind) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...KEY, 'definitions', 'default', kind],
    queryFn: ({ signal }) =>
      api.get(`payrolls/adp-config/definitions/default/${kind}`, { signal, schema: ImportDefinition }),
  });
}

export function useReadImport() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (p: { kind: ImportKind; file: File; definitionId: number | null }) => {
      const form = new FormData();
      if (p.definitionId) form.append(IMPORT_DEFINITION_FIELD, String(p.definitionId));
      form.append(IMPORT_FILE_FIELD, p.file);
      return api.post(READ_PATHS[p.kind], form, { schema: ImportPreview });
    },
  });
}

export function useImportRows(
  importId: number | null,
  status: ImportRowStatus | null,
  pageIndex: number,
  pageSize: number,
) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...KEY, 'rows', importId, status, pageIndex, pageSize],
    queryFn: ({ signal }) =>
      api.get(`payrolls/imports/${importId}/rows`, {
        signal,
        query: { pageIndex, pageSize, ...(status ? { status } : {}) },
        schema: ImportRowsPage,
      }),
    enabled: importId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useApplyImport() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (p: { path: string; importId: number }) =>
      api.post(p.path, { ImportID: p.importId }, { schema: ImportApplyResult }),
  });
}

function useInvalidateDefinitions() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...KEY, 'definitions'] });
}

export function useSaveDefinition() {
  const api = useApiClient();
  const invalidate = useInvalidateDefinitions();
  return useMutation({
    mutationFn: (p: { id: number | null; body: ImportDefinitionSave & { Version?: number } }) =>
      p.id === null
        ? api.post('payrolls/adp-config/definitions', p.body, { schema: ImportDefinition })
        : api.put(`payrolls/adp-config/definitions/${p.id}`, p.body, { schema: ImportDefinition }),
    onSettled: invalidate,
  });
}

export function useDeleteDefinition() {
  const api = useApiClient();
  const invalidate = useInvalidateDefinitions();
  return useMutation({
    mutationFn: (d: { id: number; version: number }) =>
      api.delete(`payrolls/adp-config/definitions/${d.id}`, { query: { version: d.version } }),
    onSettled: invalidate,
  });
}
