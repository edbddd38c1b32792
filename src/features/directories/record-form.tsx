// The create/edit form of a directory record, in a modal: fields by kind, checked with the contract's
// schema before sending, then the server's field messages (400/422 `Errors`) under their fields. A
// stale Version (409) offers to load the current record.
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isResponseError } from '../../api/errors';
import type { DirectoryKind } from '../../contract/directories';
import { type CorporationOption, CorporationSelect } from '../access/corporation-select';
import { type AnyItem, useCorporationOptions, useDirectory, useSaveRecord, useStateProvinces } from './api';
import { type FieldDef, formValues, KINDS, personName } from './kinds';

/** The first message of each field; `IcdCorporationIDs.0` counts as `IcdCorporationIDs`. */
export function byField(errors: Record<string, readonly string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const name = key.split('.')[0];
    if (messages[0]) out[name] ??= messages[0];
  }
  return out;
}

function serverErrors(err: unknown): Record<string, string> {
  if (!isResponseError(err)) return {};
  const data = err.data as { Errors?: Record<string, string[]> } | undefined;
  return byField(data?.Errors);
}

export function RecordForm({
  kind,
  record,
  opened,
  onClose,
  onSaved,
}: {
  kind: DirectoryKind;
  /** null: a new record */
  record: AnyItem | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (saved: AnyItem) => void;
}) {
  const { t } = useTranslation();
  const def = KINDS[kind];
  const [values, setValues] = useState<Record<string, unknown>>(() => formValues(def, record));
  const [version, setVersion] = useState(record?.Version ?? 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState<AnyItem | null>(null);
  const save = useSaveRecord(kind);
  const types = new Set(def.fields.map((f) => f.type));
  const corporations = useCorporationOptions(opened && types.has('corporations'));
  const states = useStateProvinces(opened && (types.has('stateProvince') || types.has('stateProvinces')));
  const nationals = useDirectory('national-consultants', opened && types.has('nationalConsultant'));
  const regionals = useDirectory('regional-consultants', opened && types.has('regionalConsultant'));

  // A new record or another record opened: start from its values.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the form opens or its record changes
  useEffect(() => {
    if (!opened) return;
    setValues(formValues(def, record));
    setVersion(record?.Version ?? 0);
    setErrors({});
    setStale(null);
    save.reset();
  }, [opened, record, def]);

  const set = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: '' }));
  };

  const submit = () => {
    const body = { ...values, ...(record ? { Version: version } : { IsNew: true }) };
    const parsed = def.save.safeParse(body);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0] ?? '')] ??= issue.message;
      setErrors(out);
      return;
    }
    save.mutate(
      { id: record?.Id ?? null, body },
      {
        onSuccess: (saved) => onSaved(saved),
        onError: (err) => {
          setErrors(serverErrors(err));
          if (isResponseError(err) && err.status === 409) {
            const current = (err.data as { Current?: AnyItem } | undefined)?.Current ?? null;
            setStale(current);
          }
        },
      },
    );
  };

  const fieldError = (name: string) => errors[name] || undefined;
  const label = (name: string) => t(`directories.fields.${name}`);
  // Linked corporations the list does not hold (e.g. no organisation:read) keep their names.
  const linkedCorporations = (record as { Corporations?: CorporationOption[] } | null)?.Corporations;
  const stateData = (states.data ?? []).map((s) => ({
    value: String(s.StateProvinceID),
    label: `${s.StateName} (${s.Code})`,
    group: t(`directories.countries.${s.CountryID}`),
  }));
  const grouped = (rows: typeof stateData) =>
    [...new Set(rows.map((r) => r.group))].map((group) => ({
      group,
      items: rows.filter((r) => r.group === group).map(({ value, label: l }) => ({ value, label: l })),
    }));

  function input(f: FieldDef) {
    const common = {
      key: f.name,
      label: label(f.name),
      error: fieldError(f.name),
      withAsterisk: f.required,
    };
    const text = (values[f.name] as string | null) ?? '';
    switch (f.type) {
      case 'text':
      case 'email':
      case 'phone':
        return (
          <TextInput
            {...common}
            type={f.type === 'email' ? 'email' : f.type === 'phone' ? 'tel' : 'text'}
            autoComplete="off"
            value={text}
            onChange={(e) => set(f.name, e.currentTarget.value)}
            data-autofocus={f === def.fields[0] ? true : undefined}
          />
        );
      case 'notes':
        return (
          <Textarea
            {...common}
            autosize
            minRows={2}
            maxRows={6}
            value={text}
            onChange={(e) => set(f.name, e.currentTarget.value)}
          />
        );
      case 'country':
        return (
          <Select
            {...common}
            data={[
              { value: '2', label: t('directories.countries.2') },
              { value: '1', label: t('directories.countries.1') },
            ]}
            value={values[f.name] ? String(values[f.name]) : null}
            onChange={(v) => set(f.name, v ? Number(v) : null)}
            comboboxProps={{ withinPortal: true }}
          />
        );
      case 'corporations':
        return (
          <CorporationSelect
            multiple
            {...common}
            source={corporations}
            extra={linkedCorporations}
            clearable
            nothingFoundMessage={t('directories.nothingFound')}
            description={corporations.isError ? t('directories.corporationsFailed') : undefined}
            value={((values[f.name] as number[]) ?? []).map(String)}
            onChange={(v) => set(f.name, v.map(Number))}
            comboboxProps={{ withinPortal: true }}
          />
        );
      case 'stateProvince':
        return (
          <Select
            {...common}
            data={grouped(stateData)}
            searchable
            clearable
            nothingFoundMessage={t('directories.nothingFound')}
            value={values[f.name] ? String(values[f.name]) : null}
            onChange={(v) => set(f.name, v ? Number(v) : null)}
            comboboxProps={{ withinPortal: true }}
          />
        );
      case 'stateProvinces':
        return (
          <MultiSelect
            {...common}
            data={grouped(stateData)}
            searchable
            clearable
            nothingFoundMessage={t('directories.nothingFound')}
            value={((values[f.name] as number[]) ?? []).map(String)}
            onChange={(v) => set(f.name, v.map(Number))}
            comboboxProps={{ withinPortal: true }}
          />
        );
      case 'nationalConsultant':
      case 'regionalConsultant': {
        const rows = (f.type === 'nationalConsultant' ? nationals.data : regionals.data) ?? [];
        return (
          <Select
            {...common}
            data={rows.map((r) => ({ value: String(r.Id), label: personName(r) }))}
            searchable
            clearable
            nothingFoundMessage={t('directories.nothingFound')}
            value={values[f.name] ? String(values[f.name]) : null}
            onChange={(v) => set(f.name, v ? Number(v) : null)}
            comboboxProps={{ withinPortal: true }}
          />
        );
      }
    }
  }

  const wide = new Set<FieldDef['type']>(['notes', 'corporations', 'stateProvinces']);
  const generalError =
    save.error &&
    !(isResponseError(save.error) && save.error.status === 409) &&
    !Object.values(errors).some(Boolean)
      ? errorMessage(save.error)
      : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={
        record ? t('directories.editTitle', { name: KINDS[kind].name(record) }) : t(`directories.new.${kind}`)
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          {stale && (
            <Alert color="yellow" title={t('directories.staleTitle')}>
              {t('directories.staleBody')}
              <Button
                mt="sm"
                size="xs"
                variant="light"
                display="block"
                onClick={() => {
                  setValues(formValues(def, stale));
                  setVersion(stale.Version);
                  setStale(null);
                  setErrors({});
                }}
              >
                {t('directories.loadCurrent')}
              </Button>
            </Alert>
          )}
          {generalError && (
            <Alert color="red" title={t('directories.saveFailed')}>
              {generalError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {def.fields.filter((f) => !wide.has(f.type)).map((f) => input(f))}
          </SimpleGrid>
          {def.fields.filter((f) => wide.has(f.type)).map((f) => input(f))}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('directories.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
