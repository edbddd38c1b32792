// "New lead here": a door not on the map yet, at the rep's position (or where they long-pressed), with
// its address, a first status/declaration/note and the division's lead data (Rogers: Promo Code) →
// the offline command lead.create (POST leads with a temporary id).
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '../../../app/app-context';
import {
  LEAD_DATA_VALUE_MAX,
  type LeadDataKey,
  type LeadGroup,
  type LeadStatus,
} from '../../../contract/leads';
import { queueNewLead } from '../lead-actions';
import { announceDelivery } from './delivery-notice';
import {
  type KnockErrors,
  KnockFields,
  type KnockValues,
  knockDefaults,
  knockInstant,
  validateKnock,
} from './knock-fields';

export interface NewLeadFormProps {
  userId: string;
  group: LeadGroup;
  statuses: readonly LeadStatus[];
  noteRequired: readonly number[];
  dataKeys: readonly LeadDataKey[];
  /** Where the lead goes; null while the position is being found. */
  at: { Latitude: number; Longitude: number; source: string } | null;
  onCreated: (tempId: number) => void;
}

export function NewLeadForm({
  userId,
  group,
  statuses,
  noteRequired,
  dataKeys,
  at,
  onCreated,
}: NewLeadFormProps) {
  const { t } = useTranslation();
  const opened = useRef(new Date());
  const geography = group.Geographies[0];
  const [knock, setKnock] = useState<KnockValues>(() => knockDefaults(opened.current));
  const [street1, setStreet1] = useState('');
  const [street2, setStreet2] = useState('');
  const [city, setCity] = useState(geography?.City ?? '');
  const [region, setRegion] = useState(geography?.StateProvince ?? '');
  const [postal, setPostal] = useState('');
  const [country, setCountry] = useState<string | null>(geography ? String(geography.CountryID) : null);
  const [data, setData] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<KnockErrors & { street1?: string; at?: string }>({});
  const [busy, setBusy] = useState(false);
  const engine = useSyncEngine();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found: KnockErrors & { street1?: string; at?: string } = validateKnock(knock, {
      noteRequired,
      requireSomething: false,
    });
    if (!street1.trim()) found.street1 = 'leads.newLead.streetRequired';
    if (!at) found.at = 'leads.newLead.noPlace';
    setErrors(found);
    if (Object.keys(found).length > 0 || !at) return;
    setBusy(true);
    try {
      const { Id: id, rowId } = await queueNewLead({
        userId,
        statuses,
        input: {
          LeadGroupID: group.LeadGroupID,
          Latitude: at.Latitude,
          Longitude: at.Longitude,
          StreetLine1: street1,
          StreetLine2: street2,
          City: city,
          StateProvince: region,
          PostalCode: postal,
          CountryID: country ? Number(country) : null,
          LeadStatusID: knock.status ? Number(knock.status) : null,
          DeclaredStatusID: knock.declared ? Number(knock.declared) : null,
          Note: knock.note,
          Data: data,
          OccurredAt: knockInstant(knock.when, opened.current),
        },
      });
      void announceDelivery(rowId, engine, t, {
        sending: 'leads.newLead.sending',
        sent: 'leads.newLead.sent',
        queued: 'leads.newLead.saved',
      });
      onCreated(id);
    } catch (err) {
      notifications.show({
        color: 'red',
        title: t('leads.newLead.failed'),
        message: err instanceof Error ? err.message : String(err),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="new-lead-form" noValidate>
      <Stack gap="sm">
        {at ? (
          <Text size="sm" c="dimmed" data-testid="new-lead-place">
            {t(`leads.newLead.place.${at.source}`)} · {at.Latitude.toFixed(5)}, {at.Longitude.toFixed(5)}
          </Text>
        ) : (
          <Alert color={errors.at ? 'red' : 'gray'} variant="light">
            {t('leads.newLead.finding')}
          </Alert>
        )}
        <TextInput
          label={t('leads.newLead.street1')}
          value={street1}
          onChange={(e) => setStreet1(e.currentTarget.value)}
          error={errors.street1 ? t(errors.street1) : undefined}
          required
          maxLength={200}
          autoComplete="off"
          data-autofocus
        />
        <TextInput
          label={t('leads.newLead.street2')}
          value={street2}
          onChange={(e) => setStreet2(e.currentTarget.value)}
          maxLength={100}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label={t('leads.newLead.city')}
            value={city}
            onChange={(e) => setCity(e.currentTarget.value)}
            maxLength={100}
          />
          <TextInput
            label={country === '1' ? t('leads.newLead.state') : t('leads.newLead.province')}
            value={region}
            onChange={(e) => setRegion(e.currentTarget.value)}
            maxLength={50}
          />
          <TextInput
            label={country === '1' ? t('leads.newLead.zip') : t('leads.newLead.postalCode')}
            value={postal}
            onChange={(e) => setPostal(e.currentTarget.value)}
            maxLength={20}
          />
          <Select
            label={t('leads.newLead.country')}
            data={[
              { value: '2', label: t('leads.countries.2') },
              { value: '1', label: t('leads.countries.1') },
            ]}
            value={country}
            onChange={setCountry}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {dataKeys.map((k) => (
          <TextInput
            key={k.Key}
            label={`${k.Label} (${k.Key})`}
            value={data[k.Key] ?? ''}
            onChange={(e) => setData({ ...data, [k.Key]: e.currentTarget.value })}
            maxLength={LEAD_DATA_VALUE_MAX}
            data-testid={`lead-data-${k.Key}`}
          />
        ))}
        <KnockFields
          values={knock}
          errors={errors}
          statuses={statuses}
          onChange={setKnock}
          existing={false}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="save-new-lead">
            {t('leads.newLead.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
