// Offline command of the applicant's phone flow (registered at start from src/app/commands.ts):
// - onboardingField.save: PUT onboarding-applications/{id}/fields/{fieldId} { Value }. Keyed by
//   application and field: a later save of the same field follows the earlier one in the outbox; a
//   value is set, never added, and the Idempotency-Key makes a replayed send return the first answer,
//   so a re-send never applies twice. The draft keeps the value on the device until it is sent.
import { z } from 'zod';
import { registerCommand } from '../../../offline/commands';
import { makeEntityKey } from '../../../offline/temp-ids';

/** Draft entity of a field value (localId `${applicationId}.${fieldId}`). */
export const FIELD_ENTITY = 'onboardingField';

export const SaveFieldArgs = z.object({
  OnboardingApplicationID: z.number().int().positive(),
  OnboardingReferenceFieldID: z.number().int().positive(),
  Value: z.string().max(500).nullable(),
});
export type SaveFieldArgs = z.infer<typeof SaveFieldArgs>;

export const fieldKey = (applicationId: number, fieldId: number) => `${applicationId}.${fieldId}`;

export const saveFieldCommand = registerCommand({
  name: 'onboardingField.save',
  args: SaveFieldArgs,
  toRequest: (a) => ({
    method: 'PUT',
    path: `onboarding-applications/${a.OnboardingApplicationID}/fields/${a.OnboardingReferenceFieldID}`,
    body: { Value: a.Value },
    entityKey: makeEntityKey(FIELD_ENTITY, fieldKey(a.OnboardingApplicationID, a.OnboardingReferenceFieldID)),
  }),
  draft: (a) => ({
    entity: FIELD_ENTITY,
    localId: fieldKey(a.OnboardingApplicationID, a.OnboardingReferenceFieldID),
    data: { ...a },
  }),
  onAck: (_a, body) => ({ data: body }),
});
