// Onboarding policy editor (back office, online only, onboarding:policies): pick a division taking
// applications, edit its policy (contact e-mails, application statuses, reference fields, document
// groups with their requirements file, documents with their blank form, self sign-up) and save it with
// its Version. A stale save offers a reload; the server's messages are shown by field and row (a status
// still used by applications cannot be removed: the server says so).
// Its parts: policy-editor (the form and its footer), policy-list-sections (the four lists),
// policy-section (their building blocks) and policy-draft (the draft and its save).
import { Select, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../ui/query-view';
import { useOnboardingDivisions } from '../api/applications';
import { useDivisionPolicy } from './api';
import { PolicyEditor } from './policy-editor';

export default function PoliciesPage() {
  const { t } = useTranslation();
  const divisions = useOnboardingDivisions();
  const [division, setDivision] = useState<string | null>(null);
  useEffect(() => {
    if (division === null && divisions.data?.length) setDivision(String(divisions.data[0]?.DivisionID));
  }, [division, divisions.data]);
  const policy = useDivisionPolicy(division ? Number(division) : null);

  return (
    <Stack gap="md" maw={1400}>
      <Title order={1} size="h2">
        {t('onboarding-policies.title')}
      </Title>
      <QueryView
        query={divisions}
        errorTitle={t('onboarding-policies.divisionsFailed')}
        empty={t('onboarding-policies.noDivisions')}
        isEmpty={(d) => d.length === 0}
      >
        {(data) => (
          <Select
            label={t('onboarding-policies.division')}
            data={data.map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
            value={division}
            onChange={setDivision}
            allowDeselect={false}
            w={{ base: '100%', sm: 320 }}
            data-testid="policy-division"
          />
        )}
      </QueryView>
      {division && (
        <QueryView query={policy} errorTitle={t('onboarding-policies.loadFailed')}>
          {(p) => <PolicyEditor key={p.OnboardingPolicyID} policy={p} reload={policy.refetch} />}
        </QueryView>
      )}
    </Stack>
  );
}
