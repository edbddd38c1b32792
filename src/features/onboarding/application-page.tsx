// One onboarding application as the office reviews it (back office, online only): the applicant, the
// reference fields (sensitive ones masked unless the reviewer may see them), bank details, documents,
// the review comments that send it back to the applicant, paper ↔ online, and the status — a status
// of type Approved hires the applicant. Failures use the spec's texts ('Change to paper application
// failed: {detail}', 'Retrieving failed: {detail}', 'Save failed'); a stale copy offers a reload.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage, isResponseError } from '../../api/errors';
import type { OnboardingApplication, ReviewComments } from '../../contract/onboarding';
import { useApplication, useAvailableStatuses, usePatchApplication } from './api/applications';
import { calendarDay, STATUS_COLOURS, shown } from './format';

const REVIEW_KEYS = ['FedW4Error', 'ProvW4Error', 'I9Error', 'DDerror'] as const;

export default function ApplicationPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useApplication(id);
  if (query.isPending)
    return (
      <Center py="xl" role="status" aria-label={t('onboarding.review.loading')}>
        <Loader />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" title={t('onboarding.review.retrieveFailed', { detail: errorMessage(query.error) })}>
        <Button variant="light" onClick={() => void query.refetch()}>
          {t('onboarding.review.retry')}
        </Button>
      </Alert>
    );
  return <ApplicationView application={query.data} reload={() => void query.refetch()} />;
}

