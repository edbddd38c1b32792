// The sign-in page's "Apply" link to self sign-up, shown only when a division's onboarding policy
// enables self sign-up (anonymous GET onboarding-divisions).
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSelfSignUpDivisions } from './self-sign-up';

export default function ApplyLink() {
  const { t } = useTranslation();
  const divisions = useSelfSignUpDivisions();
  if (!divisions.data?.length) return null;
  return (
    <Text size="sm" ta="center">
      {t('onboarding-applicant.signUp.newHere')}{' '}
      <Anchor component={Link} to="/apply" data-testid="apply-link">
        {t('onboarding-applicant.signUp.apply')}
      </Anchor>
    </Text>
  );
}
