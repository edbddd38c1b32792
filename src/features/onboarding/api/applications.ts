// The office's onboarding queries and changes (online only): the applications list (paged, filtered,
// sorted), one application, the statuses it may move to, the divisions taking applications, and the
// PATCH that reviews, switches paper/online and changes the status. A stale Version answers 409.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../../api/api-context';
import { pagedResult } from '../../../contract/common';
import {
  OnboardingApplication,
  OnboardingApplicationListItem,
  type OnboardingApplicationPatch,
  type OnboardingApplicationQuery,
  OnboardingApplicationStatus,
  OnboardingDivision,
} from '../../../contract/onboarding';

export const ONBOARDING_KEY = ['onboarding', 'applications'] as const;
const ApplicationPage = pagedResult(OnboardingApplicationListItem);

export function useApplicationsPage(query: OnboardingApplicationQuery, page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ONBOARDING_KEY, 'page', page, query],
    queryFn: ({ signal }) =>
      api.get(`onboarding-applications/page/${page}`, {
        signal,
        query: Object.fromEntries(
          Object.entries(query).filter(([, v]) => v !== undefined && v !== '' && v !== null),
        ) as Record<string, string | number>,
        schema: ApplicationPage,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useApplication(id: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ONBOARDING_KEY, 'detail', id],
    queryFn: ({ signal }) =>
      api.get(`onboarding-applications/${id}`, { signal, schema: OnboardingApplication }),
  });
}

export function useAvailableStatuses(id: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...ONBOARDING_KEY, 'statuses', id],
    queryFn: ({ signal }) =>
      api.get(`onboarding-applications/${id}/available-statuses`, {
        signal,
        schema: z.array(OnboardingApplicationStatus),
      }),
  });
}

export function useOnboardingDivisions() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['onboarding', 'divisions'],
    queryFn: ({ signal }) => api.get('onboarding-divisions', { signal, schema: z.array(OnboardingDivision) }),
    staleTime: 5 * 60_000,
  });
}

export function usePatchApplication(id: number) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingApplicationPatch) =>
      api.patch(`onboarding-applications/${id}`, body, { schema: OnboardingApplication }),
    onSuccess: (saved) => {
      client.setQueryData([...ONBOARDING_KEY, 'detail', id], saved);
      void client.invalidateQueries({ queryKey: [...ONBOARDING_KEY, 'page'] });
      void client.invalidateQueries({ queryKey: [...ONBOARDING_KEY, 'statuses', id] });
    },
  });
}
