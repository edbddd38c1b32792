// Onboarding policy editor: the draft being edited (rows of each list, as the form holds them) and
// the hook that holds it — field changes, the server's errors by path, and Save with its Version.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isResponseError } from '../../../api/errors';
import type {
  OnboardingPolicy,
  OnboardingPolicyPatch,
  StatusType,
  ValueType,
} from '../../../contract/onboarding';
import { useSavePolicy } from './api';

export interface StatusRow {
  OnboardingApplicationStatusID: number | null;
  Name: string;
  StatusType: StatusType;
}
export interface FieldRow {
  OnboardingReferenceFieldID: number | null;
  Name: string;
  RequiredAtStatus: StatusType | null;
  IsSensitive: boolean;
  InputMask: string;
  ValueType: ValueType;
  ShowInGrid: boolean;
}
export interface GroupRow {
  OnboardingDocumentGroupID: number | null;
  Name: string;
  SortIndex: number;
  RequirementsFileName: string | null;
  file: File | null;
}
export interface DocumentRow {
  OnboardingDocumentID: number | null;
  Name: string;
  DocumentGroup: string | null;
  IsRequired: boolean;
  BlankFormFileName: string | null;
  file: File | null;
}
export interface Draft {
  EnableSelfSignUp: boolean;
  ContactEmails: string[];
  ApplicationStatuses: StatusRow[];
  ReferenceFields: FieldRow[];
  OnboardingDocumentGroups: GroupRow[];
  OnboardingDocuments: DocumentRow[];
}

export function draftOf(p: OnboardingPolicy): Draft {
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

export type FieldErrors = Record<string, string[]>;
export type ListKey =
  | 'ApplicationStatuses'
  | 'ReferenceFields'
  | 'OnboardingDocumentGroups'
  | 'OnboardingDocuments';
export type Item<K extends ListKey> = Draft[K][number];

/** The editor's state and what changes it (see usePolicyDraft). */
export interface PolicyDraftEditor {
  draft: Draft;
  errors: FieldErrors;
  failure: { text: string; stale: boolean } | null;
  saved: boolean;
  saving: boolean;
  /** The server's messages for a field's path, joined; undefined when none. */
  err: (path: string) => string | undefined;
  set: (change: Partial<Draft>) => void;
  update: <K extends ListKey>(key: K, i: number, change: Partial<Item<K>>) => void;
  remove: (key: ListKey, i: number) => void;
  /** Back to the policy as loaded. */
  discard: () => void;
  submit: () => Promise<void>;
}

export function usePolicyDraft(policy: OnboardingPolicy): PolicyDraftEditor {
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

  return {
    draft,
    errors,
    failure,
    saved,
    saving: save.isPending,
    err,
    set,
    update,
    remove,
    discard: () => setDraft(draftOf(policy)),
    submit,
  };
}
