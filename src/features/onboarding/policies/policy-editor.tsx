// Onboarding policy editor: one division's policy — self sign-up and contact e-mails, the four list
// sections, and the sticky footer with the save's outcome, Discard and Save.
import { Alert, Button, Card, Group, Stack, Switch, TagsInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type OnboardingPolicy, STATUS_TYPES } from '../../../contract/onboarding';
import { usePolicyDraft } from './policy-draft';
import { DocumentsSection, FieldsSection, GroupsSection, StatusesSection } from './policy-list-sections';

export function PolicyEditor({ policy, reload }: { policy: OnboardingPolicy; reload: () => unknown }) {
  const { t } = useTranslation();
  const editor = usePolicyDraft(policy);
  const { draft, errors, failure, saved, err, set } = editor;
  const statusOptions = STATUS_TYPES.map((s) => ({ value: s, label: t(`onboarding.statusType.${s}`) }));
  const policyId = policy.OnboardingPolicyID;

  return (
    <Stack gap="md">
      <Card withBorder>
        <Stack gap="sm">
          <Text fw={600}>{policy.Name}</Text>
          <Switch
            label={t('onboarding-policies.selfSignUp')}
            checked={draft.EnableSelfSignUp}
            onChange={(e) => set({ EnableSelfSignUp: e.currentTarget.checked })}
          />
          <TagsInput
            label={t('onboarding-policies.contactEmails')}
            description={t('onboarding-policies.contactEmailsHint')}
            value={draft.ContactEmails}
            onChange={(v) => set({ ContactEmails: v })}
            error={
              err('ContactEmails') ??
              (Object.entries(errors)
                .filter(([k]) => k.startsWith('ContactEmails.'))
                .map(([k, m]) => `${draft.ContactEmails[Number(k.split('.')[1])] ?? ''}: ${m.join(' ')}`)
                .join(' · ') ||
                undefined)
            }
            clearable
          />
        </Stack>
      </Card>

      <StatusesSection editor={editor} policyId={policyId} statusOptions={statusOptions} />
      <FieldsSection editor={editor} policyId={policyId} statusOptions={statusOptions} />
      <GroupsSection editor={editor} policyId={policyId} statusOptions={statusOptions} />
      <DocumentsSection editor={editor} policyId={policyId} statusOptions={statusOptions} />

      <Card
        withBorder
        padding="sm"
        style={{ position: 'sticky', bottom: 0, zIndex: 2 }}
        data-testid="policy-footer"
      >
        <Stack gap="xs">
          {failure && (
            <Alert
              color="red"
              role="alert"
              title={t('onboarding-policies.saveFailed')}
              data-testid="policy-error"
            >
              <Text size="sm">{failure.text}</Text>
              {failure.stale && (
                <Button mt="xs" size="xs" variant="light" onClick={() => reload()}>
                  {t('onboarding-policies.reload')}
                </Button>
              )}
            </Alert>
          )}
          {saved && (
            <Alert color="green" role="status">
              {t('onboarding-policies.saved')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={editor.discard} disabled={editor.saving}>
              {t('onboarding-policies.discard')}
            </Button>
            <Button onClick={() => void editor.submit()} loading={editor.saving} data-testid="policy-save">
              {t('onboarding-policies.save')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
