import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { errorStatus } from '../../../api/errors';
import { MyApplication } from '../../../contract/onboarding';

/** The signed-in applicant's own application (GET onboarding-applications/mine). */
export function myApplicationQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['onboarding', 'my-application'],
    queryFn: ({ signal }) => api.get('onboarding-applications/mine', { signal, schema: MyApplication }),
    // 403: the user is not an applicant; asking again changes nothing.
    retry: (count, error) => errorStatus(error) !== 403 && count < 2,
  });
}

export function useMyApplication() {
  const api = useApiClient();
  return useQuery(myApplicationQueryOptions(api));
}
