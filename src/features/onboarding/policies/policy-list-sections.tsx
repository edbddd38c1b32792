// Onboarding policy editor: the four lists of a policy, one section each — application statuses,
// reference fields, document groups (with their requirements file) and documents (with their blank form).
// Each states its blank item and the columns after Name (ListSection, in policy-section, does the rest).
import { NumberInput, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type StatusType, VALUE_TYPES, type ValueType } from '../../../contract/onboarding';
import type { PolicyDraftEditor } from './policy-draft';
import { checkColumn, FileCell, ListSection } from './policy-section';

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
  return (
    <ListSection
      editor={editor}
      list="ApplicationStatuses"
      title={t('onboarding-policies.statuses')}
      addLabel={t('onboarding-policies.addStatus')}
      blank={() => ({ OnboardingApplicationStatusID: null, Name: '', StatusType: 'Initial' })}
      id={(s) => s.OnboardingApplicationStatusID}
      columns={[
        {
          head: t('onboarding-policies.statusType'),
          cell: (s, row) => (
            <Select
              aria-label={t('onboarding-policies.statusType')}
              data={statusOptions}
              value={s.StatusType}
              allowDeselect={false}
              onChange={(v) => v && row.update({ StatusType: v as StatusType })}
              error={row.err('StatusType')}
            />
          ),
        },
      ]}
    />
  );
}

/** The reference fields: name, the status it is required at, value type, input mask, sensitive, shown in the grid. */
export function FieldsSection({ editor, statusOptions }: SectionProps) {
  const { t } = useTranslation();
  return (
    <ListSection
      editor={editor}
      list="ReferenceFields"
      title={t('onboarding-policies.fields')}
      addLabel={t('onboarding-policies.addField')}
      blank={() => ({
        OnboardingReferenceFieldID: null,
        Name: '',
        RequiredAtStatus: null,
        IsSensitive: false,
        InputMask: '',
        ValueType: 'Text',
        ShowInGrid: false,
      })}
      id={(f) => f.OnboardingReferenceFieldID}
      columns={[
        {
          head: t('onboarding-policies.requiredAt'),
          cell: (f, row) => (
            <Select
              aria-label={t('onboarding-policies.requiredAt')}
              placeholder={t('onboarding-policies.notRequired')}
              data={statusOptions}
              value={f.RequiredAtStatus}
              clearable
              onChange={(v) => row.update({ RequiredAtStatus: (v as StatusType | null) ?? null })}
              error={row.err('RequiredAtStatus')}
            />
          ),
        },
        {
          head: t('onboarding-policies.valueType'),
          cell: (f, row) => (
            <Select
              aria-label={t('onboarding-policies.valueType')}
              data={VALUE_TYPES.map((v) => ({ value: v, label: t(`onboarding-policies.valueTypes.${v}`) }))}
              value={f.ValueType}
              allowDeselect={false}
              onChange={(v) => v && row.update({ ValueType: v as ValueType })}
              error={row.err('ValueType')}
            />
          ),
        },
        {
          head: t('onboarding-policies.inputMask'),
          cell: (f, row) => (
            <TextInput
              aria-label={t('onboarding-policies.inputMask')}
              value={f.InputMask}
              onChange={(e) => row.update({ InputMask: e.currentTarget.value })}
              error={row.err('InputMask')}
            />
          ),
        },
        checkColumn<'ReferenceFields'>(t('onboarding-policies.sensitive'), 'IsSensitive'),
        checkColumn<'ReferenceFields'>(t('onboarding-policies.showInGrid'), 'ShowInGrid'),
      ]}
    />
  );
}

/** The document groups: name, sort index and requirements file. */
export function GroupsSection({ editor, policyId }: SectionProps) {
  const { t } = useTranslation();
  const groups = editor.draft.OnboardingDocumentGroups;
  return (
    <ListSection
      editor={editor}
      list="OnboardingDocumentGroups"
      title={t('onboarding-policies.groups')}
      addLabel={t('onboarding-policies.addGroup')}
      blank={() => ({
        OnboardingDocumentGroupID: null,
        Name: '',
        SortIndex: groups.length,
        RequirementsFileName: null,
        file: null,
      })}
      id={(g) => g.OnboardingDocumentGroupID}
      columns={[
        {
          head: t('onboarding-policies.sortIndex'),
          w: 120,
          cell: (g, row) => (
            <NumberInput
              aria-label={t('onboarding-policies.sortIndex')}
              value={g.SortIndex}
              allowDecimal={false}
              onChange={(v) => row.update({ SortIndex: Number(v) || 0 })}
              error={row.err('SortIndex')}
            />
          ),
        },
        {
          head: t('onboarding-policies.requirementsFile'),
          cell: (g, row) => (
            <FileCell
              current={g.RequirementsFileName}
              href={
                g.OnboardingDocumentGroupID && g.RequirementsFileName
                  ? `/api/onboarding-policies/${policyId}/document-groups/${g.OnboardingDocumentGroupID}/requirements-file`
                  : null
              }
              file={g.file}
              onChange={(file) => row.update({ file })}
              error={editor.err(`RequirementsFile:${row.i}`)}
            />
          ),
        },
      ]}
    />
  );
}

/** The documents: name, group, required and blank form. */
export function DocumentsSection({ editor, policyId }: SectionProps) {
  const { t } = useTranslation();
  const groupNames = editor.draft.OnboardingDocumentGroups.map((g) => g.Name.trim()).filter(Boolean);
  return (
    <ListSection
      editor={editor}
      list="OnboardingDocuments"
      title={t('onboarding-policies.documents')}
      addLabel={t('onboarding-policies.addDocument')}
      blank={() => ({
        OnboardingDocumentID: null,
        Name: '',
        DocumentGroup: null,
        IsRequired: false,
        BlankFormFileName: null,
        file: null,
      })}
      id={(d) => d.OnboardingDocumentID}
      columns={[
        {
          head: t('onboarding-policies.group'),
          cell: (d, row) => (
            <Select
              aria-label={t('onboarding-policies.group')}
              placeholder={t('onboarding-policies.noGroup')}
              data={[...new Set([...groupNames, ...(d.DocumentGroup ? [d.DocumentGroup] : [])])]}
              value={d.DocumentGroup}
              clearable
              onChange={(v) => row.update({ DocumentGroup: v })}
              error={row.err('DocumentGroup')}
            />
          ),
        },
        checkColumn<'OnboardingDocuments'>(t('onboarding-policies.required'), 'IsRequired'),
        {
          head: t('onboarding-policies.blankForm'),
          cell: (d, row) => (
            <FileCell
              current={d.BlankFormFileName}
              href={
                d.OnboardingDocumentID && d.BlankFormFileName
                  ? `/api/onboarding-policies/${policyId}/documents/${d.OnboardingDocumentID}/blank-form`
                  : null
              }
              file={d.file}
              onChange={(file) => row.update({ file })}
              error={editor.err(`BlankForm:${row.i}`)}
            />
          ),
        },
      ]}
    />
  );
}
