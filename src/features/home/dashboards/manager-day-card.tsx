// The manager's day: who is clocked in now, today's open places, time awaiting approval. On the home
// page a summary with the first few names; on its own page (detail) every list in full.
import { Badge, Group, List, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RoleDashboardId } from '../../../contract/dashboards';
import { formatTimeOfDay } from '../../../lib/dates';
import { ScrollTable } from '../../../ui/scroll-table';
import { formatDay } from '../../payroll/processing/format';
import { useRoleDashboard } from './api';
import { DashboardFrame, DashboardLinks, Figure, hoursOf, useStateLink } from './parts';

const PREVIEW = 5;

export function ManagerDayCard({ detail = false }: { detail?: boolean }) {
  const { t } = useTranslation();
  const query = useRoleDashboard(RoleDashboardId.ManagerDay);
  const link = useStateLink();
  const d = query.data;
  const today = d?.Offices[0]?.Today;
  return (
    <DashboardFrame
      id={RoleDashboardId.ManagerDay}
      title={t('home-dashboards.managerDay.title')}
      subtitle={
        today
          ? t('home-dashboards.managerDay.subtitle', {
              day: formatDay(today),
              offices: d.Offices.map((o) => o.OfficeName).join(', '),
            })
          : undefined
      }
      query={query}
    >
      {d && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Figure
              testId="figure-clocked-in"
              label={t('home-dashboards.managerDay.clockedIn')}
              value={d.ClockedInCount}
              hint={
                d.ClockedInCount === 0
                  ? t('home-dashboards.managerDay.nobodyClockedIn')
                  : t('home-dashboards.managerDay.onBreak', {
                      count: d.ClockedIn.filter((p) => p.OnBreak).length,
                    })
              }
            />
            <Figure
              testId="figure-open-places"
              label={t('home-dashboards.managerDay.openPlaces')}
              value={d.OpenPlaces}
              hint={t('home-dashboards.managerDay.inSlots', { count: d.OpenSlots.length })}
              to={link('scheduling.board')}
            />
            <Figure
              testId="figure-awaiting-hours"
              label={t('home-dashboards.managerDay.awaitingHours')}
              value={hoursOf(d.MinutesAwaitingApproval)}
              hint={t('home-dashboards.managerDay.periods', {
                ended: d.PeriodsAwaitingApproval,
                running: d.PeriodsInProgress,
              })}
              to={link('time.approvals')}
            />
          </SimpleGrid>
          {d.ClockedIn.length > 0 && (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {t('home-dashboards.managerDay.whoIsIn')}
              </Text>
              <List size="sm" spacing={2} data-testid="clocked-in-list">
                {(detail ? d.ClockedIn : d.ClockedIn.slice(0, PREVIEW)).map((p) => (
                  <List.Item key={p.EmployeeID}>
                    <Group gap={6} wrap="nowrap">
                      <span>{p.EmployeeName}</span>
                      <Text span size="xs" c="dimmed">
                        {t('home-dashboards.managerDay.since', {
                          time: formatTimeOfDay(new Date(p.Since)),
                          office: p.OfficeName,
                        })}
                      </Text>
                      {p.OnBreak && (
                        <Badge size="xs" variant="light" color="yellow">
                          {t('home-dashboards.managerDay.break')}
                        </Badge>
                      )}
                    </Group>
                  </List.Item>
                ))}
              </List>
              {!detail && d.ClockedInCount > PREVIEW && (
                <Text size="xs" c="dimmed">
                  {t('home-dashboards.more', { count: d.ClockedInCount - PREVIEW })}
                </Text>
              )}
            </Stack>
          )}
          {detail && (
            <>
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  {t('home-dashboards.managerDay.slotsTitle')}
                </Text>
                {d.OpenSlots.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('home-dashboards.managerDay.noSlots')}
                  </Text>
                ) : (
                  <ScrollTable label={t('home-dashboards.managerDay.slotsTitle')} minWidth={480}>
                    <Table striped data-testid="open-slots">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('home-dashboards.columns.event')}</Table.Th>
                          <Table.Th>{t('home-dashboards.columns.office')}</Table.Th>
                          <Table.Th>{t('home-dashboards.columns.time')}</Table.Th>
                          <Table.Th ta="right">{t('home-dashboards.columns.open')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {d.OpenSlots.map((s) => (
                          <Table.Tr key={s.TimeSlotID}>
                            <Table.Td>{s.Title}</Table.Td>
                            <Table.Td>{s.OfficeName}</Table.Td>
                            <Table.Td>
                              {formatTimeOfDay(s.StartTime)}–{formatTimeOfDay(s.EndTime)}
                            </Table.Td>
                            <Table.Td ta="right">
                              {s.Open} / {s.Capacity}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </ScrollTable>
                )}
              </Stack>
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  {t('home-dashboards.managerDay.periodsTitle')}
                </Text>
                {d.Periods.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('home-dashboards.managerDay.noPeriods')}
                  </Text>
                ) : (
                  <ScrollTable label={t('home-dashboards.managerDay.periodsTitle')} minWidth={480}>
                    <Table striped data-testid="awaiting-periods">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('home-dashboards.columns.employee')}</Table.Th>
                          <Table.Th>{t('home-dashboards.columns.period')}</Table.Th>
                          <Table.Th ta="right">{t('home-dashboards.columns.hours')}</Table.Th>
                          <Table.Th>{t('home-dashboards.columns.state')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {d.Periods.map((p) => (
                          <Table.Tr key={p.PayPeriodID}>
                            <Table.Td>{p.EmployeeName}</Table.Td>
                            <Table.Td>
                              {formatDay(p.StartDate)} – {formatDay(p.EndDate)}
                            </Table.Td>
                            <Table.Td ta="right">{hoursOf(p.WorkedMinutes)}</Table.Td>
                            <Table.Td>
                              <Badge variant="light" color={p.Ended ? 'orange' : 'blue'}>
                                {p.Ended
                                  ? t('home-dashboards.managerDay.ended')
                                  : t('home-dashboards.managerDay.running')}
                              </Badge>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </ScrollTable>
                )}
              </Stack>
            </>
          )}
          <DashboardLinks
            dashboardId={RoleDashboardId.ManagerDay}
            detail={detail}
            states={['time.approvals', 'scheduling.board', 'scheduling.tsu']}
          />
        </Stack>
      )}
    </DashboardFrame>
  );
}
