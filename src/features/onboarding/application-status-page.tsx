// An onboarding applicant's landing page: where their application stands (from the server's answer
// for the caller's own application) and what to do next; while the application is theirs to fill
// (created, started, saved, or reviewed with the office's comments) the step-by-step application
// itself (applicant/application-flow.tsx); once approved, the way to their employee home.
import { Alert, Badge, Button, Card, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, errorStatus } from '../../api/errors';
import { useAppServices, useSessionData } from '../../app/app-context';
import type { ApplicationStatusName } from '../../contract/onboarding';
import { formatDay } from '../../lib/date-display';
import { useMyApplication } from './api/get-my-application';
import { useMyApplicationRef, useOwnApplication } from './applicant/api';
import { ApplicationFlow } from './applicant/application-flow';
import { ApplicationTimeline } from './applicant/application-timeline';

const STATUS_COLOUR: Record<ApplicationStatusName, string> = {
  Initial: 'blue',
  Incomplete: 'yellow',
  Approved: 'teal',
  Terminated: 'gray',
  Suspended: 'orange',
};

export default function ApplicationStatusPage() {
  const { t } = useTranslation();
  const session = useSessionData();
  const { signOut } = useAppServices();
  const application = useMyApplication();
  const ref = useMyApplicationRef();
  const own = useOwnApplication(ref.data?.OnboardingApplicationID);
  const userId = session ? String(session.identity.EmployeeID) : null;

  if (application.isPending || (ref.isPending && !ref.isError) || (!!ref.data && own.isPending))
    return (
      <Center py="xl" role="status" aria-label={t('onboarding.status.loading')}>
        <Loader aria-hidden />
      </Center>
    );

  // Opened without a connection: the application as last read on this device, still to be filled.
  if (application.isError && own.data && userId && !errorStatus(application.error)) {
    return (
      <Stack maw={640} gap="lg">
        <Title order={1} size="h2" data-testid="application-title">
          {t('onboarding.status.title')}
        </Title>
        <ApplicationFlow application={own.data} userId={userId} />
      </Stack>
    );
  }

  if (application.isError) {
    const notApplicant = errorStatus(application.error) === 403;
    return (
      <Stack maw={640}>
        <Title order={1} size="h2">
          {t('onboarding.status.title')}
        </Title>
        {notApplicant ? (
          <Alert color="gray" data-testid="no-application">
            <Text size="sm">{t('onboarding.status.none')}</Text>
            <Button component={Link} to="/" variant="light" size="xs" mt="sm">
              {t('shell.goHome')}
            </Button>
          </Alert>
        ) : (
          <Alert color="red" title={t('onboarding.status.loadFailed')} role="alert">
            <Text size="sm">{errorMessage(application.error, { t: (key) => t(key) })}</Text>
            <Button variant="light" size="xs" mt="sm" onClick={() => void application.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        )}
      </Stack>
    );
  }

  const a = application.data;
  const status = a.Status;
  const office = a.Office
    ? t('onboarding.status.office', {
        office: a.Office.OfficeName,
        city: a.Office.City,
        region: a.Office.StateProvince,
      })
    : t('onboarding.status.noOffice');
  const steps = t(`onboarding.status.next.${status}`, { returnObjects: true, email: a.EmailAddress ?? '' });
  const full = own.data;
  const fillable =
    !!full &&
    !!userId &&
    status !== 'Approved' &&
    !full.IsPaperApplication &&
    ['Created', 'Started', 'Saved', 'Reviewed'].includes(full.Stage);

  return (
    <Stack maw={640} gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2" data-testid="application-title">
          {t('onboarding.status.title')}
        </Title>
        <Text c="dimmed">
          {t('onboarding.status.hello', { name: session?.identity.FirstName ?? a.FirstName })}
        </Text>
      </Stack>

      <Card withBorder radius="md" padding="lg" data-testid="application-status" data-status={status}>
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <Badge color={STATUS_COLOUR[status]} size="lg" variant="light">
              {t(`onboarding.status.state.${status}`)}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('onboarding.status.submitted', {
                date: formatDay(a.SubmittedAt),
              })}
            </Text>
          </Group>
          <Text fw={600} size="lg" data-testid="application-headline">
            {status === 'Approved'
              ? t('onboarding-applicant.status.employee')
              : fillable
                ? t(
                    full?.Stage === 'Reviewed'
                      ? 'onboarding-applicant.status.fix'
                      : 'onboarding-applicant.status.fill',
                  )
                : full?.Stage === 'Submitted'
                  ? t('onboarding-applicant.status.submitted')
                  : t(`onboarding.status.headline.${status}`)}
          </Text>
          <Text size="sm">
            {t('onboarding.status.appliedTo', {
              office,
              divisions: a.Divisions.length ? a.Divisions.join(', ') : t('onboarding.status.noDivision'),
            })}
          </Text>
        </Stack>
      </Card>

      {fillable && full && userId && <ApplicationFlow application={full} userId={userId} />}
      {!fillable && full && <ApplicationTimeline application={full} />}

      {!fillable && (
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="xs">
            {t('onboarding.status.nextTitle')}
          </Title>
          <List spacing="xs" size="sm" data-testid="application-next">
            {(Array.isArray(steps) ? (steps as string[]) : [String(steps)]).map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Card>
      )}

      {status === 'Approved' && (
        <Group>
          <Button onClick={() => void signOut()}>{t('onboarding.status.signInAgain')}</Button>
        </Group>
      )}
    </Stack>
  );
}
