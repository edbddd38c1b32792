// The compliance flags of the pay periods on the time approvals screen (GET
// time-approvals/compliance-flags, computed live with the report jobs' rules): one badge per rule a
// period breaks, its tooltip stating the rule and what was found on which day, so the entries are
// fixed before the period is approved rather than reported after payroll.
import { Badge, Group, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useApiClient } from '../../../api/api-context';
import { ComplianceFlag } from '../../../contract/report-jobs';
import { formatDay } from '../../../lib/date-display';
import { wire } from '../../payroll/api/payrolls';

const FlagsWire = wire(z.array(ComplianceFlag));

export function useComplianceFlags(payPeriodIds: readonly number[]) {
  const api = useApiClient();
  const ids = [...payPeriodIds].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['time-management', 'compliance-flags', ids],
    queryFn: ({ signal }) =>
      api.get('time-approvals/compliance-flags', {
        signal,
        query: { payPeriodIds: ids.join(',') },
        schema: FlagsWire,
      }),
    enabled: ids.length > 0,
    staleTime: 30_000,
  });
}

export function ComplianceBadges({ flags }: { flags: readonly ComplianceFlag[] }) {
  const { t } = useTranslation();
  if (!flags.length) return null;
  const byKind = new Map<string, ComplianceFlag[]>();
  for (const f of flags) byKind.set(f.Kind, [...(byKind.get(f.Kind) ?? []), f]);
  return (
    <Group gap={4} mt={4} data-testid="compliance-flags">
      {[...byKind.values()].map((list) => (
        <Tooltip
          key={list[0].Kind}
          multiline
          w={360}
          withArrow
          label={
            <>
              <div>{list[0].Rule}</div>
              {list.map((f) => (
                <div key={`${f.Day}-${f.TimeEntryIDs.join('.')}`}>
                  {t('report-jobs.flagDay', { day: formatDay(f.Day), detail: f.Detail })}
                </div>
              ))}
            </>
          }
        >
          <Badge color="orange" variant="light" size="sm" data-kind={list[0].Kind} tabIndex={0}>
            {list.length > 1 ? `${list[0].Name} ×${list.length}` : list[0].Name}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}
