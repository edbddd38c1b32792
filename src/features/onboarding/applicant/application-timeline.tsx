// Where the application stands, as a timeline (activity stepper): made, submitted, reviewed with the
// office's comments, approved.
import { Card, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OnboardingApplication } from '../../../contract/onboarding';
import { type ActivityStep, ActivityStepper } from '../../../ui/activity-stepper';

export function ApplicationTimeline({ application: a }: { application: OnboardingApplication }) {
  const { t } = useTranslation();
  const k = (key: string) => t(`onboarding-applicant.timeline.${key}`);
  const steps: ActivityStep[] = [{ id: 'created', title: k('created'), date: a.CreatedAt, color: 'blue' }];
  if (a.SubmittedAt)
    steps.push({ id: 'submitted', title: k('submitted'), date: a.SubmittedAt, color: 'blue' });
  const comments = Object.values(a.ReviewComments).filter((c): c is string => !!c?.trim());
  if (a.Stage === 'Reviewed' || a.ReviewRequired)
    steps.push({
      id: 'reviewed',
      title: k('reviewed'),
      color: 'orange',
      description: comments.join('\n'),
      expanded: true,
    });
  if (a.ApprovedAt) steps.push({ id: 'approved', title: k('approved'), date: a.ApprovedAt, color: 'teal' });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="application-timeline">
      <Title order={2} size="h4" mb="sm">
        {k('title')}
      </Title>
      <ActivityStepper steps={steps} headingOrder={3} />
    </Card>
  );
}
