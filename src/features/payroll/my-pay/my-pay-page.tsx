// My pay (state 'myPay'): every employee's own pay stubs, phone first. The list shows each released
// stub (period, pay date, gross pay, whether it changed); a stub shows its earnings lines with units
// and rate, the commission pieces, what changed since the version before and *why* (the entries
// corrected, late changes, amounts payroll entered), and a PDF link. Readable offline once seen: the
// list and each comparison opened are kept on the device (queries.ts).
import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  List,
  NativeSelect,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiClient } from '../../../api/api-context';
import { useConnection } from '../../../api/connection';
import { useSessionData } from '../../../app/app-context';
import type { PayStub } from '../../../contract/pay-stubs';
import { QueryView } from '../../../ui/query-view';
import { RelativeTime } from '../../../ui/relative-time';
import { longDay, money, periodLabel, quantity, rate, shortDay, signed } from './format';
import { myStubsQuery, stubChangesQuery, stubPdfUrl } from './queries';
import { fieldLabel, whyText } from './why-text';

/** Lines whose units are hours. */
const HOUR_KINDS = new Set([
  'Regular',
  'Training Pay',
  'Overtime',
  'Double Time',
  'Extra Hours Worked',
  'Split Shift Premium',
  'Reporting Time',
]);

export default function MyPayPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useSessionData();
  const userId = session ? String(session.identity.EmployeeID) : '';
  const [params, setParams] = useSearchParams();
  const stubs = useQuery({ ...myStubsQuery(api, userId), enabled: !!userId });
  const selectedId = Number(params.get('period') ?? '') || null;

  if (!userId) return null;
  const open = (id: number | null) => setParams(id ? { period: String(id) } : {});

  return (
    <Stack maw={760} mx="auto" gap="md" data-testid="my-pay">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          {t('pay-stubs.title')}
        </Title>
        {stubs.data?.fromCache && (
          <Text size="xs" c="dimmed" data-testid="saved-copy">
            {t('pay-stubs.savedCopy')} <RelativeTime date={new Date(stubs.data.fetchedAt)} />
          </Text>
        )}
      </Group>
      <QueryView
        query={stubs}
        errorTitle={t('pay-stubs.loadFailed')}
        isEmpty={(d) => d.data.length === 0}
        empty={<Text c="dimmed">{t('pay-stubs.empty')}</Text>}
        emptyTestId="my-pay-empty"
      >
        {(d) => {
          const selected = selectedId ? d.data.find((s) => s.PayPeriodID === selectedId) : undefined;
          if (selectedId && !selected)
            return (
              <Alert color="yellow" title={t('pay-stubs.notFound')}>
                <Button variant="light" size="xs" mt="xs" onClick={() => open(null)}>
                  {t('pay-stubs.back')}
                </Button>
              </Alert>
            );
          return selected ? (
            <StubDetail stub={selected} userId={userId} onBack={() => open(null)} />
          ) : (
            <StubList stubs={d.data} onOpen={open} />
          );
        }}
      </QueryView>
    </Stack>
  );
}

