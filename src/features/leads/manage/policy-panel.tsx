// The division's leads policy (GET/PUT divisions/{id}/leads-policy): marker style, whether reps may
// add leads, and the statuses that need a note. Changing it needs leads:manage for all offices; a
// stale Version is refused (409) and the current policy is reloaded.
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  MultiSelect,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context';
import { errorMessage, isResponseError } from '../../../api/errors';
import { DivisionLeadsPolicy, type LeadsPolicySave } from '../../../contract/leads';
import { MARKER_STYLES } from '../marker-style';
import { manageKeys, policyQuery, statusesQuery } from './manage-api';

export function PolicyPanel({ divisionId }: { divisionId: number }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const policy = useQuery(policyQuery(api, divisionId));
  const statuses = useQuery(statusesQuery(api, divisionId));
  const [name, setName] = useState('');
  const [style, setStyle] = useState('3');
  const [repsCreate, setRepsCreate] = useState(true);
  const [noteIds, setNoteIds] = useState<string[]>([]);

  useEffect(() => {
    const p = policy.data;
    if (!p) return;
    setName(p.Name);
    setStyle(String(p.MarkerStyle));
    setRepsCreate(p.RepsCanCreateLeads);
    setNoteIds(p.NoteRequiredStatusIDs.map(String));
  }, [policy.data]);

  const save = useMutation({
    mutationFn: () => {
      const body: LeadsPolicySave = {
        Name: name.trim() || undefined,
        MarkerStyle: Number(style),
        RepsCanCreateLeads: repsCreate,
        NoteRequiredStatusIDs: noteIds.map(Number),
        ...(policy.data?.Version != null ? { Version: policy.data.Version } : {}),
      };
      return api.put(`divisions/${divisionId}/leads-policy`, body, { schema: DivisionLeadsPolicy });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(manageKeys.policy(divisionId), saved);
      void queryClient.invalidateQueries({ queryKey: ['leads', 'division-policy'] });
      notifications.show({ color: 'green', message: t('leads.manage.policy.saved') });
    },
    onError: (err) => {
      if (isResponseError(err) && err.status === 409) void policy.refetch();
      notifications.show({
        color: 'red',
        title: t('leads.manage.policy.failed'),
        message: errorMessage(err),
      });
    },
  });

  if (policy.isPending)
    return (
      <Center py="lg">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  if (policy.isError)
    return (
      <Alert color="red" title={t('leads.manage.policy.loadFailed')}>
        {errorMessage(policy.error)}
      </Alert>
    );

  return (
    <Paper
      withBorder
      p="md"
      maw={640}
      component="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        save.mutate();
      }}
      data-testid="policy-form"
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('leads.manage.policy.title')}
        </Title>
        {!policy.data.IsSet && (
          <Text size="sm" c="dimmed">
            {t('leads.manage.policy.defaults')}
          </Text>
        )}
        <TextInput
          label={t('leads.manage.policy.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={100}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('leads.map.markerStyle')}
          </Text>
          <SegmentedControl
            value={style}
            onChange={setStyle}
            data={MARKER_STYLES.map((s) => ({ value: String(s), label: t(`leads.markerStyles.${s}`) }))}
          />
        </Stack>
        <Switch
          label={t('leads.manage.policy.repsCreate')}
          checked={repsCreate}
          onChange={(e) => setRepsCreate(e.currentTarget.checked)}
        />
        <MultiSelect
          label={t('leads.manage.policy.noteRequired')}
          data={(statuses.data ?? []).map((s) => ({ value: String(s.LeadStatusID), label: s.Name }))}
          value={noteIds}
          onChange={setNoteIds}
          comboboxProps={{ withinPortal: true }}
        />
        {policy.data.LeadDataKeys.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('leads.manage.policy.dataKeys', {
              keys: policy.data.LeadDataKeys.map((k) => `${k.Key} (${k.Label})`).join(', '),
            })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
