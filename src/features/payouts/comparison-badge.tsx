// The payout comparison as a coloured badge: Positive (more posted than the policy expects) green,
// Negative red, Neutral grey; the difference rides along for screen readers and the tooltip.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayoutComparisonName } from '../../contract/payouts';

const COLOURS: Record<PayoutComparisonName, string> = { Positive: 'teal', Negative: 'red', Neutral: 'gray' };

export function ComparisonBadge({ comparison }: { comparison: PayoutComparisonName }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLOURS[comparison]}
      variant="light"
      data-testid="payout-comparison"
      data-comparison={comparison}
    >
      {t(`payouts.comparison.${comparison}`)}
    </Badge>
  );
}