function StubList({ stubs, onOpen }: { stubs: readonly PayStub[]; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="sm" data-testid="stub-list">
      {stubs.map((s) => (
        <UnstyledButton
          key={s.PayPeriodID}
          onClick={() => onOpen(s.PayPeriodID)}
          aria-label={t('pay-stubs.openStub', { period: periodLabel(s.StartDate, s.EndDate) })}
          data-stub={s.PayPeriodID}
        >
          <Card withBorder radius="md" padding="md">
            <Group justify="space-between" wrap="nowrap" align="center">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={600}>{periodLabel(s.StartDate, s.EndDate)}</Text>
                <Text size="sm" c="dimmed">
                  {s.PayDate ? t('pay-stubs.paidOn', { date: longDay(s.PayDate) }) : s.OfficeName}
                </Text>
                <Group gap={6}>
                  {s.PreviousVersion !== null && (
                    <Badge size="sm" color="orange" variant="light">
                      {t('pay-stubs.changed')}
                    </Badge>
                  )}
                  {!s.IsFinal && (
                    <Badge size="sm" color="gray" variant="light">
                      {t('pay-stubs.notFinal')}
                    </Badge>
                  )}
                </Group>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Text fw={700} fz="lg" data-testid="stub-gross">
                  {money(s.GrossPay, i18n.language, s.CountryID)}
                </Text>
                <IconChevronRight size={18} aria-hidden />
              </Group>
            </Group>
          </Card>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

function StubDetail({ stub, userId, onBack }: { stub: PayStub; userId: string; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  // Whether the server is reached, as requests tell it (a dead Wi-Fi says online: src/api/connection.ts).
  const network = useConnection();
  const lang = i18n.language;
  const cur = (v: number) => money(v, lang, stub.CountryID);
  // Pieces are listed on their own card; in the earnings they only detail the commission line.
  const hasCommission = stub.Lines.some((l) => l.Kind === 'Commissions');
  const earnings = stub.Lines.filter((l) => !(hasCommission && l.Kind === 'Commission Piece'));
  return (
    <Stack gap="md" data-testid="stub-detail" data-period={stub.PayPeriodID}>
      <Group justify="space-between" wrap="nowrap">
        <Button variant="subtle" px="xs" leftSection={<IconChevronLeft size={16} />} onClick={onBack}>
          {t('pay-stubs.back')}
        </Button>
        <Button
          component="a"
          href={stubPdfUrl(stub)}
          target="_blank"
          rel="noopener"
          variant="light"
          leftSection={<IconFileTypePdf size={16} />}
          data-testid="stub-pdf"
          disabled={!network.online}
        >
          {t('pay-stubs.pdf')}
        </Button>
      </Group>
      {!network.online && (
        <Text size="xs" c="dimmed">
          {t('pay-stubs.pdfNeedsConnection')}
        </Text>
      )}

      <Card withBorder radius="md" padding="md">
        <Text size="sm" c="dimmed">
          {stub.CorporationName} · {stub.OfficeName}
        </Text>
        <Title order={2} size="h3">
          {periodLabel(stub.StartDate, stub.EndDate)}
        </Title>
        {stub.PayDate && <Text size="sm">{t('pay-stubs.paidOn', { date: longDay(stub.PayDate) })}</Text>}
        <Group justify="space-between" mt="sm" align="flex-end">
          <div>
            <Text size="sm" c="dimmed">
              {t('pay-stubs.grossPay')}
            </Text>
            <Text fz={30} fw={700} data-testid="detail-gross">
              {cur(stub.GrossPay)}
            </Text>
          </div>
          <Stack gap={0} align="flex-end">
            <Text size="sm">
              {t('pay-stubs.hoursWorked', { hours: quantity(stub.TotalHoursWorked, lang) })}
            </Text>
            {!stub.IsFinal && (
              <Badge color="gray" variant="light">
                {t('pay-stubs.notFinal')}
              </Badge>
            )}
          </Stack>
        </Group>
      </Card>

      <Card withBorder radius="md" padding="md" data-testid="stub-lines">
        <Title order={3} size="h4" mb="xs">
          {t('pay-stubs.earnings')}
        </Title>
        <Stack gap={0}>
          {earnings.map((l, i) => (
            <Group
              key={`${l.Kind}-${l.Caption}-${l.Rate}-${l.Units}`}
              justify="space-between"
              wrap="nowrap"
              py={6}
              style={{ borderTop: i ? '1px solid var(--mantine-color-gray-2)' : undefined }}
              data-line={l.Kind}
            >
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {l.Kind === 'Commission Piece'
                    ? l.Caption
                    : t(`pay-stubs.kind.${l.Kind}`, { defaultValue: l.Caption })}
                </Text>
                {l.Units !== null && l.Rate !== null && (
                  <Text size="xs" c="dimmed">
                    {t(HOUR_KINDS.has(l.Kind) ? 'pay-stubs.hoursAtRate' : 'pay-stubs.unitsAtRate', {
                      units: quantity(l.Units, lang),
                      rate: rate(l.Rate, lang, stub.CountryID),
                    })}
                  </Text>
                )}
              </div>
              <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {cur(l.Amount)}
              </Text>
            </Group>
          ))}
          {earnings.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('pay-stubs.noLines')}
            </Text>
          )}
          <Divider my={6} />
          <Group justify="space-between">
            <Text fw={700}>{t('pay-stubs.grossPay')}</Text>
            <Text fw={700}>{cur(stub.GrossPay)}</Text>
          </Group>
          {stub.NetPayAddition !== 0 && (
            <Group justify="space-between">
              <Text size="sm">{t('pay-stubs.netPayAddition')}</Text>
              <Text size="sm">{cur(stub.NetPayAddition)}</Text>
            </Group>
          )}
          {stub.NetPayDeduction !== 0 && (
            <Group justify="space-between">
              <Text size="sm">{t('pay-stubs.netPayDeduction')}</Text>
              <Text size="sm">{cur(-Math.abs(stub.NetPayDeduction))}</Text>
            </Group>
          )}
        </Stack>
      </Card>

      {stub.CommissionPieces.length > 0 && (
        <Card withBorder radius="md" padding="md" data-testid="stub-pieces">
          <Title order={3} size="h4" mb="xs">
            {t('pay-stubs.pieces')}
          </Title>
          <Stack gap={4}>
            {stub.CommissionPieces.map((p) => (
              <Group key={p.PieceNumber} justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text size="sm">
                    {t('pay-stubs.piece', {
                      number: p.PieceNumber,
                      qty: quantity(p.PieceQty, lang),
                      rate: cur(p.PieceRate),
                    })}
                  </Text>
                  {p.Source ? (
                    <Text size="xs" c="dimmed" data-testid="piece-source">
                      {t('pay-stubs.pieceSource', { source: p.Source })}
                    </Text>
                  ) : null}
                </div>
                <Text size="sm">{cur(p.Amount)}</Text>
              </Group>
            ))}
          </Stack>
        </Card>
      )}

      <Changes stub={stub} userId={userId} />
    </Stack>
  );
}

function Changes({ stub, userId }: { stub: PayStub; userId: string }) {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const [left, setLeft] = useState<number | undefined>(undefined);
  const changes = useQuery({
    ...stubChangesQuery(api, userId, stub.PayPeriodID, left),
    enabled: stub.PreviousVersion !== null,
  });
  const lang = i18n.language;
  return (
    <Card withBorder radius="md" padding="md" data-testid="what-changed">
      <Title order={3} size="h4" mb="xs">
        {t('pay-stubs.changes.title')}
      </Title>
      {stub.PreviousVersion === null ? (
        <Text size="sm" c="dimmed">
          {t('pay-stubs.changes.none')}
        </Text>
      ) : (
        <QueryView query={changes} errorTitle={t('pay-stubs.changes.loadFailed')}>
          {({ data }) => {
            const moved = data.Differences.filter((d) => d.difference !== 0);
            return (
              <Stack gap="sm">
                {data.Versions.length > 2 && (
                  <NativeSelect
                    size="xs"
                    label={t('pay-stubs.changes.compareWith')}
                    value={String(data.Left?.Version ?? '')}
                    onChange={(e) => setLeft(Number(e.currentTarget.value) || undefined)}
                    data={data.Versions.filter((v) => v.Version < data.Right.Version).map((v) => ({
                      value: String(v.Version),
                      label: t('pay-stubs.changes.versionOf', {
                        version: v.Version,
                        date: v.CalculatedAt ? shortDay(v.CalculatedAt as string | Date) : '',
                        gross: money(v.GrossPay, lang, stub.CountryID),
                      }),
                    }))}
                    data-testid="compare-with"
                  />
                )}
                {data.Left && data.Versions.length <= 2 && (
                  <Text size="sm" c="dimmed">
                    {t('pay-stubs.changes.since', {
                      version: data.Left.Version,
                      date: data.Left.CalculatedAt ? shortDay(data.Left.CalculatedAt as string | Date) : '',
                      gross: money(data.Left.GrossPay, lang, stub.CountryID),
                    })}
                  </Text>
                )}
                {moved.length === 0 && <Text size="sm">{t('pay-stubs.changes.nothing')}</Text>}
                {moved.map((d) => (
                  <div key={d.field} data-difference={d.field}>
                    <Group justify="space-between" wrap="nowrap" align="baseline">
                      <Text size="sm" fw={600}>
                        {fieldLabel(t, d.field, d.caption)}
                      </Text>
                      <Text
                        size="sm"
                        fw={600}
                        c={d.difference > 0 ? 'teal.8' : 'red.8'}
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {d.isCurrency
                          ? signed(d.difference, lang, true, stub.CountryID)
                          : t('pay-stubs.changes.hours', { value: signed(d.difference, lang, false) })}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('pay-stubs.changes.fromTo', {
                        left: d.isCurrency ? money(d.left, lang, stub.CountryID) : quantity(d.left, lang),
                        right: d.isCurrency ? money(d.right, lang, stub.CountryID) : quantity(d.right, lang),
                      })}
                    </Text>
                    {d.why.length > 0 && (
                      <List size="sm" spacing={2} mt={4} data-testid="why">
                        {d.why.map((w) => (
                          <List.Item key={`${w.Kind}-${w.TimeEntryID}-${w.Field}-${String(w.At)}-${w.Text}`}>
                            {whyText(t, w, lang)}
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </div>
                ))}
              </Stack>
            );
          }}
        </QueryView>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        {t('pay-stubs.changes.version', { version: stub.Version })}
      </Text>
    </Card>
  );
}
