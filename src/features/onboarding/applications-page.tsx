// Onboarding applications (back office, online only): the applications of the caller's offices,
// filtered by status type, office, division and a search, sortable and paged; a row opens the
// application (review, comments, status, approval).
import { Badge, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type OnboardingApplicationListItem, STATUS_TYPES, type StatusType } from '../../contract/onboarding';
import { ListFooter } from '../../ui/list-footer';
import { noItems, QueryView } from '../../ui/query-view';
import { SortHeader } from '../time-management/components/sort-header';
import { useApplicationsPage, useOnboardingDivisions } from './api/applications';
import { STATUS_COLOURS, shown } from './format';

const PAGE_SIZE = 25;
type Sort = 'CreatedAt' | 'LastName' | 'OfficeName' | 'Status';

export default function ApplicationsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [statusType, setStatusType] = useState<string | null>(null);
  const [office, setOffice] = useState<string | null>(null);
  const [division, setDivision] = useState<string | null>(null);
  const [sort, setSort] = useState<Sort>('CreatedAt');
  const [descending, setDescending] = useState(true);
  const [page, setPage] = useState(1);
  const divisions = useOnboardingDivisions();
  const offices = [
    ...new Map(
      (divisions.data ?? []).flatMap((d) => d.Offices).map((o) => [o.IcdOfficeID, o] as const),
    ).values(),
  ].sort((a, b) => a.OfficeName.localeCompare(b.OfficeName));
  const list = useApplicationsPage(
    {
      search: debounced || undefined,
      statusType: (statusType as StatusType | null) ?? undefined,
      icdOfficeId: office ? Number(office) : undefined,
      divisionId: division ? Number(division) : undefined,
      sort,
      desc: descending ? 'true' : undefined,
      pageSize: PAGE_SIZE,
    },
    page - 1,
  );
  const filter = (set: (v: string | null) => void) => (v: string | null) => {
    set(v);
    setPage(1);
  };
  const sortBy = (column: Sort) => () => {
    if (sort === column) setDescending(!descending);
    else {
      setSort(column);
      setDescending(column === 'CreatedAt');
    }
    setPage(1);
  };
  const day = (v: string | Date) =>
    new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'medium' }).format(new Date(v));

  return (
    <Stack gap="md" maw={1400}>
      <Title order={1} size="h2">
        {t('onboarding.board.title')}
      </Title>
      <Card withBorder padding="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('onboarding.board.search')}
            placeholder={t('onboarding.board.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 260 }}
          />
          <Select
            label={t('onboarding.board.status')}
            placeholder={t('onboarding.board.any')}
            data={STATUS_TYPES.map((s) => ({ value: s, label: t(`onboarding.statusType.${s}`) }))}
            value={statusType}
            onChange={filter(setStatusType)}
            clearable
            w={{ base: '100%', xs: 180 }}
          />
          <Select
            label={t('onboarding.board.office')}
            placeholder={t('onboarding.board.any')}
            data={offices.map((o) => ({ value: String(o.IcdOfficeID), label: o.OfficeName }))}
            value={office}
            onChange={filter(setOffice)}
            clearable
            searchable
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label={t('onboarding.board.division')}
            placeholder={t('onboarding.board.any')}
            data={(divisions.data ?? []).map((d) => ({ value: String(d.DivisionID), label: d.Name }))}
            value={division}
            onChange={filter(setDivision)}
            clearable
            w={{ base: '100%', xs: 160 }}
          />
        </Group>
      </Card>
      <QueryView
        query={list}
        errorTitle={t('onboarding.board.loadFailed')}
        empty={t('onboarding.board.empty')}
        emptyTestId="applications-empty"
        isEmpty={noItems}
      >
        {(data) => (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={820}>
              <Table striped highlightOnHover verticalSpacing="xs" data-testid="applications-table">
                <Table.Thead>
                  <Table.Tr>
                    <SortHeader
                      active={sort === 'LastName'}
                      descending={descending}
                      onSort={sortBy('LastName')}
                    >
                      {t('onboarding.board.name')}
                    </SortHeader>
                    <SortHeader
                      active={sort === 'OfficeName'}
                      descending={descending}
                      onSort={sortBy('OfficeName')}
                    >
                      {t('onboarding.board.office')}
                    </SortHeader>
                    <Table.Th>{t('onboarding.board.division')}</Table.Th>
                    <SortHeader active={sort === 'Status'} descending={descending} onSort={sortBy('Status')}>
                      {t('onboarding.board.status')}
                    </SortHeader>
                    <Table.Th>{t('onboarding.board.stage')}</Table.Th>
                    <Table.Th>{t('onboarding.board.details')}</Table.Th>
                    <SortHeader
                      active={sort === 'CreatedAt'}
                      descending={descending}
                      onSort={sortBy('CreatedAt')}
                    >
                      {t('onboarding.board.created')}
                    </SortHeader>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.Items.map((a) => (
                    <ApplicationRow
                      key={a.OnboardingApplicationID}
                      application={a}
                      created={day(a.CreatedAt)}
                      onOpen={() => navigate(`/onboarding/applications/${a.OnboardingApplicationID}`)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListFooter
              label={t('onboarding.board.count', { count: data.TotalCount })}
              totalCount={data.TotalCount}
              pageSize={PAGE_SIZE}
              page={page}
              onPageChange={setPage}
            />
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

function ApplicationRow({
  application: a,
  created,
  onOpen,
}: {
  application: OnboardingApplicationListItem;
  created: string;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const name = `${a.LastName}, ${a.FirstName}`;
  return (
    <Table.Tr
      onClick={onOpen}
      onKeyDown={(ev) => {
        if (ev.key === 'Enter') onOpen();
      }}
      tabIndex={0}
      style={{ cursor: 'pointer' }}
      aria-label={t('onboarding.board.open', { name })}
    >
      <Table.Td>
        <Text
          size="sm"
          fw={500}
          component={Link}
          to={`/onboarding/applications/${a.OnboardingApplicationID}`}
          onClick={(ev) => ev.stopPropagation()}
        >
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {a.EmailAddress ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>{a.OfficeName}</Table.Td>
      <Table.Td>{a.DivisionName}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLOURS[a.Status.StatusType]}>
          {a.Status.Name}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Text size="sm">{t(`onboarding.stage.${a.Stage}`)}</Text>
          {a.ReviewRequired && (
            <Badge size="xs" color="orange">
              {t('onboarding.board.reviewRequired')}
            </Badge>
          )}
          {a.IsPaperApplication && (
            <Badge size="xs" color="gray">
              {t('onboarding.board.paper')}
            </Badge>
          )}
          {a.IsSelfSignUp && (
            <Badge size="xs" color="cyan" variant="outline">
              {t('onboarding.board.selfSignUp')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          {Object.entries(a.GridFields).map(([k, v]) => (
            <Text size="xs" key={k}>
              {k}: {v === null ? '—' : shown(v, i18n.language)}
            </Text>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>{created}</Table.Td>
    </Table.Tr>
  );
}
