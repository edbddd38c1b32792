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
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/errors';
import type { LegalNoticeAudienceType } from '../../contract/notices';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { type LegalNoticeItem, useLegalNotices } from './api';
import { formatInstant } from './format';
import { NoticeEditorActions, NoticeTextFields, useNoticeEditor } from './notice-editor';

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
  const [deleting, setDeleting] = useState<LegalNoticeItem | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notices'] });
  const { editing, form, setForm, errors, saving, edit, close, save } = useNoticeEditor<
    LegalNoticeItem,
    Form
  >({
    empty: EMPTY,
    toForm: (item) => ({
      Title: item.Title,
      Body: item.Body,
      AudienceType: item.AudienceType,
      AudienceIDs: item.AudienceIDs.map(String),
      IsActive: item.IsActive,
    }),
    validate: (f) => {
      const local: Record<string, string> = {};
      if (!f.Title.trim()) local.Title = t('notices.admin.required');
      if (!f.Body.trim()) local.Body = t('notices.admin.required');
      if (f.AudienceType === 'Employees' && f.AudienceIDs.length === 0)
        local.AudienceIDs = t('notices.admin.chooseEmployees');
      return local;
    },
    submit: (item, f) => {
      const body = { ...f, AudienceIDs: f.AudienceIDs.map(Number) };
      return item === 'new'
        ? api.post('legal-notices', body)
        : api.put(`legal-notices/${item.LegalNoticeID}`, { ...body, Version: item.Version });
    },
    savedMessage: t('notices.admin.saved'),
    failedTitle: () => t('notices.admin.saveFailed'),
    refresh,
  });
  const employees = useEmployeeOptions(editing !== null && form.AudienceType === 'Employees');

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

  const columns: ResponsiveColumn<LegalNoticeItem>[] = [
    { key: 'title', label: t('notices.admin.noticeTitle'), cell: (n) => n.Title, hideInCard: true },
    {
      key: 'audience',
      label: t('notices.admin.audience'),
      cell: (n) =>
        n.AudienceType === 'All'
          ? t('notices.admin.everyone')
          : t('notices.admin.employeesCount', { count: n.AudienceIDs.length }),
    },
    {
      key: 'content',
      label: t('notices.admin.content'),
      cell: (n) =>
        t('notices.admin.version', {
          version: n.ContentVersions,
          when: formatInstant(n.ContentCreatedAt, i18n.language),
        }),
    },
    { key: 'acknowledged', label: t('notices.admin.acknowledgedBy'), cell: (n) => n.AcknowledgedCount ?? 0 },
    {
      key: 'status',
      label: t('notices.admin.status'),
      nowrap: true,
      cell: (n) => (
        <Badge color={n.IsActive ? 'green' : 'gray'} variant="light" style={{ overflow: 'visible' }}>
          {n.IsActive ? t('notices.admin.active') : t('notices.admin.inactive')}
        </Badge>
      ),
    },
  ];

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
        <ResponsiveTable
          label={t('notices.admin.title')}
          rows={query.data}
          rowKey={(n) => n.LegalNoticeID}
          title={(n) => n.Title}
          columns={columns}
          actions={(n, layout) => (
            <>
              <Button size={layout === 'cards' ? 'sm' : 'xs'} variant="light" onClick={() => edit(n)}>
                {t('notices.admin.edit')}
              </Button>
              <Button
                size={layout === 'cards' ? 'sm' : 'xs'}
                variant={layout === 'cards' ? 'light' : 'subtle'}
                color="red"
                onClick={() => setDeleting(n)}
              >
                {t('notices.admin.delete')}
              </Button>
            </>
          )}
          testId="legal-notices"
          tableProps={{ striped: true, highlightOnHover: true }}
        />
      )}

      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing === 'new' ? t('notices.admin.new') : t('notices.admin.editTitle')}
        size="xl"
      >
        <Stack>
          <NoticeTextFields
            headingLabel={t('notices.admin.noticeTitle')}
            heading={form.Title}
            headingError={errors.Title}
            onHeading={(Title) => setForm({ ...form, Title })}
            bodyLabel={t('notices.admin.body')}
            body={form.Body}
            bodyError={errors.Body}
            onBody={(Body) => setForm({ ...form, Body })}
            rows={{ min: 6, max: 16 }}
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
          <NoticeEditorActions onCancel={close} onSave={() => void save()} saving={saving} />
        </Stack>
      </Modal>

      <ConfirmDeleteModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('notices.admin.deleteTitle')}
        message={t('notices.admin.deleteConfirm', { title: deleting?.Title ?? '' })}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </Stack>
  );
}
