// Legal notices (administration, notices:manage): the list with each notice's content version and
// how many acknowledged it; create and edit (a changed text becomes a new content everyone
// acknowledges again); delete after confirmation.
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  MultiSelect,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { errorMessage, errorStatus } from '../../api/errors';
import type { LegalNoticeAudienceType } from '../../contract/notices';
import { type LegalNoticeItem, useLegalNotices } from './api';
import { fieldErrors, formatInstant } from './format';

interface Form {
  Title: string;
  Body: string;
  AudienceType: LegalNoticeAudienceType;
  AudienceIDs: string[];
  IsActive: boolean;
}

const EMPTY: Form = { Title: '', Body: '', AudienceType: 'All', AudienceIDs: [], IsActive: true };

function useEmployeeOptions(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['notices', 'employee-options'],
    queryFn: ({ signal }) =>
      api.get<{ Items: Array<{ EmployeeID: number; FullName: string; UserName: string }> }>('employees', {
        signal,
        query: { inactive: 'false', pageSize: 500 },
      }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export default function LegalNoticesAdminPage() {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const query = useLegalNotices();
  const [editing, setEditing] = useState<LegalNoticeItem | 'new' | null>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<LegalNoticeItem | null>(null);
  const employees = useEmployeeOptions(editing !== null && form.AudienceType === 'Employees');

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notices'] });

  function edit(item: LegalNoticeItem | 'new') {
    setEditing(item);
    setErrors({});
    setForm(
      item === 'new'
        ? EMPTY
        : {
            Title: item.Title,
            Body: item.Body,
            AudienceType: item.AudienceType,
            AudienceIDs: item.AudienceIDs.map(String),
            IsActive: item.IsActive,
          },
    );
  }

  async function save() {
    if (!editing) return;
    const local: Record<string, string> = {};
    if (!form.Title.trim()) local.Title = t('notices.admin.required');
    if (!form.Body.trim()) local.Body = t('notices.admin.required');
    if (form.AudienceType === 'Employees' && form.AudienceIDs.length === 0)
      local.AudienceIDs = t('notices.admin.chooseEmployees');
    setErrors(local);
    if (Object.keys(local).length) return;
    const body = { ...form, AudienceIDs: form.AudienceIDs.map(Number) };
    setSaving(true);
    try {
      if (editing === 'new') await api.post('legal-notices', body);
      else await api.put(`legal-notices/${editing.LegalNoticeID}`, { ...body, Version: editing.Version });
      notifications.show({ color: 'green', message: t('notices.admin.saved') });
      setEditing(null);
      await refresh();
    } catch (err) {
      setErrors(fieldErrors(err));
      notifications.show({
        color: 'red',
        title: errorStatus(err) === 409 ? t('notices.admin.conflict') : t('notices.admin.saveFailed'),
        message: errorMessage(err),
      });
      if (errorStatus(err) === 409) await refresh();
    } finally {
      setSaving(false);
    }
  }

  async function remove(item: LegalNoticeItem) {
    try {
      await api.delete(`legal-notices/${item.LegalNoticeID}`, { query: { version: item.Version } });
      notifications.show({ color: 'green', message: t('notices.admin.deleted') });
      setDeleting(null);
      await refresh();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: t('notices.admin.deleteFailed'),
        message: errorMessage(err),
      });
    }
  }

  const changedText = editing !== null && editing !== 'new' && form.Body !== editing.Body;

  return (
    <Stack maw={1200}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('notices.admin.title')}
        </Title>
        <Button onClick={() => edit('new')}>{t('notices.admin.new')}</Button>
      </Group>
      <Text c="dimmed">{t('notices.admin.subtitle')}</Text>
      {query.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : query.isError ? (
        <Alert color="red" title={t('notices.admin.loadFailed')}>
          {errorMessage(query.error)}
        </Alert>
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{t('notices.admin.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('notices.admin.noticeTitle')}</Table.Th>
                <Table.Th>{t('notices.admin.audience')}</Table.Th>
                <Table.Th>{t('notices.admin.content')}</Table.Th>
                <Table.Th>{t('notices.admin.acknowledgedBy')}</Table.Th>
                <Table.Th>{t('notices.admin.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((n) => (
                <Table.Tr key={n.LegalNoticeID}>
                  <Table.Td>{n.Title}</Table.Td>
                  <Table.Td>
                    {n.AudienceType === 'All'
                      ? t('notices.admin.everyone')
                      : t('notices.admin.employeesCount', { count: n.AudienceIDs.length })}
                  </Table.Td>
                  <Table.Td>
                    {t('notices.admin.version', {
                      version: n.ContentVersions,
                      when: formatInstant(n.ContentCreatedAt, i18n.language),
                    })}
                  </Table.Td>
                  <Table.Td>{n.AcknowledgedCount ?? 0}</Table.Td>
                  <Table.Td miw={110}>
                    <Badge
                      color={n.IsActive ? 'green' : 'gray'}
                      variant="light"
                      style={{ overflow: 'visible' }}
                    >
                      {n.IsActive ? t('notices.admin.active') : t('notices.admin.inactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => edit(n)}>
                        {t('notices.admin.edit')}
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(n)}>
                        {t('notices.admin.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('notices.admin.new') : t('notices.admin.editTitle')}
        size="xl"
      >
        <Stack>
          <TextInput
            label={t('notices.admin.noticeTitle')}
            value={form.Title}
            onChange={(e) => setForm({ ...form, Title: e.currentTarget.value })}
            error={errors.Title}
            required
            data-autofocus
          />
          <Textarea
            label={t('notices.admin.body')}
            value={form.Body}
            onChange={(e) => setForm({ ...form, Body: e.currentTarget.value })}
            error={errors.Body}
            autosize
            minRows={6}
            maxRows={16}
            required
          />
          {changedText && (
            <Alert color="yellow" data-testid="new-content-warning">
              {t('notices.admin.newContent')}
            </Alert>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('notices.admin.audience')}
            </Text>
            <SegmentedControl
              value={form.AudienceType}
              onChange={(v) => setForm({ ...form, AudienceType: v as LegalNoticeAudienceType })}
              data={[
                { value: 'All', label: t('notices.admin.everyone') },
                { value: 'Employees', label: t('notices.admin.someEmployees') },
              ]}
            />
          </Stack>
          {form.AudienceType === 'Employees' && (
            <MultiSelect
              label={t('notices.admin.employees')}
              searchable
              value={form.AudienceIDs}
              onChange={(v) => setForm({ ...form, AudienceIDs: v })}
              data={(employees.data?.Items ?? []).map((e) => ({
                value: String(e.EmployeeID),
                label: `${e.FullName} (${e.UserName})`,
              }))}
              error={errors.AudienceIDs}
              nothingFoundMessage={employees.isPending ? t('common.loading') : t('notices.admin.noEmployees')}
            />
          )}
          <Switch
            label={t('notices.admin.isActive')}
            checked={form.IsActive}
            onChange={(e) => setForm({ ...form, IsActive: e.currentTarget.checked })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(null)}>
              {t('notices.admin.cancel')}
            </Button>
            <Button onClick={() => void save()} loading={saving}>
              {t('notices.admin.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('notices.admin.deleteTitle')}
      >
        <Stack>
          <Text>{t('notices.admin.deleteConfirm', { title: deleting?.Title ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('notices.admin.cancel')}
            </Button>
            <Button color="red" onClick={() => deleting && void remove(deleting)}>
              {t('notices.admin.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
