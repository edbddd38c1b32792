// Small pieces shared by the access screens: module names, the lookups of
// divisions, corporations and offices, and a role's description (a '|' key shown translated).
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useApiClient } from '../../api/api-context';
import { descriptionKey } from '../../contract/roles';

/** A role's description for people: a '|key' is translated ('-' when the key has no text). */
export function roleDescription(t: TFunction, description: string | null): string {
  const key = descriptionKey(description);
  if (key === null) return description ?? '';
  return t(key, { defaultValue: '-' });
}

export function moduleName(t: TFunction, moduleId: number | null): string {
  return moduleId === null
    ? t('access.modules.general')
    : t(`access.modules.m${moduleId}`, { defaultValue: `#${moduleId}` });
}

const Division = z.object({ DivisionID: z.number(), Name: z.string() });
const Corporation = z.object({ IcdCorporationID: z.number(), ClientName: z.string() });
const Office = z.object({ IcdOfficeID: z.number(), OfficeName: z.string() });

export function useDivisions() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['access', 'lookup', 'divisions'],
    queryFn: ({ signal }) => api.get('divisions', { signal, schema: z.array(Division) }),
    staleTime: 5 * 60_000,
  });
}

export function useCorporations() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['access', 'lookup', 'corporations'],
    queryFn: ({ signal }) => api.get('corporations', { signal, schema: z.array(Corporation) }),
    staleTime: 5 * 60_000,
  });
}

export function useOffices() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['access', 'lookup', 'offices'],
    queryFn: ({ signal }) => api.get('icd-offices', { signal, schema: z.array(Office) }),
    staleTime: 5 * 60_000,
  });
}

/** 'true' → Granted, anything else → Denied. */
export function GrantBadge({ value }: { value: string }) {
  const { t } = useTranslation();
  return value === 'true' ? (
    <Badge color="green" variant="light">
      {t('access.granted')}
    </Badge>
  ) : (
    <Badge color="red" variant="light">
      {t('access.denied')}
    </Badge>
  );
}
