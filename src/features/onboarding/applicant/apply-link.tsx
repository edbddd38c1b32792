// The sign-in page's "Apply" link to self sign-up, shown only when a division's onboarding policy
// enables self sign-up (anonymous GET onboarding-divisions).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Anchor, Text } from '../../../ui/lite';
import { useSelfSignUpDivisions } from './self-sign-up';

export default function ApplyLink() {
  const { t } = useTranslation();
  const divisions = useSelfSignUpDivisions();
  if (!divisions.data?.length) return null;
  return (
    <Text size="sm" style={{ textAlign: 'center' }}>
      {t('onboarding-applicant.signUp.newHere')}{' '}
      <Anchor component={Link} to="/apply" data-testid="apply-link">
        {t('onboarding-applicant.signUp.apply')}
      </Anchor>
    </Text>
  );
}
