// Onboarding policy editor: the four lists of a policy, one section each — application statuses,
// reference fields, document groups (with their requirements file) and documents (with their blank form).
import { Checkbox, NumberInput, Select, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type StatusType, VALUE_TYPES, type ValueType } from '../../../contract/onboarding';
import type { PolicyDraftEditor } from './policy-draft';
import { FileCell, RemoveCell, Section } from './policy-section';

interface SectionProps {
  editor: PolicyDraftEditor;
  /** The policy's id (the links to its files). */
  policyId: number;
  /** The application statuses' types, named (a status's type; a field required at one). */
  statusOptions: { value: StatusType; label: string }[];
}

/** The application statuses: a name and a status type each. */
export function StatusesSection({ editor, statusOptions }: SectionProps) {
  const { t } = useTranslation();
  const { draft, err, set, update, remove } = editor;
  return (
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
  );
}

/** The reference fields: name, the status it is required at, value type, input mask, sensitive, shown in the grid. */
export function FieldsSection({ editor, statusOptions }: SectionProps) {
  const { t } = useTranslation();
  const { draft, err, set, update, remove } = editor;
  return (
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
          <RemoveCell label={t('onboarding-policies.remove')} onRemove={() => remove('ReferenceFields', i)} />
        </Table.Tr>
      ))}
    </Section>
  );
}

/** The document groups: name, sort index and requirements file. */
export function GroupsSection({ editor, policyId }: SectionProps) {
  const { t } = useTranslation();
  const { draft, err, set, update, remove } = editor;
  return (
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
                  ? `/api/onboarding-policies/${policyId}/document-groups/${g.OnboardingDocumentGroupID}/requirements-file`
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
  );
}

/** The documents: name, group, required and blank form. */
export function DocumentsSection({ editor, policyId }: SectionProps) {
  const { t } = useTranslation();
  const { draft, err, set, update, remove } = editor;
  const groupNames = draft.OnboardingDocumentGroups.map((g) => g.Name.trim()).filter(Boolean);
  return (
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
                  ? `/api/onboarding-policies/${policyId}/documents/${d.OnboardingDocumentID}/blank-form`
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
  );
}
