// The onboarding policy editor: the loaded policy is shown by list, edits and removals are saved in
// one PATCH with the policy's Version, and the server's messages come back by field with a count.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PoliciesPage from '../../../src/features/onboarding/policies/policies-page';
import { type Handler, json } from '../api/helpers';
import { renderApp } from '../ui/render-app';

const DIVISION = {
  DivisionID: 3,
  Name: 'Rogers',
  OnboardingPolicyID: 9,
  EnableSelfSignUp: false,
  Offices: [],
};
const POLICY = {
  OnboardingPolicyID: 9,
  Name: 'Rogers hiring',
  EnableSelfSignUp: false,
  EmployeeRoleID: null,
  Divisions: [3],
  ContactEmails: ['hr@example.com'],
  ApplicationStatuses: [{ OnboardingApplicationStatusID: 1, Name: 'New', StatusType: 'Initial' }],
  ReferenceFields: [
    {
      OnboardingReferenceFieldID: 4,
      Name: 'SIN',
      RequiredAtStatus: null,
      IsSensitive: true,
      InputMask: null,
      ValueType: 'Text',
      ShowInGrid: false,
    },
  ],
  OnboardingDocumentGroups: [],
  OnboardingDocuments: [],
  Version: 12,
};
const PATCH = '/api/onboarding-policies/9';

async function openEditor(save: Handler) {
  const app = await renderApp(<PoliciesPage />, {
    grants: ['onboarding:policies'],
    routes: {
      'GET /api/onboarding-divisions': () => json([DIVISION]),
      'GET /api/divisions/3/onboarding-policy': () => json(POLICY),
      [`PATCH ${PATCH}`]: save,
    },
  });
  await screen.findByText('Rogers hiring');
  return app;
}

describe('onboarding policy editor', () => {
  it('saves a renamed status and a removed field in one PATCH with the Version, then says so', async () => {
    const { server } = await openEditor(() => json(POLICY));
    const status = screen.getByDisplayValue('New');
    fireEvent.change(status, { target: { value: 'Received' } });
    const fieldRow = screen.getByDisplayValue('SIN').closest('tr') as HTMLElement;
    fireEvent.click(within(fieldRow).getByRole('button', { name: 'Remove' }));
    fireEvent.click(screen.getByTestId('policy-save'));
    await waitFor(() => expect(server.callsTo('PATCH', PATCH)).toHaveLength(1));
    const body = JSON.parse(String(server.callsTo('PATCH', PATCH)[0].body));
    expect(body.Version).toBe(12);
    expect(body.ApplicationStatuses).toEqual([
      { OnboardingApplicationStatusID: 1, Name: 'Received', StatusType: 'Initial' },
    ]);
    expect(body.ReferenceFields).toEqual([]);
    expect(await screen.findByText('The policy was saved.')).toBeTruthy();
  });

  it("shows the server's message at the field, and how many entries to correct", async () => {
    await openEditor(() =>
      json({ Message: 'Invalid', Errors: { 'ApplicationStatuses.0.Name': ['Enter the name'] } }, 400),
    );
    fireEvent.change(screen.getByDisplayValue('New'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('policy-save'));
    const alert = await screen.findByTestId('policy-error');
    expect(within(alert).getByText('Correct the entry marked above.')).toBeTruthy();
    expect(screen.getByText('Enter the name')).toBeTruthy();
  });
});
