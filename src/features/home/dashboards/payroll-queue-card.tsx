// Payroll's queue: pay periods awaiting approval or lock, payrolls to calculate or lock, late
// adjustments, manual submissions, applications, hires to process and invoices to post; on its own
// page the open payrolls.
import { Anchor, Badge, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RoleDashboardId } from '../../../contract/dashboards';
import { ScrollTable } from '../../../ui/scroll-table';
import { formatDay } from '../../payroll/processing/format';
import { useRoleDashboard } from './api';
import { DashboardFrame, DashboardLinks, Figure, useStateLink } from './parts';

export function PayrollQueueCard({ detail = false }: { detail?: boolean }) {
  const { t } = useTranslation();
  const query = useRoleDashboard(RoleDashboardId.PayrollQueue);
  const link = useStateLink();
  const d = query.data;
  const payrollLink = link('payroll.detail');
  return (
    <DashboardFrame
      id={RoleDashboardId.PayrollQueue}
      title={t('home-dashboards.payrollQueue.title')}
      subtitle={t('home-dashboards.payrollQueue.subtitle')}
      query={query}
    >
      {d && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            <Figure
              testId="figure-periods-approval"
              label={t('home-dashboards.payrollQueue.periodsApproval')}
              value={d.PeriodsAwaitingApproval}
              hint={t('home-dashboards.payrollQueue.periodsLock', { count: d.PeriodsAwaitingLock })}
              to={link('time.approvals')}
            />
            <Figure
              testId="figure-payrolls"
              label={t('home-dashboards.payrollQueue.payrollsToLock')}
              value={d.PayrollsToLock}
              hint={t('home-dashboards.payrollQueue.payrollsToCalculate', { count: d.PayrollsToCalculate })}
              to={link('payroll')}
            />
            <Figure
              testId="figure-late"
              label={t('home-dashboards.payrollQueue.late')}
              value={d.LateAdjustmentsPending}
              to={link('time.lateAdjustments')}
            />
            <Figure
              testId="figure-manual"
              label={t('home-dashboards.payrollQueue.manual')}
              value={d.ManualSubmissionsOpen}
              hint={t('home-dashboards.payrollQueue.applications', { count: d.ApplicationsToReview })}
              to={link('payroll.manualSubmissions')}
            />
            <Figure
              testId="figure-new-hires"
              label={t('home-dashboards.payrollQueue.newHires')}
              value={d.NewHiresToProcess}
              hint={t('home-dashboards.payrollQueue.employmentEvents', {
                count: d.EmploymentEventsToProcess,
              })}
              to={link('employments')}
            />
            <Figure
              testId="figure-invoices"
              label={t('home-dashboards.payrollQueue.invoices')}
              value={d.InvoicesNotPosted}
              to={link('invoices')}
            />
          </SimpleGrid>
          {detail && (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {t('home-dashboards.payrollQueue.openPayrolls')}
              </Text>
              {d.Payrolls.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('home-dashboards.payrollQueue.noPayrolls')}
                </Text>
              ) : (
                <ScrollTable label={t('home-dashboards.payrollQueue.openPayrolls')} minWidth={560}>
                  <Table striped data-testid="queue-payrolls">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('home-dashboards.columns.corporation')}</Table.Th>
                        <Table.Th>{t('home-dashboards.columns.window')}</Table.Th>
                        <Table.Th>{t('home-dashboards.columns.payDate')}</Table.Th>
                        <Table.Th>{t('home-dashboards.columns.state')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {d.Payrolls.map((p) => (
                        <Table.Tr key={p.PayrollID}>
                          <Table.Td>
                            {payrollLink ? (
                              <Anchor component={Link} to={`/payroll/${p.PayrollID}`}>
                                {p.ClientName}
                              </Anchor>
                            ) : (
                              p.ClientName
                            )}
                          </Table.Td>
                          <Table.Td>
                            {formatDay(p.StartDate)} – {formatDay(p.EndDate)}
                          </Table.Td>
                          <Table.Td>{formatDay(p.PayDate)}</Table.Td>
                          <Table.Td>
                            {!p.IsCalculated ? (
                              <Badge color="gray" variant="light">
                                {t('home-dashboards.payrollQueue.toCalculate')}
                              </Badge>
                            ) : p.ReadyToLock ? (
                              <Badge color="orange" variant="light">
                                {t('home-dashboards.payrollQueue.toLock')}
                              </Badge>
                            ) : (
                              <Badge color="blue" variant="light">
                                {t('home-dashboards.payrollQueue.running')}
                              </Badge>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollTable>
              )}
            </Stack>
          )}
          <DashboardLinks
            dashboardId={RoleDashboardId.PayrollQueue}
            detail={detail}
            states={[
              'payroll',
              'time.lateAdjustments',
              'payroll.manualSubmissions',
              'onboarding.applications',
              'employments',
              'invoices',
            ]}
          />
        </Stack>
      )}
    </DashboardFrame>
  );
}
