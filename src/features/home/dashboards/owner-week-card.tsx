// The week so far across the offices in scope: hours, pay cost of the current pay window, orders and
// installs, leads worked; on its own page (detail) the figures per office too.
import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RoleDashboardId } from '../../../contract/dashboards';
import { ScrollTable } from '../../../ui/scroll-table';
import { currencyOf, formatDay, formatMoney } from '../../payroll/processing/format';
import { useRoleDashboard } from './api';
import { DashboardFrame, DashboardLinks, Figure, hoursOf, useStateLink } from './parts';

export function OwnerWeekCard({ detail = false }: { detail?: boolean }) {
  const { t } = useTranslation();
  const query = useRoleDashboard(RoleDashboardId.OwnerWeek);
  const link = useStateLink();
  const d = query.data;
  const cost =
    d && d.PayCost.length > 0
      ? d.PayCost.map((c) => formatMoney(c.Cents / 100, currencyOf(c.CountryID))).join(' · ')
      : formatMoney(0);
  return (
    <DashboardFrame
      id={RoleDashboardId.OwnerWeek}
      title={t('home-dashboards.ownerWeek.title')}
      subtitle={
        d
          ? t('home-dashboards.ownerWeek.subtitle', {
              from: formatDay(d.StartDate),
              to: formatDay(d.EndDate),
            })
          : undefined
      }
      query={query}
    >
      {d && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Figure
              testId="figure-week-hours"
              label={t('home-dashboards.ownerWeek.hours')}
              value={hoursOf(d.WorkedMinutes)}
              hint={t('home-dashboards.ownerWeek.people', { count: d.EmployeesWorked })}
              to={link('time.approvals')}
            />
            <Figure
              testId="figure-week-pay"
              label={t('home-dashboards.ownerWeek.payCost')}
              value={cost}
              hint={t('home-dashboards.ownerWeek.payCostHint', { count: d.PayrollsInWindow })}
              to={link('payroll')}
            />
            <Figure
              testId="figure-week-orders"
              label={t('home-dashboards.ownerWeek.orders')}
              value={d.Orders}
              hint={t('home-dashboards.ownerWeek.installs', { count: d.Installs })}
              to={link('workOrders')}
            />
            <Figure
              testId="figure-week-leads"
              label={t('home-dashboards.ownerWeek.leads')}
              value={d.LeadsWorked}
              hint={t('home-dashboards.ownerWeek.interactions', { count: d.Interactions })}
              to={link('leads.manage')}
            />
          </SimpleGrid>
          {detail && (
            <ScrollTable label={t('home-dashboards.ownerWeek.byOffice')} minWidth={560}>
              <Table striped data-testid="week-offices">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('home-dashboards.columns.office')}</Table.Th>
                    <Table.Th ta="right">{t('home-dashboards.columns.hours')}</Table.Th>
                    <Table.Th ta="right">{t('home-dashboards.columns.people')}</Table.Th>
                    <Table.Th ta="right">{t('home-dashboards.columns.orders')}</Table.Th>
                    <Table.Th ta="right">{t('home-dashboards.columns.installs')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.ByOffice.map((o) => (
                    <Table.Tr key={o.IcdOfficeID}>
                      <Table.Td>{o.OfficeName}</Table.Td>
                      <Table.Td ta="right">{hoursOf(o.WorkedMinutes)}</Table.Td>
                      <Table.Td ta="right">{o.Employees}</Table.Td>
                      <Table.Td ta="right">{o.Orders}</Table.Td>
                      <Table.Td ta="right">{o.Installs}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
          {detail && (
            <Text size="xs" c="dimmed">
              {t('home-dashboards.ownerWeek.note')}
            </Text>
          )}
          <DashboardLinks
            dashboardId={RoleDashboardId.OwnerWeek}
            detail={detail}
            states={['payroll', 'workOrders', 'leads.manage', 'reports']}
          />
        </Stack>
      )}
    </DashboardFrame>
  );
}
