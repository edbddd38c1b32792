// One employee (back office, online only): tabs Details & offices, Security, Profile, Bank accounts and
// Access (the last two are the bank and access areas' panels).
import { Anchor, Avatar, Badge, Breadcrumbs, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { notify } from '../../ui/notify';
import { QueryView } from '../../ui/query-view';
import { useEmployee, useProfileImage, useUpdateEmployee } from './api';
import { EmployeeForm } from './employee-form';
import { formFromDetail, toPayload } from './form-state';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';

const BankAccountsPanel = lazy(() => import('./bank/bank-accounts-panel'));
const EmployeeAccessPanel = lazy(() => import('../access/employee-access-panel'));

const TABS = ['details', 'security', 'profile', 'bank', 'access'] as const;
type Tab = (typeof TABS)[number];

export default function EmployeePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'details';
  const employee = useEmployee(Number.isInteger(id) ? id : 0);
  const update = useUpdateEmployee(id);
  const image = useProfileImage(id, !!employee.data?.HasImage, employee.data?.Version ?? 0);

  return (
    <Stack gap="md" maw={1400}>
      <Breadcrumbs>
        <Anchor component={Link} to="/employees">
          {t('employees.title')}
        </Anchor>
        <span>{employee.data?.FullName ?? '…'}</span>
      </Breadcrumbs>
      <QueryView query={employee} errorTitle={t('employees.loadOneFailed')}>
        {(e) => (
          <Stack gap="md">
            <Group gap="md">
              <Avatar src={image.data ?? null} size={56} radius="xl" alt="">
                {e.FirstName[0]}
                {e.LastName[0]}
              </Avatar>
              <div>
                <Title order={1} size="h2">
                  {e.FullName}
                </Title>
                <Group gap="xs">
                  <Text c="dimmed" size="sm">
                    {e.UserName}
                    {e.EmailAddress ? ` · ${e.EmailAddress}` : ''}
                  </Text>
                  {e.Inactive && <Badge color="gray">{t('employees.inactive')}</Badge>}
                </Group>
              </div>
            </Group>
            <Tabs
              value={tab}
              onChange={(v) => {
                const next = new URLSearchParams(params);
                if (v && v !== 'details') next.set('tab', v);
                else next.delete('tab');
                setParams(next, { replace: true });
              }}
              keepMounted={false}
            >
              <Tabs.List>
                <Tabs.Tab value="details">{t('employees.tabs.details')}</Tabs.Tab>
                <Tabs.Tab value="security">{t('employees.tabs.security')}</Tabs.Tab>
                <Tabs.Tab value="profile">{t('employees.tabs.profile')}</Tabs.Tab>
                <Tabs.Tab value="bank">{t('employees.tabs.bank')}</Tabs.Tab>
                <Tabs.Tab value="access">{t('employees.tabs.access')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="details" pt="md">
                <EmployeeForm
                  key={e.Version}
                  initial={formFromDetail(e)}
                  isNew={false}
                  canUpdate={e.Access.CanUpdate}
                  canChangeGlobalRoles={e.Access.CanChangeGlobalRoles}
                  saving={update.isPending}
                  onSave={async (form) => {
                    await update.mutateAsync({ ...toPayload(form), Version: e.Version });
                    void notify({ color: 'green', message: t('employees.saved') });
                  }}
                />
              </Tabs.Panel>
              <Tabs.Panel value="security" pt="md">
                <SecurityTab employeeId={e.EmployeeID} canUpdate={e.Access.CanUpdate} />
              </Tabs.Panel>
              <Tabs.Panel value="profile" pt="md">
                <ProfileTab employeeId={e.EmployeeID} />
              </Tabs.Panel>
              <Tabs.Panel value="bank" pt="md">
                <Suspense fallback={<Loader aria-label={t('common.loading')} />}>
                  <BankAccountsPanel employeeId={e.EmployeeID} />
                </Suspense>
              </Tabs.Panel>
              <Tabs.Panel value="access" pt="md">
                <Suspense fallback={<Loader aria-label={t('common.loading')} />}>
                  <EmployeeAccessPanel employeeId={e.EmployeeID} />
                </Suspense>
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
