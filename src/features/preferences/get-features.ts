// GET app/features: the feature flags with the option the server sets for the user.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../api/api-client';
import { useApiClient } from '../../api/api-context';
import { FeaturePreference } from '../../contract/auth';

export const FEATURES_PATH = 'app/features';
const FeatureList = z.array(FeaturePreference);

export function getFeatures(api: ApiClient, signal?: AbortSignal): Promise<FeaturePreference[]> {
  return api.get(FEATURES_PATH, { signal, schema: FeatureList });
}

export function featuresQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['app', 'features'],
    queryFn: ({ signal }) => getFeatures(api, signal),
  });
}

export function useFeatures() {
  return useQuery(featuresQueryOptions(useApiClient()));
}
