// New employee: the blank record of GET employees/new in the details form; saved in one call (offices,
// roles and administered modules included), then the employee's page opens.
import { Anchor, Breadcrumbs, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { hasGrant } from '../../api/permissions';
import { useSessionData } from '../../app/app-context';
import { QueryView } from '../../ui/query-view';
import { useCreateEmployee, useNewEmployee } from './api';
import { EmployeeForm } from './employee-form';
import { formFromNew, toPayload } from './form-state';

export default function EmployeeNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const blank = useNewEmployee();
  const create = useCreateEmployee();
  const session = useSessionData();
  const canChangeGlobalRoles = hasGrant(session?.grants ?? [], 'admin:permissions');
  return (
    <Stack gap="md" maw={1400}>
      <Breadcrumbs>
        <Anchor component={Link} to="/employees">
          {t('employees.title')}
        </Anchor>
        <span>{t('employees.newTitle')}</span>
      </Breadcrumbs>
      <Title order={1} size="h2">
        {t('employees.newTitle')}
      </Title>
      <QueryView query={blank} errorTitle={t('employees.loadFailed')}>
        {(data) => (
          <EmployeeForm
            initial={formFromNew(data)}
            isNew
            canUpdate
            canChangeGlobalRoles={canChangeGlobalRoles}
            saving={create.isPending}
            onSave={async (form) => {
              const saved = await create.mutateAsync(toPayload(form));
              navigate(`/employees/${saved.EmployeeID}`, { replace: true });
            }}
          />
        )}
      </QueryView>
    </Stack>
  );
}
