// The rotation adjustment (spec 001 §3): change, delete or add rotations of a division profile, choose
// whether time entries of days that leave every rotation are kept and whether locked payrolls are left
// as they are, preview what changes (nothing saved), then apply.
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowBackUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ProfileRotations,
  RotationAdjustment,
  RotationAdjustmentResult,
} from '../../contract/organisation';
import { formatDay } from '../../lib/date-display';
import { ScrollTable } from '../../ui/scroll-table';
import { wireDay } from '../scheduling/api/wire';
import { type SaveProblem, saveProblem, useAdjustRotations } from './api';
import { ProblemAlert } from './parts';

interface Row {
  key: string;
  /** The rotation as stored (null: a new one). */
  current: { StartDate: string; EndDate: string } | null;
  StartDate: string;
  EndDate: string;
  deleted: boolean;
}

/** The request for the rows, and where each row's fields sit in it (for the server's messages). */
export function adjustmentOf(
  profileId: number,
  rows: readonly Row[],
  options: { RetainedTimeEntries: boolean; IgnoreLockedPayrolls: boolean },
): { body: RotationAdjustment; fieldOf: Map<string, string> } {
  const body = {
    DivisionProfileID: profileId,
    AdjustedRotations: [] as NonNullable<RotationAdjustment['AdjustedRotations']>,
    NewRotations: [] as NonNullable<RotationAdjustment['NewRotations']>,
    DeletedRotations: [] as NonNullable<RotationAdjustment['DeletedRotations']>,
    ...options,
  };
  const fieldOf = new Map<string, string>();
  for (const r of rows) {
    const range = { StartDate: r.StartDate, EndDate: r.EndDate };
    if (!r.current) {
      fieldOf.set(r.key, `NewRotations.${body.NewRotations.length}`);
      body.NewRotations.push(range);
    } else if (r.deleted) {
      fieldOf.set(r.key, `DeletedRotations.${body.DeletedRotations.length}`);
      body.DeletedRotations.push(r.current);
    } else if (r.current.StartDate !== r.StartDate || r.current.EndDate !== r.EndDate) {
      fieldOf.set(r.key, `AdjustedRotations.${body.AdjustedRotations.length}.NewRotation`);
      body.AdjustedRotations.push({ CurrentRotation: r.current, NewRotation: range });
    }
  }
  return { body, fieldOf };
}

