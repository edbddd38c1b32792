// The policy editor's calls (online only): the divisions taking applications, a division's policy,
// and the PATCH that saves it (multipart when files are attached: field Policy = the JSON, files
// RequirementsFile:<group index> and BlankForm:<document index>). A stale Version answers 409 with Current.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../api/api-context';
import { OnboardingPolicy, type OnboardingPolicyPatch } from '../../../contract/onboarding';

export const POLICY_KEY = ['onboarding', 'policy'] as const;

export function useDivisionPolicy(divisionId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...POLICY_KEY, 'division', divisionId],
    queryFn: ({ signal }) =>
      api.get(`divisions/${divisionId}/onboarding-policy`, { signal, schema: OnboardingPolicy }),
    enabled: divisionId !== null,
  });
}

export interface PolicySave {
  policyId: number;
  body: OnboardingPolicyPatch;
  /** Files by part name: RequirementsFile:<group index>, BlankForm:<document index>. */
  files: Map<string, File>;
}

export function useSavePolicy() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ policyId, body, files }: PolicySave) => {
      if (files.size === 0)
        return api.patch(`onboarding-policies/${policyId}`, body, { schema: OnboardingPolicy });
      const form = new FormData();
      form.append('Policy', JSON.stringify(body));
      for (const [name, file] of files) form.append(name, file, file.name);
      return api.patch(`onboarding-policies/${policyId}`, form, { schema: OnboardingPolicy });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: POLICY_KEY });
      void client.invalidateQueries({ queryKey: ['onboarding', 'divisions'] });
    },
  });
}