function ApplicationView({
  application: a,
  reload,
}: {
  application: OnboardingApplication;
  reload: () => void;
}) {
  const { t, i18n } = useTranslation();
  const statuses = useAvailableStatuses(a.OnboardingApplicationID);
  const patch = usePatchApplication(a.OnboardingApplicationID);
  const [review, setReview] = useState<ReviewComments>(a.ReviewComments);
  const [statusId, setStatusId] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ text: string; detail: string | null; stale: boolean } | null>(
    null,
  );
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => setReview(a.ReviewComments), [a.ReviewComments]);
  const approved = a.Stage === 'Approved';

  const send = async (
    body: Parameters<typeof patch.mutateAsync>[0],
    failed: (detail: string) => string,
    ok: string,
  ) => {
    setFailure(null);
    setDone(null);
    try {
      await patch.mutateAsync(body);
      setDone(ok);
      setStatusId(null);
    } catch (e) {
      const stale = isResponseError(e) && e.status === 409 && !!(e.data as { Current?: unknown })?.Current;
      const detail = errorMessage(e);
      const text = stale ? t('onboarding.review.conflict') : failed(detail);
      setFailure({ text, detail: stale || text.includes(detail) ? null : detail, stale });
    }
  };
  const target = statuses.data?.find((s) => String(s.OnboardingApplicationStatusID) === statusId);

  return (
    <Stack gap="md" maw={1400}>
      <Anchor component={Link} to="/onboarding/applications" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('onboarding.review.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {a.Applicant.FirstName} {a.Applicant.LastName}
          </Title>
          <Text size="sm" c="dimmed">
            {a.DivisionName} · {a.OfficeName}
          </Text>
        </Stack>
        <Group gap="xs">
          <Badge
            size="lg"
            variant="light"
            color={STATUS_COLOURS[a.Status.StatusType]}
            data-testid="application-status"
          >
            {a.Status.Name}
          </Badge>
          <Badge size="lg" variant="outline">
            {t(`onboarding.stage.${a.Stage}`)}
          </Badge>
          {a.ReviewRequired && <Badge color="orange">{t('onboarding.board.reviewRequired')}</Badge>}
          {a.IsPaperApplication && <Badge color="gray">{t('onboarding.board.paper')}</Badge>}
        </Group>
      </Group>
      {failure && (
        <Alert color="red" role="alert" title={failure.text}>
          {failure.detail && <Text size="sm">{failure.detail}</Text>}
          {failure.stale && (
            <Button variant="light" size="xs" onClick={reload}>
              {t('onboarding.review.reload')}
            </Button>
          )}
        </Alert>
      )}
      {done && (
        <Alert color="green" role="status" title={done} withCloseButton onClose={() => setDone(null)} />
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <Title order={2} size="h4" mb="xs">
                {t('onboarding.review.applicant')}
              </Title>
              <Table variant="vertical" layout="fixed" withRowBorders={false}>
                <Table.Tbody>
                  <Row label={t('onboarding.review.email')} value={a.Applicant.EmailAddress} />
                  <Row label={t('onboarding.review.userName')} value={a.Applicant.UserName} />
                  <Row
                    label={t('onboarding.review.cellPhone')}
                    value={
                      a.Applicant.CellPhone.PhoneNumber
                        ? `${a.Applicant.CellPhone.PhoneNumber}${a.Applicant.CellPhone.Extension ? ` x${a.Applicant.CellPhone.Extension}` : ''}`
                        : null
                    }
                  />
                  <Row
                    label={t('onboarding.review.dateOfBirth')}
                    value={
                      a.Applicant.DateOfBirth ? calendarDay(a.Applicant.DateOfBirth, i18n.language) : null
                    }
                  />
                  <Row label={t('onboarding.review.comments')} value={a.Comments} />
                </Table.Tbody>
              </Table>
            </Card>
            <Card withBorder padding="md">
              <Title order={2} size="h4" mb="xs">
                {t('onboarding.review.fields')}
              </Title>
              {a.Missing.length > 0 && (
                <Text size="sm" c="orange" mb="xs">
                  {t('onboarding.review.missing', { names: a.Missing.join(', ') })}
                </Text>
              )}
              <Table layout="fixed" data-testid="application-fields">
                <Table.Tbody>
                  {a.Fields.map((f) => (
                    <Table.Tr key={f.OnboardingReferenceFieldID}>
                      <Table.Td>
                        <Text size="sm">{f.Name}</Text>
                        {f.RequiredAtStatus && (
                          <Text size="xs" c="dimmed">
                            {t('onboarding.review.requiredAt', {
                              status: t(`onboarding.statusType.${f.RequiredAtStatus}`),
                            })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff={f.IsSensitive ? 'monospace' : undefined}>
                          {f.Value === null ? '—' : shown(f.Value, i18n.language)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
            <Card withBorder padding="md">
              <Title order={2} size="h4" mb="xs">
                {t('onboarding.review.bank')}
              </Title>
              {a.Bank.BankName ? (
                <Text size="sm">
                  {a.Bank.BankName} · {a.Bank.RoutingNumber}
                  {a.Bank.InstitutionNumber ? ` / ${a.Bank.InstitutionNumber}` : ''} ·{' '}
                  <Text span ff="monospace">
                    {a.Bank.AccountNumber ?? '—'}
                  </Text>
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('onboarding.review.noBank')}
                </Text>
              )}
              <Title order={2} size="h4" mt="md" mb="xs">
                {t('onboarding.review.documents')}
              </Title>
              {a.Documents.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('onboarding.review.noDocuments')}
                </Text>
              ) : (
                <Stack gap={4}>
                  {a.Documents.map((d) => (
                    <Anchor
                      key={d.OnboardingApplicationDocumentID}
                      size="sm"
                      href={`/api/onboarding-applications/${a.OnboardingApplicationID}/documents/${d.OnboardingApplicationDocumentID}`}
                    >
                      {d.OriginalName} ({Math.max(1, Math.round(d.Size / 1024))} KB)
                    </Anchor>
                  ))}
                </Stack>
              )}
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <Title order={2} size="h4" mb="xs">
                {t('onboarding.review.reviewTitle')}
              </Title>
              <Stack gap="xs">
                {REVIEW_KEYS.map((k) => (
                  <Textarea
                    key={k}
                    label={t(`onboarding.review.${k}`)}
                    value={review[k] ?? ''}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setReview((r) => ({ ...r, [k]: value }));
                    }}
                    autosize
                    minRows={1}
                    disabled={approved}
                  />
                ))}
                <Button
                  disabled={a.Stage !== 'Submitted' || patch.isPending}
                  onClick={() =>
                    void send(
                      { Version: a.Version, Action: 'Review', ReviewComments: review },
                      () => t('onboarding.review.saveFailed'),
                      t('onboarding.review.reviewed'),
                    )
                  }
                >
                  {t('onboarding.review.sendReview')}
                </Button>
                {a.Stage !== 'Submitted' && !approved && (
                  <Text size="xs" c="dimmed">
                    {t('onboarding.review.reviewWhenSubmitted')}
                  </Text>
                )}
              </Stack>
            </Card>
            <Card withBorder padding="md">
              <Title order={2} size="h4" mb="xs">
                {t('onboarding.review.statusTitle')}
              </Title>
              <Group align="flex-end" gap="xs">
                <Select
                  label={t('onboarding.review.moveTo')}
                  placeholder={t('onboarding.review.choose')}
                  data={(statuses.data ?? []).map((s) => ({
                    value: String(s.OnboardingApplicationStatusID),
                    label: `${s.Name} (${t(`onboarding.statusType.${s.StatusType}`)})`,
                  }))}
                  value={statusId}
                  onChange={setStatusId}
                  w={{ base: '100%', sm: 240 }}
                />
                <Button
                  color={target?.StatusType === 'Approved' ? 'green' : undefined}
                  disabled={!target || patch.isPending}
                  onClick={() =>
                    target &&
                    void send(
                      {
                        Version: a.Version,
                        OnboardingApplicationStatusID: target.OnboardingApplicationStatusID,
                      },
                      () => t('onboarding.review.saveFailed'),
                      target.StatusType === 'Approved'
                        ? t('onboarding.review.approved')
                        : t('onboarding.review.statusChanged'),
                    )
                  }
                >
                  {target?.StatusType === 'Approved'
                    ? t('onboarding.review.approve')
                    : t('onboarding.review.change')}
                </Button>
              </Group>
              {target?.StatusType === 'Approved' && (
                <Text size="xs" c="dimmed" mt="xs">
                  {t('onboarding.review.approveHint')}
                </Text>
              )}
            </Card>
            {!approved && (
              <Card withBorder padding="md">
                <Button
                  variant="default"
                  disabled={patch.isPending}
                  onClick={() =>
                    void send(
                      { Version: a.Version, Action: a.IsPaperApplication ? 'ToOnline' : 'ToPaper' },
                      (detail) => t('onboarding.review.paperFailed', { detail }),
                      t('onboarding.review.saved'),
                    )
                  }
                >
                  {a.IsPaperApplication ? t('onboarding.review.toOnline') : t('onboarding.review.toPaper')}
                </Button>
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <Table.Tr>
      <Table.Th w={160}>{label}</Table.Th>
      <Table.Td>{value ?? '—'}</Table.Td>
    </Table.Tr>
  );
}
