// The write-and-edit dialog of the notices' administration screens (bulletins, legal notices): the
// item being edited (or 'new'), its form and field errors; Save checks the form, creates or updates
// the item (an update carries the version read, so a change made meanwhile is refused and the list
// read again), and on a refusal shows the server's field errors beside the fields.
import { Button, Group, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, errorStatus } from '../../api/errors';
import { fieldErrors } from './format';

type Errors = Record<string, string>;

export interface NoticeEditorOptions<I, F> {
  empty: F;
  toForm: (item: I) => F;
  /** The field errors found before asking the server (empty: the form may be sent). */
  validate: (form: F) => Errors;
  /** Creates (item 'new') or updates the item. */
  submit: (item: I | 'new', form: F) => Promise<unknown>;
  savedMessage: string;
  /** The title of a refusal other than a conflict (409), by its HTTP status. */
  failedTitle: (status: number | undefined) => string;
  refresh: () => Promise<unknown>;
}

export function useNoticeEditor<I, F>(options: NoticeEditorOptions<I, F>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<I | 'new' | null>(null);
  const [form, setForm] = useState<F>(options.empty);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  function edit(item: I | 'new') {
    setEditing(item);
    setErrors({});
    setForm(item === 'new' ? options.empty : options.toForm(item));
  }

  async function save() {
    if (!editing) return;
    const local = options.validate(form);
    setErrors(local);
    if (Object.keys(local).length) return;
    setSaving(true);
    try {
      await options.submit(editing, form);
      notifications.show({ color: 'green', message: options.savedMessage });
      setEditing(null);
      await options.refresh();
    } catch (err) {
      setErrors(fieldErrors(err));
      const status = errorStatus(err);
      notifications.show({
        color: 'red',
        title: status === 409 ? t('notices.admin.conflict') : options.failedTitle(status),
        message: errorMessage(err),
      });
      if (status === 409) await options.refresh();
    } finally {
      setSaving(false);
    }
  }

  return { editing, form, setForm, errors, saving, edit, close: () => setEditing(null), save };
}

/** The heading field (a subject or a title) and the text of a notice. */
export function NoticeTextFields({
  headingLabel,
  heading,
  headingError,
  onHeading,
  bodyLabel,
  body,
  bodyError,
  onBody,
  rows,
}: {
  headingLabel: string;
  heading: string;
  headingError?: string;
  onHeading: (value: string) => void;
  bodyLabel: string;
  body: string;
  bodyError?: string;
  onBody: (value: string) => void;
  rows: { min: number; max: number };
}) {
  return (
    <>
      <TextInput
        label={headingLabel}
        value={heading}
        onChange={(e) => onHeading(e.currentTarget.value)}
        error={headingError}
        required
        data-autofocus
      />
      <Textarea
        label={bodyLabel}
        value={body}
        onChange={(e) => onBody(e.currentTarget.value)}
        error={bodyError}
        autosize
        minRows={rows.min}
        maxRows={rows.max}
        required
      />
    </>
  );
}

/** Cancel and Save under the dialog's fields. */
export function NoticeEditorActions({
  onCancel,
  onSave,
  saving,
}: {
  onCancel: () => void;
  onSave: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('notices.admin.cancel')}
      </Button>
      <Button onClick={onSave} loading={saving}>
        {t('notices.admin.save')}
      </Button>
    </Group>
  );
}
