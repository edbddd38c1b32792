// Bulletins (bulletins:manage): the list with delivery counts (paged), write and edit, deliver to the
// audience (everyone, corporations, offices, divisions or roles; a manager: their offices). Delivering
// again reaches only the employees who joined the audience since.
import { Alert, Button, Group, Loader, Modal, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/errors';
import { BulletinAudienceType } from '../../contract/notices';
import { ListFooter } from '../../ui/list-footer';
import { type ResponsiveColumn, ResponsiveTable } from '../../ui/responsive-table';
import { useRoles } from '../access/api';
import { CorporationSelect } from '../access/corporation-select';
import { useCorporations, useDivisions, useOffices } from '../access/shared';
import { type BulletinItem, useBulletins } from './api';
import { formatInstant } from './format';
import { NoticeEditorActions, NoticeTextFields, useNoticeEditor } from './notice-editor';

const PAGE_SIZE = 20;

interface Form {
  Subject: string;
  Body: string;
  AudienceType: BulletinAudienceType;
  AudienceIDs: string[];
}

const EMPTY: Form = { Subject: '', Body: '', AudienceType: 'Offices', AudienceIDs: [] };

/** The options of the audiences other than corporations (those have their own picker). */
function useAudienceOptions(type: BulletinAudienceType): {
  data: { value: string; label: string }[];
  loading: boolean;
} {
  const offices = useOffices();
  const divisions = useDivisions();
  const roles = useRoles();
  switch (type) {
    case 'Offices':
      return {
        data: (offices.data ?? []).map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName })),
        loading: offices.isPending,
      };
    case 'Divisions':
      return {
        data: (divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name })),
        loading: divisions.isPending,
      };
    case 'Roles':
      return {
        data: (roles.data ?? []).map((r) => ({ value: String(r.RoleID), label: r.Name })),
        loading: roles.isPending,
      };
    default:
      return { data: [], loading: false };
  }
}

/** The names of an audience's ids, from the same lists as the pickers (undefined when a list is not readable). */
function useAudienceNames(): (type: BulletinAudienceType, id: number) => string | undefined {
  const offices = useOffices();
  const corporations = useCorporations();
  const divisions = useDivisions();
  const roles = useRoles();
  return (type, id) => {
    switch (type) {
      case 'Offices':
        return offices.data?.find((o) => o.IcdOfficeID === id)?.OfficeName;
      case 'Corporation':
        return corporations.data?.find((c) => c.IcdCorporationID === id)?.ClientName;
      case 'Divisions':
        return divisions.data?.find((d) => d.DivisionID === id)?.Name;
      case 'Roles':
        return roles.data?.find((r) => r.RoleID === id)?.Name;
      default:
        return undefined;
    }
  };
}

