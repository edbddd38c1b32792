// Onboarding policy editor (back office, online only, onboarding:policies): pick a division taking
// applications, edit its policy (contact e-mails, application statuses, reference fields, document
// groups with their requirements file, documents with their blank form, self sign-up) and save it with
// its Version. A stale save offers a reload; the server's messages are shown by field and row (a status
// still used by applications cannot be removed: the server says so).
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isResponseError } from '../../../api/errors';
import {
  type OnboardingPolicy,
  type OnboardingPolicyPatch,
  STATUS_TYPES,
  type StatusType,
  VALUE_TYPES,
  type ValueType,
} from '../../../contract/onboarding';
import { QueryView } from '../../../ui/query-view';
import { ScrollTable } from '../../../ui/scroll-table';
import { useOnboardingDivisions } from '../api/applications';
import { useDivisionPolicy, useSavePolicy } from './api';

interface StatusRow {
  OnboardingApplicationStatusID: number | null;
  Name: string;
  StatusType: StatusType;
}
interface FieldRow {
  OnboardingReferenceFieldID: number | null;
  Name: string;
  RequiredAtStatus: StatusType | null;
  IsSensitive: boolean;
  InputMask: string;
  ValueType: ValueType;
  ShowInGrid: boolean;
}
interface GroupRow {
  OnboardingDocumentGroupID: number | null;
  Name: string;
  SortIndex: number;
  RequirementsFileName: string | null;
  file: File | null;
}
interface DocumentRow {
  OnboardingDocumentID: number | null;
  Name: string;
  DocumentGroup: string | null;
  IsRequired: boolean;
  BlankFormFileName: string | null;
  file: File | null;
}
interface Draft {
  EnableSelfSignUp: boolean;
  ContactEmails: string[];
  ApplicationStatuses: StatusRow[];
  ReferenceFields: FieldRow[];
  OnboardingDocumentGroups: GroupRow[];
  OnboardingDocuments: DocumentRow[];
}

function draftOf(p: OnboardingPolicy): Draft {
  return {
    EnableSelfSignUp: p.EnableSelfSignUp,
    ContactEmails: [...p.ContactEmails],
    ApplicationStatuses: p.ApplicationStatuses.map((s) => ({ ...s })),
    ReferenceFields: p.ReferenceFields.map((f) => ({ ...f, InputMask: f.InputMask ?? '' })),
    OnboardingDocumentGroups: p.OnboardingDocumentGroups.map((g) => ({ ...g, file: null })),
    OnboardingDocuments: p.OnboardingDocuments.map((d) => ({
      OnboardingDocumentID: d.OnboardingDocumentID,
      Name: d.Name,
      DocumentGroup: d.DocumentGroup,
      IsRequired: d.IsRequired,
      BlankFormFileName: d.BlankFormFileName,
      file: null,
    })),
  };
}

type FieldErrors = Record<string, string[]>;
type ListKey = 'ApplicationStatuses' | 'ReferenceFields' | 'OnboardingDocumentGroups' | 'OnboardingDocuments';
type Item<K extends ListKey> = Draft[K][number];

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

