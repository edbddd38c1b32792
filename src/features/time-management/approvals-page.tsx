// Time approvals (state 'time.approvals', online only, tablet first): the team's pay periods — worked
// time, open entries, changes awaiting the employee's acknowledgement, late adjustments — with each
// employee's entries per day to review and correct, and Approve / Withdraw approval. A second tab
// lists the changes awaiting acknowledgement (counts per employee) with Dismiss.
// Its parts: approvals-periods (the periods tab: toolbar, table, period detail, approve confirmation)
// and approvals-modifications (the second tab).

import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModificationsPanel } from './approvals-modifications';
import { PeriodsPanel } from './approvals-periods';

export default function ApprovalsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('periods');
  return (
    <Stack maw={1200} gap="md">
      <div>
        <Title order={1} size="h2">
          {t('time-management.approvals.title')}
        </Title>
        <Text c="dimmed">{t('time-management.approvals.subtitle')}</Text>
      </div>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="periods">{t('time-management.approvals.periodsTab')}</Tabs.Tab>
          <Tabs.Tab value="modifications">{t('time-management.approvals.modificationsTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="periods" pt="md">
          <PeriodsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="modifications" pt="md">
          <ModificationsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
