// The payroll page's memo (notes for its processors) and its payroll admins (add, remove).
import { ActionIcon, Alert, Button, Card, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors';
import type { Payroll } from '../../../contract/payroll';
import { useEmployeeList } from '../../employees/api';
import { useAdmins, useSaveMemo } from '../api/payrolls';

export function MemoCard({ payroll, canEdit }: { payroll: Payroll; canEdit: boolean }) {
  const { t } = useTranslation();
  const [memo, setMemo] = useState(payroll.Memo ?? '');
  const [saved, setSaved] = useState(false);
  const save = useSaveMemo(payroll.PayrollID);
  const dirty = memo !== (payroll.Memo ?? '');
  return (
    <Card withBorder padding="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setSaved(false);
          save.mutate(
            { Memo: memo.trim() === '' ? null : memo, Version: payroll.Version },
            { onSuccess: () => setSaved(true) },
          );
        }}
      >
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('payroll.memo.title')}
          </Title>
          {save.isError && (
            <Alert color="red" title={t('payroll.memo.failed')} role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          {saved && !dirty && (
            <Text size="sm" c="green.8" role="status">
              {t('payroll.memo.saved')}
            </Text>
          )}
          <Textarea
            aria-label={t('payroll.memo.title')}
            placeholder={t('payroll.memo.placeholder')}
            value={memo}
            onChange={(e) => setMemo(e.currentTarget.value)}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={4000}
            readOnly={!canEdit}
            data-testid="memo"
          />
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" size="xs" disabled={!dirty} loading={save.isPending}>
                {t('payroll.memo.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

export function AdminsCard({ payroll, canEdit }: { payroll: Payroll; canEdit: boolean }) {
  const { t } = useTranslation();
  const { add, remove } = useAdmins(payroll.PayrollID);
  const [search, setSearch] = useState('');
  const [needle] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<string | null>(null);
  const candidates = useEmployeeList({ search: needle || undefined, pageIndex: 0, pageSize: 20 });
  const taken = new Set(payroll.Admins.map((a) => a.EmployeeID));
  const options = canEdit
    ? (candidates.data?.Items ?? [])
        .filter((e) => !taken.has(e.EmployeeID))
        .map((e) => ({ value: String(e.EmployeeID), label: `${e.LastName}, ${e.FirstName}` }))
    : [];
  const failure = add.error ?? remove.error;
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('payroll.admins.title')}
        </Title>
        {failure && (
          <Alert color="red" title={t('payroll.admins.failed')} role="alert">
            {errorMessage(failure)}
          </Alert>
        )}
        {payroll.Admins.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('payroll.admins.none')}
          </Text>
        )}
        {payroll.Admins.map((a) => {
          const name = `${a.FirstName} ${a.LastName}`;
          return (
            <Group key={a.EmployeeID} justify="space-between" data-testid="payroll-admin">
              <Text size="sm">{name}</Text>
              {canEdit && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('payroll.admins.remove', { name })}
                  loading={remove.isPending && remove.variables === a.EmployeeID}
                  onClick={() => remove.mutate(a.EmployeeID)}
                >
                  <IconTrash size={15} />
                </ActionIcon>
              )}
            </Group>
          );
        })}
        {canEdit && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Select
              label={t('payroll.admins.pick')}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              data={options}
              value={picked}
              onChange={setPicked}
              filter={({ options: o }) => o}
              nothingFoundMessage={candidates.isFetching ? t('common.loading') : undefined}
              style={{ flex: 1 }}
              size="sm"
            />
            <Button
              size="sm"
              leftSection={<IconUserPlus size={15} />}
              disabled={!picked}
              loading={add.isPending}
              onClick={() =>
                picked &&
                add.mutate(
                  { EmployeeID: Number(picked) },
                  {
                    onSuccess: () => {
                      setPicked(null);
                      setSearch('');
                    },
                  },
                )
              }
            >
              {t('payroll.admins.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
