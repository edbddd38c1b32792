// Create or edit an event (with its time slots). Checked with the contract's ScheduleEventSave schema
// (the server's own rules), then queued as an offline draft: it works with no connection.
import {
  ActionIcon,
  Alert,
  Button,
  Collapse,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScheduleEventSave, type ScheduleEventWithSlots } from '../../../contract/scheduling';
import type { EventLookups } from '../api/get-event-lookups';
import { toWireTime } from '../board';

interface SlotRow {
  key: number;
  TimeSlotID?: number;
  StartTime: string;
  EndTime: string;
  Capacity: number | string;
  /** People holding a place (a slot with people cannot be removed). */
  taken: number;
}

interface FormValues {
  Title: string;
  EventHostID: string | null;
  Date: string;
  StartTime: string;
  EndTime: string;
  ProgramID: string | null;
  StoreID: string | null;
  StreetLine1: string;
  StreetLine2: string;
  City: string;
  StateProvince: string;
  PostalCode: string;
  CountryID: string | null;
  Notes: string;
  slots: SlotRow[];
}

let nextKey = 1;

const ADDRESS_KEYS = ['StreetLine1', 'StreetLine2', 'City', 'StateProvince', 'PostalCode', 'CountryID'];

const hm = (time: string) => time.slice(0, 5);

function initialValues(event: ScheduleEventWithSlots | null, date: string): FormValues {
  if (!event)
    return {
      Title: '',
      EventHostID: null,
      Date: date,
      StartTime: '10:00',
      EndTime: '18:00',
      ProgramID: null,
      StoreID: null,
      StreetLine1: '',
      StreetLine2: '',
      City: '',
      StateProvince: '',
      PostalCode: '',
      CountryID: null,
      Notes: '',
      slots: [{ key: nextKey++, StartTime: '10:00', EndTime: '14:00', Capacity: 2, taken: 0 }],
    };
  return {
    Title: event.Title,
    EventHostID: event.EventHostID ? String(event.EventHostID) : null,
    Date: event.Date,
    StartTime: hm(event.StartTime),
    EndTime: hm(event.EndTime),
    ProgramID: event.ProgramID ? String(event.ProgramID) : null,
    StoreID: event.StoreID ? String(event.StoreID) : null,
    StreetLine1: event.StreetLine1 ?? '',
    StreetLine2: event.StreetLine2 ?? '',
    City: event.City ?? '',
    StateProvince: event.StateProvince ?? '',
    PostalCode: event.PostalCode ?? '',
    CountryID: event.CountryID ? String(event.CountryID) : null,
    Notes: event.Notes ?? '',
    slots: event.TimeSlots.map((s) => ({
      key: nextKey++,
      TimeSlotID: s.TimeSlotID > 0 ? s.TimeSlotID : undefined,
      StartTime: hm(s.StartTime),
      EndTime: hm(s.EndTime),
      Capacity: s.Capacity,
      taken: s.Assignments.filter((a) => a.Status === 1 || a.Status === 2).length || s.AssignedCount,
    })),
  };
}

const num = (v: string | null) => (v ? Number(v) : null);

/** The form as the wire payload (unchecked: the schema decides). */
function toPayload(v: FormValues, officeId: number): unknown {
  return {
    IcdOfficeID: officeId,
    EventHostID: num(v.EventHostID),
    Title: v.Title,
    Date: v.Date,
    StartTime: toWireTime(v.StartTime),
    EndTime: toWireTime(v.EndTime),
    ProgramID: num(v.ProgramID),
    StoreID: num(v.StoreID),
    StreetLine1: v.StreetLine1 || null,
    StreetLine2: v.StreetLine2 || null,
    City: v.City || null,
    StateProvince: v.StateProvince || null,
    PostalCode: v.PostalCode || null,
    CountryID: num(v.CountryID),
    Notes: v.Notes || null,
    TimeSlots: v.slots.map((s) => ({
      ...(s.TimeSlotID ? { TimeSlotID: s.TimeSlotID } : {}),
      StartTime: toWireTime(s.StartTime),
      EndTime: toWireTime(s.EndTime),
      Capacity: typeof s.Capacity === 'number' ? s.Capacity : Number.NaN,
    })),
  };
}

export interface EventFormProps {
  opened: boolean;
  /** null: a new event. */
  event: ScheduleEventWithSlots | null;
  officeId: number;
  /** Date of a new event. */
  defaultDate: string;
  lookups: EventLookups | undefined;
  lookupsError: string | null;
  online: boolean;
  onClose(): void;
  onSave(
    save: ScheduleEventSave,
    names: { EventHostName: string | null; HostTypeID: 1 | 2 | 3 | 4 | null },
  ): Promise<void>;
}

