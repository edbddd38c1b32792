// The card of one lead (tap a marker): its address, current status and declaration, its activity
// timeline (server history, with the knocks still waiting to be sent on top), and "Record an
// interaction". Works offline: the lead comes from the device's copy and the knock is queued.
import { Alert, Badge, Box, Button, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeadGroup, LeadStatus } from '../../../contract/leads';
import { getDb, type OutboxRow, withReopen } from '../../../offline/db';
import { makeEntityKey } from '../../../offline/temp-ids';
import { type ActivityStep, ActivityStepper } from '../../../ui/activity-stepper';
import { AddressSnippet } from '../../../ui/address-snippet';
import { NewOrderAction } from '../../orders/field/new-order';
import { useLead } from '../api/get-lead';
import { LEAD } from '../commands';
import type { LeadLocal, MapLead } from '../merge-markers';
import { InteractionForm } from './interaction-form';
import { LeadStatusBadge, StatusDot } from './status-badge';

function StatusBadge({ badge, label }: { badge: { Name: string; Color: string } | null; label: string }) {
  if (!badge) return null;
  return <LeadStatusBadge badge={badge} title={label} data-testid="lead-status" />;
}

interface QueuedKnock {
  id: string;
  LeadStatusID?: number | null;
  DeclaredStatusID?: number | null;
  Note?: string | null;
  OccurredAt?: string | Date;
  status: OutboxRow['status'];
}

function queuedKnocks(rows: readonly OutboxRow[]): QueuedKnock[] {
  return rows
    .map((row) => {
      const body = (row.body ?? {}) as Omit<QueuedKnock, 'id' | 'status'>;
      return {
        id: row.id,
        LeadStatusID: body.LeadStatusID,
        DeclaredStatusID: body.DeclaredStatusID,
        Note: body.Note,
        OccurredAt: body.OccurredAt,
        status: row.status,
      };
    })
    .filter((k) => k.LeadStatusID != null || k.DeclaredStatusID != null || !!k.Note);
}

export interface LeadCardProps {
  userId: string;
  lead: MapLead;
  group: LeadGroup;
  statuses: readonly LeadStatus[];
  noteRequired: readonly number[];
  myName: string;
  onDone: () => void;
}

