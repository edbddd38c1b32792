// The applicant's own application: its id (GET onboarding-applications/mine/id), the application
// (GET onboarding-applications/{id}), the PATCH that saves the bank and submits (Version; 409 with the
// current record when stale), document uploads, the divisions open to self sign-up and the sign-up.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../api/api-context';
import { errorStatus } from '../../../api/errors';
import { useSessionData } from '../../../app/app-context';
import { PasswordPolicy } from '../../../contract/auth';
import {
  OnboardingApplication,
  type OnboardingApplicationCreate,
  type OnboardingApplicationPatch,
} from '../../../contract/onboarding';
import { MyApplicationRef } from '../../../contract/onboarding-applicant';
import { cachedRead } from '../../../offline/cached-read';

export const OWN_KEY = ['onboarding', 'own-application'] as const;

// Both reads are kept on the device (cachedRead): opened again without a connection, the application
// shows as last read, with the values typed since (drafts) over it.
export function useMyApplicationRef() {
  const api = useApiClient();
  const userId = String(useSessionData()?.identity.EmployeeID ?? '');
  return useQuery({
    queryKey: [...OWN_KEY, 'ref', userId],
    queryFn: async ({ signal }) =>
      (
        await cachedRead(userId, 'onboarding:mine:id', () =>
          api.get('onboarding-applications/mine/id', { signal, schema: MyApplicationRef }),
        )
      ).data,
    retry: (count, error) => ![403, 404].includes(errorStatus(error) ?? 0) && count < 2,
  });
}

export function useOwnApplication(id: number | undefined) {
  const api = useApiClient();
  const userId = String(useSessionData()?.identity.EmployeeID ?? '');
  return useQuery({
    queryKey: [...OWN_KEY, 'detail', id],
    enabled: !!id,
    queryFn: async ({ signal }) =>
      (
        await cachedRead(
          userId,
          `onboarding:application:${id}`,
          () => api.get(`onboarding-applications/${id}`, { signal, schema: OnboardingApplication }),
          (raw) => OnboardingApplication.parse(raw),
        )
      ).data,
  });
}

export function usePatchOwnApplication(id: number) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingApplicationPatch) =>
      api.patch(`onboarding-applications/${id}`, body, { schema: OnboardingApplication }),
    onSuccess: (data) => {
      client.setQueryData([...OWN_KEY, 'detail', id], data);
      void client.invalidateQueries({ queryKey: ['onboarding', 'my-application'] });
      void client.invalidateQueries({ queryKey: [...OWN_KEY, 'ref'] });
    },
  });
}

export function useUploadDocument(id: number) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, file }: { documentId?: number; file: File }) => {
      const form = new FormData();
      form.append(documentId ? `Document:${documentId}` : 'Document', file, file.name);
      return api.post(`onboarding-applications/${id}/documents`, form, { schema: OnboardingApplication });
    },
    onSuccess: (data) => client.setQueryData([...OWN_KEY, 'detail', id], data),
  });
}

// The sign-in page's read, in a file of its own (no schema library on the sign-in page).
export { useSelfSignUpDivisions } from './self-sign-up';

export function usePasswordPolicy() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['home', 'password-validator'],
    queryFn: () => api.get('home/password-validator', { anonymous: true, schema: PasswordPolicy }),
  });
}

export function useSelfSignUp() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: OnboardingApplicationCreate) =>
      api.post('onboarding-applications', body, { anonymous: true, schema: OnboardingApplication }),
  });
}

/** Signs the new applicant in (the sign-in form's call: POST /account/login). */
export async function signInAs(userName: string, password: string, returnUrl: string): Promise<boolean> {
  try {
    const res = await fetch('/account/login', {
      method: 'POST',
      body: new URLSearchParams({ UserName: userName, Password: password, returnUrl }),
      headers: { Accept: 'application/json' },
      credentials: 'include',
    });
    return res.ok;
  } catch {
    return false;
  }
}
