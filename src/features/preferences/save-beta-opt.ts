// PUT employees/betaopt { betaOpt }: opts the signed-in employee in or out of the beta.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/api-client';
import { useApiClient } from '../../api/api-context';
import { BETA_OPT_PATH, betaOptQueryOptions } from './get-beta-opt';

export async function saveBetaOpt(api: ApiClient, betaOpt: boolean): Promise<boolean> {
  await api.put(BETA_OPT_PATH, { betaOpt });
  return betaOpt;
}

/** Saves the beta choice; on success the cached GET answer becomes the saved value. */
export function useSaveBetaOpt() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (betaOpt: boolean) => saveBetaOpt(api, betaOpt),
    onSuccess: (betaOpt) => {
      queryClient.setQueryData(betaOptQueryOptions(api).queryKey, betaOpt);
    },
  });
}
