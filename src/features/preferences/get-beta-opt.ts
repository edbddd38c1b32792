// GET employees/betaopt: whether the signed-in employee takes part in the beta (spec 000 §6).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/api-client';
import { useApiClient } from '../../api/api-context';
import { BetaOpt } from '../../contract/auth';

export const BETA_OPT_PATH = 'employees/betaopt';

export async function getBetaOpt(api: ApiClient, signal?: AbortSignal): Promise<boolean> {
  const { betaOpt } = await api.get(BETA_OPT_PATH, { signal, schema: BetaOpt });
  return betaOpt;
}

export function betaOptQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['employees', 'betaopt'],
    queryFn: ({ signal }) => getBetaOpt(api, signal),
  });
}

export function useBetaOpt() {
  return useQuery(betaOptQueryOptions(useApiClient()));
}
