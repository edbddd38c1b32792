// Onboarding applications (back office, online only): the applications of the caller's offices,
// filtered by status type, office, division and a search, sortable and paged; a row opens the
// application (review, comments, status, approval).
import { Badge, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type OnboardingApplicationListItem, STATUS_TYPES, type StatusType } from '../../contract/onboarding';
import { formatDay } from '../../lib/date-display';
import { countSet, FilterPanel } from '../../ui/filter-panel';
import { PagedTable, SearchInput, useListControls } from '../../ui/list-controls';
import { useApplicationsPage, useOnboardingDivisions } from './api/applications';
import { STATUS_COLOURS, shown } from './format';

type Sort = 'CreatedAt' | 'LastName' | 'OfficeName' | 'Status';

export default function ApplicationsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const controls = useListControls<Sort>({ sort: 'CreatedAt', descendingFirst: (c) => c === 'CreatedAt' });
  const { filter } = controls;
  const [statusType, setStatusType] = useState<string | null>(null);
  const [office, setOffice] = useState<string | null>(null);
  const [division, setDivision] = useState<string | null>(null);
  const divisions = useOnboardingDivisions();
  const offices = [
    ...new Map(
      (divisions.data ?? []).flatMap((d) => d.Offices).map((o) => [o.IcdOfficeID, o] as const),
    ).values(),
  ].sort((a, b) => a.OfficeName.localeCompare(b.OfficeName));
  const list = useApplicationsPage(
    {
      search: controls.searchQuery,
      statusType: (statusType as StatusType | null) ?? undefined,
      icdOfficeId: office ? Number(office) : undefined,
      divisionId: division ? Number(division) : undefined,
      sort: controls.sort,
      desc: controls.descending ? 'true' : undefined,
      pageSize: controls.pageSize,
    },
    controls.pageIndex,
  );

  return (
    <Stack gap="md" maw={1400}>
      <Title order={1} size="h2">
        {t('onboarding.board.title')}
      </Title>
      <FilterPanel
        search={
          <SearchInput
            label={t('onboarding.board.search')}
            placeholder={t('onboarding.board.searchPlaceholder')}
            value={controls.search}
            onChange={controls.setSearch}
            w={{ base: '100%', sm: 260 }}
          />
        }
        count={countSet([statusType, office, division])}
        onClear={() => {
          setStatusType(null);
          setOffice(null);
          setDivision(null);
          controls.firstPage();
        }}
        testId="applications-filters"
      >
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
      </FilterPanel>
      <PagedTable
        query={list}
        errorTitle={t('onboarding.board.loadFailed')}
        empty={t('onboarding.board.empty')}
        emptyTestId="applications-empty"
        minWidth={820}
        testId="applications-table"
        label={t('onboarding.board.title')}
        rowKey={(a) => a.OnboardingApplicationID}
        sort={controls.tableSort}
        onSortChange={controls.onSortChange}
        columns={[
          {
            key: 'LastName',
            label: t('onboarding.board.name'),
            sortable: true,
            hideInCard: true,
            cell: (a) => (
              <>
                <ApplicantName application={a} />
                <Text size="xs" c="dimmed">
                  {a.EmailAddress ?? '—'}
                </Text>
              </>
            ),
          },
          {
            key: 'OfficeName',
            label: t('onboarding.board.office'),
            sortable: true,
            cell: (a) => a.OfficeName,
          },
          { key: 'division', label: t('onboarding.board.division'), cell: (a) => a.DivisionName },
          {
            key: 'Status',
            label: t('onboarding.board.status'),
            sortable: true,
            cell: (a) => (
              <Badge variant="light" color={STATUS_COLOURS[a.Status.StatusType]}>
                {a.Status.Name}
              </Badge>
            ),
          },
          { key: 'stage', label: t('onboarding.board.stage'), cell: (a) => <Stage application={a} /> },
          {
            key: 'details',
            label: t('onboarding.board.details'),
            cell: (a) => (
              <Stack gap={0}>
                {Object.entries(a.GridFields).map(([k, v]) => (
                  <Text size="xs" key={k}>
                    {k}: {v === null ? '—' : shown(v, i18n.language)}
                  </Text>
                ))}
              </Stack>
            ),
          },
          {
            key: 'CreatedAt',
            label: t('onboarding.board.created'),
            sortable: true,
            descendingFirst: true,
            cell: (a) => formatDay(a.CreatedAt),
          },
        ]}
        title={(a) => <ApplicantName application={a} />}
        subtitle={(a) => a.EmailAddress ?? undefined}
        onRowClick={(a) => navigate(`/onboarding/applications/${a.OnboardingApplicationID}`)}
        rowProps={(a) => ({
          'aria-label': t('onboarding.board.open', { name: `${a.LastName}, ${a.FirstName}` }),
        })}
        count={(count) => t('onboarding.board.count', { count })}
        footer={controls.footer}
      />
    </Stack>
  );
}

function ApplicantName({ application: a }: { application: OnboardingApplicationListItem }) {
  return (
    <Text
      size="sm"
      fw={500}
      component={Link}
      to={`/onboarding/applications/${a.OnboardingApplicationID}`}
      onClick={(ev) => ev.stopPropagation()}
    >
      {`${a.LastName}, ${a.FirstName}`}
    </Text>
  );
}

function Stage({ application: a }: { application: OnboardingApplicationListItem }) {
  const { t } = useTranslation();
  return (
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
  );
}
