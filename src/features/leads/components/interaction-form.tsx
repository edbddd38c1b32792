// "Record an interaction": new status, declaration, note, time of the knock and (when permitted) the
// phone's position at that moment → the offline command lead.logInteraction.
import { Button, Group, Stack, Switch } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '../../../app/app-context';
import type { LeadStatus } from '../../../contract/leads';
import { currentFix, recordInteraction } from '../lead-actions';
import type { LeadLocal } from '../merge-markers';
import { announceDelivery } from './delivery-notice';
import {
  CLEAR,
  type KnockErrors,
  KnockFields,
  type KnockValues,
  knockDefaults,
  knockInstant,
  validateKnock,
} from './knock-fields';

export function InteractionForm(props: {
  userId: string;
  lead: LeadLocal;
  statuses: readonly LeadStatus[];
  noteRequired: readonly number[];
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { userId, lead, statuses, noteRequired, onCancel, onSaved } = props;
  const opened = useRef(new Date());
  const [values, setValues] = useState<KnockValues>(() => knockDefaults(opened.current));
  const [errors, setErrors] = useState<KnockErrors>({});
  const [busy, setBusy] = useState(false);
  const engine = useSyncEngine();
  const [withLocation, setWithLocation] = useLocalStorage({ key: 'apex.leads.location', defaultValue: true });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = validateKnock(values, { noteRequired, requireSomething: true });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const fix = withLocation ? await currentFix() : null;
      const rowId = await recordInteraction({
        userId,
        lead,
        statuses,
        input: {
          LeadStatusID: values.status ? Number(values.status) : null,
          DeclaredStatusID:
            values.declared === null ? undefined : values.declared === CLEAR ? null : Number(values.declared),
          Note: values.note,
          OccurredAt: knockInstant(values.when, opened.current),
          fix,
        },
      });
      void announceDelivery(rowId, engine, t, {
        sending: 'leads.knock.sending',
        sent: 'leads.knock.sent',
        queued: 'leads.knock.saved',
      });
      onSaved();
    } catch (err) {
      notifications.show({
        color: 'red',
        title: t('leads.knock.failed'),
        message: err instanceof Error ? err.message : String(err),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="interaction-form" noValidate>
      <Stack gap="sm">
        <KnockFields values={values} errors={errors} statuses={statuses} onChange={setValues} existing />
        <Switch
          label={t('leads.knock.recordLocation')}
          checked={withLocation}
          onChange={(e) => setWithLocation(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} data-testid="save-interaction">
            {t('leads.knock.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