function PolicyEditor({ policy, reload }: { policy: OnboardingPolicy; reload: () => unknown }) {
  const { t } = useTranslation();
  const save = useSavePolicy();
  const [draft, setDraft] = useState<Draft>(() => draftOf(policy));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ text: string; stale: boolean } | null>(null);
  const [saved, setSaved] = useState(false);
  // A newer version (after a save or a reload) replaces the draft: new items get their ids.
  useEffect(() => setDraft(draftOf(policy)), [policy]);
  const err = (path: string) => errors[path]?.join(' ') || undefined;
  const set = (change: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setSaved(false);
  };
  const update = <K extends ListKey>(key: K, i: number, change: Partial<Item<K>>) =>
    setDraft((d) => {
      const list = [...(d[key] as Item<K>[])];
      list[i] = { ...list[i], ...change } as Item<K>;
      setSaved(false);
      return { ...d, [key]: list };
    });
  const remove = (key: ListKey, i: number) =>
    setDraft((d) => ({ ...d, [key]: (d[key] as unknown[]).filter((_, j) => j !== i) }));
  const statusOptions = STATUS_TYPES.map((s) => ({ value: s, label: t(`onboarding.statusType.${s}`) }));
  const groupNames = draft.OnboardingDocumentGroups.map((g) => g.Name.trim()).filter(Boolean);

  const submit = async () => {
    setErrors({});
    setFailure(null);
    setSaved(false);
    const files = new Map<string, File>();
    draft.OnboardingDocumentGroups.forEach((g, i) => {
      if (g.file) files.set(`RequirementsFile:${i}`, g.file);
    });
    draft.OnboardingDocuments.forEach((d, i) => {
      if (d.file) files.set(`BlankForm:${i}`, d.file);
    });
    const body: OnboardingPolicyPatch = {
      Version: policy.Version,
      EnableSelfSignUp: draft.EnableSelfSignUp,
      ContactEmails: draft.ContactEmails,
      ApplicationStatuses: draft.ApplicationStatuses,
      ReferenceFields: draft.ReferenceFields.map((f) => ({ ...f, InputMask: f.InputMask.trim() || null })),
      OnboardingDocumentGroups: draft.OnboardingDocumentGroups.map((g) => ({
        OnboardingDocumentGroupID: g.OnboardingDocumentGroupID,
        Name: g.Name,
        SortIndex: g.SortIndex,
      })),
      OnboardingDocuments: draft.OnboardingDocuments.map((d) => ({
        OnboardingDocumentID: d.OnboardingDocumentID,
        Name: d.Name,
        DocumentGroup: d.DocumentGroup,
        IsRequired: d.IsRequired,
      })),
    };
    try {
      await save.mutateAsync({ policyId: policy.OnboardingPolicyID, body, files });
      setSaved(true);
    } catch (e) {
      const data = isResponseError(e) ? (e.data as { Errors?: FieldErrors; Current?: unknown }) : undefined;
      const stale = isResponseError(e) && e.status === 409 && !!data?.Current;
      setErrors(data?.Errors ?? {});
      const count = Object.keys(data?.Errors ?? {}).length;
      setFailure({
        text: stale
          ? t('onboarding-policies.stale')
          : count
            ? t('onboarding-policies.checkFields', { count })
            : errorMessage(e),
        stale,
      });
    }
  };

  return (
    <Stack gap="md">
      <Card withBorder>
        <Stack gap="sm">
          <Text fw={600}>{policy.Name}</Text>
          <Switch
            label={t('onboarding-policies.selfSignUp')}
            checked={draft.EnableSelfSignUp}
            onChange={(e) => set({ EnableSelfSignUp: e.currentTarget.checked })}
          />
          <TagsInput
            label={t('onboarding-policies.contactEmails')}
            description={t('onboarding-policies.contactEmailsHint')}
            value={draft.ContactEmails}
            onChange={(v) => set({ ContactEmails: v })}
            error={
              err('ContactEmails') ??
              (Object.entries(errors)
                .filter(([k]) => k.startsWith('ContactEmails.'))
                .map(([k, m]) => `${draft.ContactEmails[Number(k.split('.')[1])] ?? ''}: ${m.join(' ')}`)
                .join(' · ') ||
                undefined)
            }
            clearable
          />
        </Stack>
      </Card>

      <Section
        title={t('onboarding-policies.statuses')}
        error={err('ApplicationStatuses')}
        onAdd={() =>
          set({
            ApplicationStatuses: [
              ...draft.ApplicationStatuses,
              { OnboardingApplicationStatusID: null, Name: '', StatusType: 'Initial' },
            ],
          })
        }
        addLabel={t('onboarding-policies.addStatus')}
        heads={[t('onboarding-policies.name'), t('onboarding-policies.statusType'), '']}
      >
        {draft.ApplicationStatuses.map((s, i) => (
          <Table.Tr key={s.OnboardingApplicationStatusID ?? `new-${i}`}>
            <Table.Td>
              <TextInput
                aria-label={t('onboarding-policies.name')}
                value={s.Name}
                onChange={(e) => update('ApplicationStatuses', i, { Name: e.currentTarget.value })}
                error={err(`ApplicationStatuses.${i}.Name`)}
              />
            </Table.Td>
            <Table.Td>
              <Select
                aria-label={t('onboarding-policies.statusType')}
                data={statusOptions}
                value={s.StatusType}
                allowDeselect={false}
                onChange={(v) => v && update('ApplicationStatuses', i, { StatusType: v as StatusType })}
                error={err(`ApplicationStatuses.${i}.StatusType`)}
              />
            </Table.Td>
            <RemoveCell
              label={t('onboarding-policies.remove')}
              onRemove={() => remove('ApplicationStatuses', i)}
            />
          </Table.Tr>
        ))}
      </Section>

      <Section
        title={t('onboarding-policies.fields')}
        error={err('ReferenceFields')}
        onAdd={() =>
          set({
            ReferenceFields: [
              ...draft.ReferenceFields,
              {
                OnboardingReferenceFieldID: null,
                Name: '',
                RequiredAtStatus: null,
                IsSensitive: false,
                InputMask: '',
                ValueType: 'Text',
                ShowInGrid: false,
              },
            ],
          })
        }
        addLabel={t('onboarding-policies.addField')}
        heads={[
          t('onboarding-policies.name'),
          t('onboarding-policies.requiredAt'),
          t('onboarding-policies.valueType'),
          t('onboarding-policies.inputMask'),
          t('onboarding-policies.sensitive'),
          t('onboarding-policies.showInGrid'),
          '',
        ]}
      >
        {draft.ReferenceFields.map((f, i) => (
          <Table.Tr key={f.OnboardingReferenceFieldID ?? `new-${i}`}>
            <Table.Td>
              <TextInput
                aria-label={t('onboarding-policies.name')}
                value={f.Name}
                onChange={(e) => update('ReferenceFields', i, { Name: e.currentTarget.value })}
                error={err(`ReferenceFields.${i}.Name`)}
              />
            </Table.Td>
            <Table.Td>
              <Select
                aria-label={t('onboarding-policies.requiredAt')}
                placeholder={t('onboarding-policies.notRequired')}
                data={statusOptions}
                value={f.RequiredAtStatus}
                clearable
                onChange={(v) =>
                  update('ReferenceFields', i, { RequiredAtStatus: (v as StatusType | null) ?? null })
                }
                error={err(`ReferenceFields.${i}.RequiredAtStatus`)}
              />
            </Table.Td>
            <Table.Td>
              <Select
                aria-label={t('onboarding-policies.valueType')}
                data={VALUE_TYPES.map((v) => ({ value: v, label: t(`onboarding-policies.valueTypes.${v}`) }))}
                value={f.ValueType}
                allowDeselect={false}
                onChange={(v) => v && update('ReferenceFields', i, { ValueType: v as ValueType })}
                error={err(`ReferenceFields.${i}.ValueType`)}
              />
            </Table.Td>
            <Table.Td>
              <TextInput
                aria-label={t('onboarding-policies.inputMask')}
                value={f.InputMask}
                onChange={(e) => update('ReferenceFields', i, { InputMask: e.currentTarget.value })}
                error={err(`ReferenceFields.${i}.InputMask`)}
              />
            </Table.Td>
            <Table.Td>
              <Checkbox
                aria-label={t('onboarding-policies.sensitive')}
                checked={f.IsSensitive}
                onChange={(e) => update('ReferenceFields', i, { IsSensitive: e.currentTarget.checked })}
              />
            </Table.Td>
            <Table.Td>
              <Checkbox
                aria-label={t('onboarding-policies.showInGrid')}
                checked={f.ShowInGrid}
                onChange={(e) => update('ReferenceFields', i, { ShowInGrid: e.currentTarget.checked })}
              />
            </Table.Td>
            <RemoveCell
              label={t('onboarding-policies.remove')}
              onRemove={() => remove('ReferenceFields', i)}
            />
          </Table.Tr>
        ))}
      </Section>

      <Section
        title={t('onboarding-policies.groups')}
        error={err('OnboardingDocumentGroups')}
        onAdd={() =>
          set({
            OnboardingDocumentGroups: [
              ...draft.OnboardingDocumentGroups,
              {
                OnboardingDocumentGroupID: null,
                Name: '',
                SortIndex: draft.OnboardingDocumentGroups.length,
                RequirementsFileName: null,
                file: null,
              },
            ],
          })
        }
        addLabel={t('onboarding-policies.addGroup')}
        heads={[
          t('onboarding-policies.name'),
          t('onboarding-policies.sortIndex'),
          t('onboarding-policies.requirementsFile'),
          '',
        ]}
      >
        {draft.OnboardingDocumentGroups.map((g, i) => (
          <Table.Tr key={g.OnboardingDocumentGroupID ?? `new-${i}`}>
            <Table.Td>
              <TextInput
                aria-label={t('onboarding-policies.name')}
                value={g.Name}
                onChange={(e) => update('OnboardingDocumentGroups', i, { Name: e.currentTarget.value })}
                error={err(`OnboardingDocumentGroups.${i}.Name`)}
              />
            </Table.Td>
            <Table.Td w={120}>
              <NumberInput
                aria-label={t('onboarding-policies.sortIndex')}
                value={g.SortIndex}
                allowDecimal={false}
                onChange={(v) => update('OnboardingDocumentGroups', i, { SortIndex: Number(v) || 0 })}
                error={err(`OnboardingDocumentGroups.${i}.SortIndex`)}
              />
            </Table.Td>
            <Table.Td>
              <FileCell
                current={g.RequirementsFileName}
                href={
                  g.OnboardingDocumentGroupID && g.RequirementsFileName
                    ? `/api/onboarding-policies/${policy.OnboardingPolicyID}/document-groups/${g.OnboardingDocumentGroupID}/requirements-file`
                    : null
                }
                file={g.file}
                onChange={(file) => update('OnboardingDocumentGroups', i, { file })}
                error={err(`RequirementsFile:${i}`)}
              />
            </Table.Td>
            <RemoveCell
              label={t('onboarding-policies.remove')}
              onRemove={() => remove('OnboardingDocumentGroups', i)}
            />
          </Table.Tr>
        ))}
      </Section>

      <Section
        title={t('onboarding-policies.documents')}
        error={err('OnboardingDocuments')}
        onAdd={() =>
          set({
            OnboardingDocuments: [
              ...draft.OnboardingDocuments,
              {
                OnboardingDocumentID: null,
                Name: '',
                DocumentGroup: null,
                IsRequired: false,
                BlankFormFileName: null,
                file: null,
              },
            ],
          })
        }
        addLabel={t('onboarding-policies.addDocument')}
        heads={[
          t('onboarding-policies.name'),
          t('onboarding-policies.group'),
          t('onboarding-policies.required'),
          t('onboarding-policies.blankForm'),
          '',
        ]}
      >
        {draft.OnboardingDocuments.map((d, i) => (
          <Table.Tr key={d.OnboardingDocumentID ?? `new-${i}`}>
            <Table.Td>
              <TextInput
                aria-label={t('onboarding-policies.name')}
                value={d.Name}
                onChange={(e) => update('OnboardingDocuments', i, { Name: e.currentTarget.value })}
                error={err(`OnboardingDocuments.${i}.Name`)}
              />
            </Table.Td>
            <Table.Td>
              <Select
                aria-label={t('onboarding-policies.group')}
                placeholder={t('onboarding-policies.noGroup')}
                data={[...new Set([...groupNames, ...(d.DocumentGroup ? [d.DocumentGroup] : [])])]}
                value={d.DocumentGroup}
                clearable
                onChange={(v) => update('OnboardingDocuments', i, { DocumentGroup: v })}
                error={err(`OnboardingDocuments.${i}.DocumentGroup`)}
              />
            </Table.Td>
            <Table.Td>
              <Checkbox
                aria-label={t('onboarding-policies.required')}
                checked={d.IsRequired}
                onChange={(e) => update('OnboardingDocuments', i, { IsRequired: e.currentTarget.checked })}
              />
            </Table.Td>
            <Table.Td>
              <FileCell
                current={d.BlankFormFileName}
                href={
                  d.OnboardingDocumentID && d.BlankFormFileName
                    ? `/api/onboarding-policies/${policy.OnboardingPolicyID}/documents/${d.OnboardingDocumentID}/blank-form`
                    : null
                }
                file={d.file}
                onChange={(file) => update('OnboardingDocuments', i, { file })}
                error={err(`BlankForm:${i}`)}
              />
            </Table.Td>
            <RemoveCell
              label={t('onboarding-policies.remove')}
              onRemove={() => remove('OnboardingDocuments', i)}
            />
          </Table.Tr>
        ))}
      </Section>

      <Card
        withBorder
        padding="sm"
        style={{ position: 'sticky', bottom: 0, zIndex: 2 }}
        data-testid="policy-footer"
      >
        <Stack gap="xs">
          {failure && (
            <Alert
              color="red"
              role="alert"
              title={t('onboarding-policies.saveFailed')}
              data-testid="policy-error"
            >
              <Text size="sm">{failure.text}</Text>
              {failure.stale && (
                <Button mt="xs" size="xs" variant="light" onClick={() => reload()}>
                  {t('onboarding-policies.reload')}
                </Button>
              )}
            </Alert>
          )}
          {saved && (
            <Alert color="green" role="status">
              {t('onboarding-policies.saved')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDraft(draftOf(policy))} disabled={save.isPending}>
              {t('onboarding-policies.discard')}
            </Button>
            <Button onClick={() => void submit()} loading={save.isPending} data-testid="policy-save">
              {t('onboarding-policies.save')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

function Section({
  title,
  heads,
  error,
  addLabel,
  onAdd,
  children,
}: {
  title: string;
  heads: string[];
  error?: string;
  addLabel: string;
  onAdd: () => void;
  children: React.ReactNode[];
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        {children.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('onboarding-policies.none')}
          </Text>
        ) : (
          <ScrollTable label={title} minWidth={720}>
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  {heads.map((h, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed column headings
                    <Table.Th key={i}>{h}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{children}</Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}

function RemoveCell({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Table.Td w={48}>
      <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Table.Td>
  );
}

function FileCell({
  current,
  href,
  file,
  onChange,
  error,
}: {
  current: string | null;
  href: string | null;
  file: File | null;
  onChange: (f: File | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      {current && !file && (
        <Text size="xs">
          {href ? (
            <Anchor href={href} target="_blank" rel="noopener">
              {current}
            </Anchor>
          ) : (
            current
          )}
        </Text>
      )}
      <FileInput
        aria-label={t('onboarding-policies.upload')}
        placeholder={current ? t('onboarding-policies.replace') : t('onboarding-policies.upload')}
        accept="image/gif,image/jpeg,image/png,application/pdf"
        value={file}
        onChange={onChange}
        clearable
        size="xs"
        error={error}
      />
    </Stack>
  );
}