export default function BulletinsAdminPage() {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useBulletins(page - 1, PAGE_SIZE);
  const [delivering, setDelivering] = useState<BulletinItem | null>(null);
  const [busyDeliver, setBusyDeliver] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['bulletins'] });
  const { editing, form, setForm, errors, saving, edit, close, save } = useNoticeEditor<BulletinItem, Form>({
    empty: EMPTY,
    toForm: (item) => ({
      Subject: item.Subject,
      Body: item.Body,
      AudienceType: item.AudienceType,
      AudienceIDs: item.AudienceIDs.map(String),
    }),
    validate: (f) => {
      const local: Record<string, string> = {};
      if (!f.Subject.trim()) local.Subject = t('notices.admin.required');
      if (!f.Body.trim()) local.Body = t('notices.admin.required');
      if (f.AudienceType !== 'All' && f.AudienceIDs.length === 0)
        local.AudienceIDs = t('notices.bulletins.chooseAudience');
      return local;
    },
    submit: (item, f) => {
      const body = { ...f, AudienceIDs: f.AudienceType === 'All' ? [] : f.AudienceIDs.map(Number) };
      return item === 'new'
        ? api.post('bulletins', body)
        : api.put(`bulletins/${item.BulletinID}`, { ...body, Version: item.Version });
    },
    savedMessage: t('notices.bulletins.saved'),
    failedTitle: (status) =>
      status === 403 ? t('notices.bulletins.outOfScope') : t('notices.bulletins.saveFailed'),
    refresh,
  });
  const options = useAudienceOptions(form.AudienceType);
  const nameOf = useAudienceNames();
  const audienceLabel = (b: BulletinItem) => {
    if (b.AudienceType === 'All') return t('notices.bulletins.audiences.All');
    const names = b.AudienceIDs.map((id) => nameOf(b.AudienceType, id));
    if (names.every((n) => n !== undefined)) return names.join(', ');
    return t('notices.bulletins.audienceCount', {
      type: t(`notices.bulletins.audiences.${b.AudienceType}`),
      count: b.AudienceIDs.length,
    });
  };

  const columns: ResponsiveColumn<BulletinItem>[] = [
    { key: 'subject', label: t('notices.bulletins.subject'), cell: (b) => b.Subject, hideInCard: true },
    { key: 'audience', label: t('notices.bulletins.audience'), cell: audienceLabel },
    { key: 'author', label: t('notices.bulletins.author'), cell: (b) => b.CreatedByName ?? '' },
    {
      key: 'lastDelivered',
      label: t('notices.bulletins.lastDelivered'),
      cell: (b) =>
        b.LastDeliveredAt ? formatInstant(b.LastDeliveredAt, i18n.language) : t('notices.bulletins.draft'),
    },
    {
      key: 'delivered',
      label: t('notices.bulletins.delivered'),
      align: 'right',
      cell: (b) => b.DeliveredCount,
    },
    { key: 'read', label: t('notices.bulletins.read'), align: 'right', cell: (b) => b.ReadCount },
    {
      key: 'acknowledged',
      label: t('notices.bulletins.acknowledged'),
      align: 'right',
      cell: (b) => b.AcknowledgedCount,
    },
  ];

  async function deliver(item: BulletinItem) {
    setBusyDeliver(true);
    try {
      const res = await api.post<{ Delivered: number; DeliveredCount: number }>(
        `bulletins/${item.BulletinID}/deliver`,
      );
      notifications.show({
        color: 'green',
        message: t('notices.bulletins.deliveredNow', { count: res.Delivered, total: res.DeliveredCount }),
      });
      setDelivering(null);
      await refresh();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: t('notices.bulletins.deliverFailed'),
        message: errorMessage(err),
      });
    } finally {
      setBusyDeliver(false);
    }
  }

  return (
    <Stack maw={1280}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('notices.bulletins.title')}
        </Title>
        <Button onClick={() => edit('new')}>{t('notices.bulletins.new')}</Button>
      </Group>
      {query.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : query.isError ? (
        <Alert color="red" title={t('notices.bulletins.loadFailed')}>
          {errorMessage(query.error)}
        </Alert>
      ) : query.data.Items.length === 0 ? (
        <Text c="dimmed">{t('notices.bulletins.empty')}</Text>
      ) : (
        <>
          <ResponsiveTable
            label={t('notices.bulletins.title')}
            rows={query.data.Items}
            rowKey={(b) => b.BulletinID}
            title={(b) => b.Subject}
            columns={columns}
            actions={(b, layout) => (
              <>
                <Button size={layout === 'cards' ? 'sm' : 'xs'} variant="light" onClick={() => edit(b)}>
                  {t('notices.admin.edit')}
                </Button>
                <Button size={layout === 'cards' ? 'sm' : 'xs'} onClick={() => setDelivering(b)}>
                  {t('notices.bulletins.deliver')}
                </Button>
              </>
            )}
            testId="bulletins"
            tableProps={{ striped: true, highlightOnHover: true }}
          />
          <ListFooter
            totalCount={query.data.TotalCount}
            pageSize={PAGE_SIZE}
            page={page}
            onPageChange={setPage}
          />
        </>
      )}

      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing === 'new' ? t('notices.bulletins.new') : t('notices.bulletins.editTitle')}
        size="xl"
      >
        <Stack>
          <NoticeTextFields
            headingLabel={t('notices.bulletins.subject')}
            heading={form.Subject}
            headingError={errors.Subject}
            onHeading={(Subject) => setForm({ ...form, Subject })}
            bodyLabel={t('notices.bulletins.body')}
            body={form.Body}
            bodyError={errors.Body}
            onBody={(Body) => setForm({ ...form, Body })}
            rows={{ min: 5, max: 14 }}
          />
          <Select
            label={t('notices.bulletins.audience')}
            value={form.AudienceType}
            allowDeselect={false}
            onChange={(v) =>
              v && setForm({ ...form, AudienceType: v as BulletinAudienceType, AudienceIDs: [] })
            }
            data={BulletinAudienceType.options.map((o) => ({
              value: o,
              label: t(`notices.bulletins.audiences.${o}`),
            }))}
            error={errors.AudienceType}
          />
          {form.AudienceType === 'Corporation' ? (
            <CorporationSelect
              multiple
              label={t('notices.bulletins.audiences.Corporation')}
              value={form.AudienceIDs}
              onChange={(v) => setForm({ ...form, AudienceIDs: v })}
              error={errors.AudienceIDs}
              nothingFoundMessage={t('notices.bulletins.nothingFound')}
            />
          ) : (
            form.AudienceType !== 'All' && (
              <MultiSelect
                label={t(`notices.bulletins.audiences.${form.AudienceType}`)}
                searchable
                value={form.AudienceIDs}
                onChange={(v) => setForm({ ...form, AudienceIDs: v })}
                data={options.data}
                error={errors.AudienceIDs}
                nothingFoundMessage={
                  options.loading ? t('common.loading') : t('notices.bulletins.nothingFound')
                }
              />
            )
          )}
          <Text size="sm" c="dimmed">
            {t('notices.bulletins.scopeHint')}
          </Text>
          <NoticeEditorActions onCancel={close} onSave={() => void save()} saving={saving} />
        </Stack>
      </Modal>

      <Modal
        opened={delivering !== null}
        onClose={() => setDelivering(null)}
        title={t('notices.bulletins.deliverTitle')}
      >
        {delivering && (
          <Stack>
            <Text>
              {t('notices.bulletins.deliverConfirm', {
                subject: delivering.Subject,
                audience: audienceLabel(delivering),
              })}
            </Text>
            {delivering.DeliveredCount > 0 && (
              <Text size="sm" c="dimmed">
                {t('notices.bulletins.deliverAgain', { count: delivering.DeliveredCount })}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDelivering(null)}>
                {t('notices.admin.cancel')}
              </Button>
              <Button onClick={() => void deliver(delivering)} loading={busyDeliver}>
                {t('notices.bulletins.deliver')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