export function EventForm({
  opened,
  event,
  officeId,
  defaultDate,
  lookups,
  lookupsError,
  online,
  onClose,
  onSave,
}: EventFormProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const [values, setValues] = useState<FormValues>(() => initialValues(event, defaultDate));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [addressOpen, setAddressOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset each time the form opens
  useEffect(() => {
    if (!opened) return;
    setValues(initialValues(event, defaultDate));
    setErrors({});
    setSaveError(null);
    setAddressOpen(!!event?.StreetLine1 && !event.EventHostID);
  }, [opened]);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  };
  const setSlot = (key: number, patch: Partial<SlotRow>) => {
    setValues((v) => ({ ...v, slots: v.slots.map((s) => (s.key === key ? { ...s, ...patch } : s)) }));
    const index = values.slots.findIndex((s) => s.key === key);
    setErrors((e) =>
      Object.fromEntries(
        Object.entries(e).filter(([k]) => !k.startsWith(`TimeSlots.${index}.`) && k !== 'TimeSlots'),
      ),
    );
  };

  const hosts = lookups?.Hosts ?? [];
  const hostOptions = hosts
    .filter((h) => h.IsActive || String(h.EventHostID) === values.EventHostID)
    .map((h) => ({
      value: String(h.EventHostID),
      label: `${h.Name} (${t(`scheduling.hostTypes.${h.HostTypeID}`)})`,
    }));

  async function submit() {
    const parsed = ScheduleEventSave.safeParse(toPayload(values, officeId));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        next[key] ??= fieldMessage(issue.message, t);
      }
      setErrors(next);
      if (ADDRESS_KEYS.some((k) => next[k])) setAddressOpen(true);
      // Keyboard and screen-reader users land on the first field to fix.
      setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    const host = hosts.find((h) => h.EventHostID === parsed.data.EventHostID);
    setSaving(true);
    setSaveError(null);
    try {
      await onSave(parsed.data, { EventHostName: host?.Name ?? null, HostTypeID: host?.HostTypeID ?? null });
    } catch (err) {
      setSaveError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  }

  const err = (key: string) => errors[key];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={phone}
      size="lg"
      title={event ? t('scheduling.form.editTitle') : t('scheduling.form.newTitle')}
    >
      <form
        ref={formRef}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          {!online && <Alert color="gray">{t('scheduling.form.offlineNote')}</Alert>}
          {lookupsError && !lookups && <Alert color="orange">{t('scheduling.form.lookupsMissing')}</Alert>}
          {saveError && (
            <Alert color="red" role="alert">
              {saveError}
            </Alert>
          )}
          <TextInput
            label={t('scheduling.form.title')}
            value={values.Title}
            onChange={(e) => set('Title', e.currentTarget.value)}
            error={err('Title')}
            required
            maxLength={200}
            data-autofocus
          />
          <Select
            label={t('scheduling.form.host')}
            description={t('scheduling.form.hostHelp')}
            data={hostOptions}
            value={values.EventHostID}
            onChange={(v) => set('EventHostID', v)}
            error={err('EventHostID')}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput
              type="date"
              label={t('scheduling.form.date')}
              value={values.Date}
              onChange={(e) => set('Date', e.currentTarget.value)}
              error={err('Date')}
              required
            />
            <TextInput
              type="time"
              label={t('scheduling.form.start')}
              value={values.StartTime}
              onChange={(e) => set('StartTime', e.currentTarget.value)}
              error={err('StartTime')}
              required
            />
            <TextInput
              type="time"
              label={t('scheduling.form.end')}
              value={values.EndTime}
              onChange={(e) => set('EndTime', e.currentTarget.value)}
              error={err('EndTime')}
              required
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t('scheduling.form.program')}
              data={(lookups?.Programs ?? []).map((p) => ({ value: String(p.Id), label: p.Name }))}
              value={values.ProgramID}
              onChange={(v) => set('ProgramID', v)}
              error={err('ProgramID')}
              searchable
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('scheduling.form.store')}
              data={(lookups?.Stores ?? []).map((s) => ({ value: String(s.Id), label: s.Name }))}
              value={values.StoreID}
              onChange={(v) => set('StoreID', v)}
              error={err('StoreID')}
              searchable
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>

          <UnstyledButton onClick={() => setAddressOpen((o) => !o)} aria-expanded={addressOpen}>
            <Group gap={4}>
              {addressOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
              <Text size="sm" fw={600}>
                {t('scheduling.form.address')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('scheduling.form.addressHelp')}
              </Text>
            </Group>
          </UnstyledButton>
          <Collapse expanded={addressOpen}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={t('ui.address.labels.street')}
                value={values.StreetLine1}
                onChange={(e) => set('StreetLine1', e.currentTarget.value)}
                error={err('StreetLine1')}
              />
              <TextInput
                label={t('ui.address.labels.suite')}
                value={values.StreetLine2}
                onChange={(e) => set('StreetLine2', e.currentTarget.value)}
                error={err('StreetLine2')}
              />
              <TextInput
                label={t('ui.address.labels.city')}
                value={values.City}
                onChange={(e) => set('City', e.currentTarget.value)}
                error={err('City')}
              />
              <TextInput
                label={
                  values.CountryID === '1' ? t('ui.address.labels.state') : t('ui.address.labels.province')
                }
                value={values.StateProvince}
                onChange={(e) => set('StateProvince', e.currentTarget.value)}
                error={err('StateProvince')}
              />
              <TextInput
                label={
                  values.CountryID === '1'
                    ? t('ui.address.labels.zipCode')
                    : t('ui.address.labels.postalCode')
                }
                value={values.PostalCode}
                onChange={(e) => set('PostalCode', e.currentTarget.value)}
                error={err('PostalCode')}
              />
              <Select
                label={t('ui.address.labels.country')}
                data={[
                  { value: '2', label: t('scheduling.countries.2') },
                  { value: '1', label: t('scheduling.countries.1') },
                ]}
                value={values.CountryID}
                onChange={(v) => set('CountryID', v)}
                clearable
                comboboxProps={{ withinPortal: true }}
              />
            </SimpleGrid>
          </Collapse>

          <Textarea
            label={t('scheduling.form.notes')}
            value={values.Notes}
            onChange={(e) => set('Notes', e.currentTarget.value)}
            error={err('Notes')}
            autosize
            minRows={2}
            maxLength={4000}
          />

          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {t('scheduling.form.slots')}
              </Text>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => {
                  const last = values.slots[values.slots.length - 1];
                  set('slots', [
                    ...values.slots,
                    {
                      key: nextKey++,
                      StartTime: last?.EndTime ?? values.StartTime,
                      EndTime: values.EndTime,
                      Capacity: last?.Capacity ?? 2,
                      taken: 0,
                    },
                  ]);
                }}
              >
                {t('scheduling.form.addSlot')}
              </Button>
            </Group>
            {err('TimeSlots') && (
              <Text size="sm" c="red">
                {err('TimeSlots')}
              </Text>
            )}
            {values.slots.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('scheduling.form.noSlots')}
              </Text>
            )}
            {values.slots.map((s, i) => (
              <Group key={s.key} gap="xs" align="flex-start" wrap="nowrap" data-testid="slot-row">
                <TextInput
                  type="time"
                  label={t('scheduling.form.slotStart')}
                  value={s.StartTime}
                  onChange={(e) => setSlot(s.key, { StartTime: e.currentTarget.value })}
                  error={err(`TimeSlots.${i}.StartTime`)}
                  style={{ flex: 1 }}
                />
                <TextInput
                  type="time"
                  label={t('scheduling.form.slotEnd')}
                  value={s.EndTime}
                  onChange={(e) => setSlot(s.key, { EndTime: e.currentTarget.value })}
                  error={err(`TimeSlots.${i}.EndTime`)}
                  style={{ flex: 1 }}
                />
                <NumberInput
                  label={t('scheduling.form.capacity')}
                  value={s.Capacity}
                  onChange={(v) => setSlot(s.key, { Capacity: v })}
                  error={err(`TimeSlots.${i}.Capacity`)}
                  min={Math.max(1, s.taken)}
                  max={500}
                  allowDecimal={false}
                  hideControls={phone}
                  w={phone ? 64 : 90}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  disabled={s.taken > 0}
                  title={s.taken > 0 ? t('scheduling.form.slotHasPeople') : undefined}
                  aria-label={t('scheduling.form.removeSlot')}
                  onClick={() =>
                    set(
                      'slots',
                      values.slots.filter((x) => x.key !== s.key),
                    )
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>

          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="save-event">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The contract's messages are English; the common ones have translations. */
function fieldMessage(message: string, t: (key: string) => string): string {
  const known: Record<string, string> = {
    'Enter a title': 'scheduling.form.errors.title',
    'Use the format YYYY-MM-DD': 'scheduling.form.errors.date',
    'Use the format HH:mm:ss': 'scheduling.form.errors.time',
    'The end time must be after the start time.': 'scheduling.form.errors.endAfterStart',
    'At least 1': 'scheduling.form.errors.capacityMin',
    '500 at most': 'scheduling.form.errors.capacityMax',
  };
  const key = known[message];
  if (key) return t(key);
  if (/expected number/i.test(message)) return t('scheduling.form.errors.capacity');
  return message;
}