export function LeadCard({ userId, lead, group, statuses, noteRequired, myName, onDone }: LeadCardProps) {
  const { t } = useTranslation();
  const [recording, setRecording] = useState(false);
  const server = useLead(userId, lead.LeadID);
  const full = server.data?.data;
  const draft = useLiveQuery(
    () => withReopen(getDb(), () => getDb().drafts.get([userId, LEAD, lead.LeadID])),
    [userId, lead.LeadID],
  );
  const rows = useLiveQuery(
    () =>
      withReopen(getDb(), () =>
        getDb()
          .outbox.where('[userId+entityKey]')
          .equals([userId, makeEntityKey(LEAD, lead.LeadID)])
          .sortBy('seq'),
      ),
    [userId, lead.LeadID],
    [] as OutboxRow[],
  );
  const local = (draft?.data ?? null) as Partial<LeadLocal> | null;
  const address = full ?? local ?? {};
  const statusName = (id: number | null | undefined) =>
    id == null ? null : (statuses.find((s) => s.LeadStatusID === id) ?? null);

  const pendingSteps: ActivityStep[] = queuedKnocks(rows)
    .reverse()
    .map((k) => {
      const s = statusName(k.LeadStatusID);
      const d = statusName(k.DeclaredStatusID);
      return {
        id: `q-${k.id}`,
        title: `${s?.Name ?? d?.Name ?? t('leads.card.noteOnly')} · ${
          k.status === 'failed' || k.status === 'conflict' ? t('leads.card.refused') : t('leads.card.waiting')
        }`,
        date: k.OccurredAt,
        color: s?.Color ?? d?.Color ?? 'gray',
        creatorName: myName,
        description: [d && s ? t('leads.card.declared', { name: d.Name }) : null, k.Note]
          .filter(Boolean)
          .join(' — '),
      };
    });
  const historySteps: ActivityStep[] = (full?.LeadActivityHistory ?? []).map((a) => ({
    id: a.LeadActivityID,
    title: a.LeadStatus?.Name ?? a.DeclaredStatus?.Name ?? t('leads.card.noteOnly'),
    date: a.OccurredAt,
    color: a.LeadStatus?.Color ?? a.DeclaredStatus?.Color ?? 'gray',
    creatorName: a.EmployeeName,
    description: [
      a.LeadStatus && a.DeclaredStatus ? t('leads.card.declared', { name: a.DeclaredStatus.Name }) : null,
      a.Note,
    ]
      .filter(Boolean)
      .join(' — '),
  }));
  const steps = [...pendingSteps, ...historySteps];
  const leadLocal: LeadLocal = {
    LeadID: lead.LeadID,
    LeadGroupID: group.LeadGroupID,
    Latitude: lead.Latitude,
    Longitude: lead.Longitude,
    LeadStatusID: lead.LeadStatusID,
    DeclaredStatusID: lead.DeclaredStatusID,
    LeadStatus: lead.LeadStatus,
    DeclaredStatus: lead.DeclaredStatus,
    TerritoryID: lead.TerritoryID,
    StreetLine1: address.StreetLine1 ?? null,
    StreetLine2: address.StreetLine2 ?? null,
    City: address.City ?? null,
    StateProvince: address.StateProvince ?? null,
    PostalCode: address.PostalCode ?? null,
    CountryID: address.CountryID ?? null,
  };
  const country = address.CountryID ?? null;

  return (
    <Stack
      gap="md"
      data-testid="lead-card"
      data-lead-id={lead.LeadID}
      data-pending={lead.pending ? 'true' : 'false'}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <AddressSnippet
            address={{
              StreetLine1: address.StreetLine1,
              StreetLine2: address.StreetLine2,
              City: address.City,
              StateName: address.StateProvince,
              PostalCode: address.PostalCode,
              CountryName: country ? t(`leads.countries.${country}`) : null,
              CountryID: country,
            }}
          />
          {full?.Data && Object.keys(full.Data).length > 0 && (
            <Text size="xs" c="dimmed" mt={4}>
              {Object.entries(full.Data)
                .map(([k, v]) => `${t('leads.promoCode')} (${k}): ${v}`)
                .join(' · ')}
            </Text>
          )}
        </Box>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <StatusBadge badge={lead.LeadStatus} label={t('leads.card.status')} />
          {lead.DeclaredStatus && (
            <Badge
              variant="outline"
              color="gray"
              leftSection={<StatusDot color={lead.DeclaredStatus.Color} />}
            >
              {t('leads.card.declared', { name: lead.DeclaredStatus.Name })}
            </Badge>
          )}
          {!lead.LeadStatus && (
            <Badge variant="default" data-testid="lead-status">
              {t('leads.map.noStatus')}
            </Badge>
          )}
          {lead.pending && (
            <Badge color="yellow" data-testid="lead-pending">
              {t('leads.card.pendingBadge')}
            </Badge>
          )}
          {lead.failed && (
            <Badge color="red" component="a" href="/sync">
              {t('leads.card.needsAttention')}
            </Badge>
          )}
        </Stack>
      </Group>

      {recording ? (
        <InteractionForm
          userId={userId}
          lead={leadLocal}
          statuses={statuses}
          noteRequired={noteRequired}
          onCancel={() => setRecording(false)}
          onSaved={() => {
            setRecording(false);
            onDone();
          }}
        />
      ) : (
        <Button size="md" onClick={() => setRecording(true)} data-testid="record-interaction">
          {t('leads.card.record')}
        </Button>
      )}
      {!recording && (
        <NewOrderAction
          userId={userId}
          lead={leadLocal}
          divisionId={group.DivisionID}
          statuses={statuses}
          onDone={onDone}
        />
      )}

      <Divider />
      <Title order={3} size="h5">
        {t('leads.card.activity')}
      </Title>
      {server.isFetching && !full && lead.LeadID > 0 && <Loader size="sm" aria-label={t('common.loading')} />}
      {server.isError && !full && (
        <Alert color="gray" variant="light">
          {t('leads.card.historyUnavailable')}
        </Alert>
      )}
      {server.data?.fromCache && (
        <Text size="xs" c="dimmed">
          {t('leads.card.savedCopy')}
        </Text>
      )}
      <Box data-testid="lead-activity">
        <ActivityStepper steps={steps} headingOrder={4} />
      </Box>
    </Stack>
  );
}
