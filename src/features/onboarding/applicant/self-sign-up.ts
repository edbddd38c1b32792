// The divisions open to self sign-up, for the sign-in page's "Apply" link. Not parsed in the browser:
// the server sends them through the contract's schema (server/modules/onboarding/routes.ts), and the
// sign-in page is part of the first load, which the schema library is not.
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../api/api-context';
import type { OnboardingDivision } from '../../../contract/onboarding';

/** Read anonymously; src/boot.ts asks it ahead on the sign-in page (SIGN_IN_PATHS). */
export const SELF_SIGN_UP_DIVISIONS_PATH = 'onboarding-divisions';

export function useSelfSignUpDivisions() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['onboarding', 'self-sign-up-divisions'],
    queryFn: ({ signal }) =>
      api.get<OnboardingDivision[]>(SELF_SIGN_UP_DIVISIONS_PATH, { signal, anonymous: true }),
    select: (all) => all.filter((d) => d.EnableSelfSignUp && d.Offices.length > 0),
  });
}