export function RotationsDialog({
  profile,
  opened,
  onClose,
}: {
  profile: ProfileRotations;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const adjust = useAdjustRotations();
  const [rows, setRows] = useState<Row[]>([]);
  const [retain, setRetain] = useState(true);
  const [ignoreLocked, setIgnoreLocked] = useState(false);
  const [preview, setPreview] = useState<RotationAdjustmentResult | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [done, setDone] = useState<RotationAdjustmentResult | null>(null);

  const reset = () => {
    setRows(
      profile.Rotations.map((r) => ({
        key: `r${r.DivisionRotationID}`,
        current: { StartDate: r.StartDate, EndDate: r.EndDate },
        StartDate: r.StartDate,
        EndDate: r.EndDate,
        deleted: false,
      })),
    );
    setPreview(null);
    setProblem(null);
    setDone(null);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when opened or the rotations change
  useEffect(() => {
    if (opened) reset();
  }, [opened, profile]);

  const { body, fieldOf } = adjustmentOf(profile.DivisionProfileID, rows, {
    RetainedTimeEntries: retain,
    IgnoreLockedPayrolls: ignoreLocked,
  });
  const nothing =
    !body.AdjustedRotations?.length && !body.NewRotations?.length && !body.DeletedRotations?.length;
  const errorOf = (key: string, part: 'StartDate' | 'EndDate') => {
    const field = fieldOf.get(key);
    if (!field || !problem) return undefined;
    return problem.fields[`${field}.${part}`] ?? (part === 'StartDate' ? problem.fields[field] : undefined);
  };
  const edit = (key: string, patch: Partial<Row>) => {
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setPreview(null);
    setDone(null);
  };

  const run = async (dry: boolean) => {
    setProblem(null);
    try {
      const out = await adjust.mutateAsync({ id: profile.DivisionProfileID, body, preview: dry });
      if (dry) setPreview(out);
      else {
        setDone(out);
        setPreview(null);
      }
    } catch (err) {
      setProblem(saveProblem(err, t('organisation.saveFailed')));
    }
  };
  const locked = problem?.data.LockedPayPeriods as RotationAdjustmentResult['LockedPayPeriods'] | undefined;
  const shown = done ?? preview;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={t('organisation.rot.title', { name: profile.Name })}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('organisation.rot.help')}
        </Text>
        <ProblemAlert problem={problem?.conflict && !locked ? problem : null} onReload={onClose} />
        {problem && !problem.conflict && !Object.keys(problem.fields).length ? (
          <Alert color="red" role="alert">
            {problem.message}
          </Alert>
        ) : null}
        {problem && Object.keys(problem.fields).length ? (
          <Alert color="red" role="alert">
            {problem.message}
          </Alert>
        ) : null}
        {locked?.length ? (
          <Alert color="yellow" title={problem?.message} role="alert">
            <List size="sm">
              {locked.slice(0, 8).map((p) => (
                <List.Item key={p.PayPeriodID}>
                  {p.EmployeeName} · {p.OfficeName} · {formatDay(wireDay(p.StartDate))} –{' '}
                  {formatDay(wireDay(p.EndDate))}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <ScrollTable label={t('organisation.div.rotations')} minWidth={520}>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('organisation.rot.start')}</Table.Th>
                <Table.Th>{t('organisation.rot.end')}</Table.Th>
                <Table.Th>{t('organisation.rot.state')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const changed =
                  r.current && (r.current.StartDate !== r.StartDate || r.current.EndDate !== r.EndDate);
                return (
                  <Table.Tr key={r.key} opacity={r.deleted ? 0.5 : 1}>
                    <Table.Td>
                      <TextInput
                        type="date"
                        aria-label={t('organisation.rot.start')}
                        value={r.StartDate}
                        disabled={r.deleted}
                        onChange={(e) => edit(r.key, { StartDate: e.currentTarget.value })}
                        error={errorOf(r.key, 'StartDate')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        type="date"
                        aria-label={t('organisation.rot.end')}
                        value={r.EndDate}
                        disabled={r.deleted}
                        onChange={(e) => edit(r.key, { EndDate: e.currentTarget.value })}
                        error={errorOf(r.key, 'EndDate')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {!r.current
                          ? t('organisation.rot.new')
                          : r.deleted
                            ? t('organisation.rot.deleted')
                            : changed
                              ? t('organisation.rot.changed')
                              : t('organisation.rot.unchanged')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {r.current && (r.deleted || changed) ? (
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('organisation.rot.undo')}
                          onClick={() => edit(r.key, { deleted: false, ...r.current })}
                        >
                          <IconArrowBackUp size={16} />
                        </ActionIcon>
                      ) : (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('organisation.rot.delete')}
                          onClick={() =>
                            r.current
                              ? edit(r.key, { deleted: true })
                              : setRows((list) => list.filter((x) => x.key !== r.key))
                          }
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <Group>
          <Button
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            onClick={() => {
              const last = rows.filter((r) => !r.deleted).at(-1);
              setRows((list) => [
                ...list,
                {
                  key: `n${Date.now()}`,
                  current: null,
                  StartDate: last ? nextDay(last.EndDate) : '',
                  EndDate: '',
                  deleted: false,
                },
              ]);
              setPreview(null);
            }}
          >
            {t('organisation.rot.add')}
          </Button>
        </Group>
        <Checkbox
          label={t('organisation.rot.retain')}
          description={t('organisation.rot.retainHelp')}
          checked={retain}
          onChange={(e) => {
            setRetain(e.currentTarget.checked);
            setPreview(null);
          }}
        />
        <Checkbox
          label={t('organisation.rot.ignoreLocked')}
          description={t('organisation.rot.ignoreLockedHelp')}
          checked={ignoreLocked}
          onChange={(e) => {
            setIgnoreLocked(e.currentTarget.checked);
            setPreview(null);
          }}
        />
        {shown ? (
          <Alert
            color={done ? 'green' : 'blue'}
            title={done ? t('organisation.rot.applied') : t('organisation.rot.previewTitle')}
            data-testid="rotation-preview"
          >
            <List size="sm">
              {(
                [
                  'MovedPayPeriods',
                  'CreatedPayPeriods',
                  'DeletedPayPeriods',
                  'SkippedLockedPayPeriods',
                  'RetainedTimeEntries',
                  'DeletedTimeEntries',
                ] as const
              ).map((k) => (
                <List.Item key={k}>
                  {t(`organisation.rot.changes.${k}`, { count: shown.Changes[k] })}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {done ? t('organisation.close') : t('organisation.cancel')}
          </Button>
          <Button
            variant="light"
            disabled={nothing}
            loading={adjust.isPending && adjust.variables?.preview}
            onClick={() => void run(true)}
          >
            {t('organisation.rot.preview')}
          </Button>
          <Button
            disabled={nothing || !preview}
            loading={adjust.isPending && !adjust.variables?.preview}
            onClick={() => void run(false)}
          >
            {t('organisation.rot.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
