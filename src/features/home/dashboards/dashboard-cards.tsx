// The role dashboards on the home page (a lazy chunk: field users, who have none, never load it).
import { Stack } from '@mantine/core';
import { RoleDashboardId as Ids, type RoleDashboardId } from '../../../contract/dashboards';
import { ManagerDayCard } from './manager-day-card';
import { OwnerWeekCard } from './owner-week-card';
import { PayrollQueueCard } from './payroll-queue-card';

export function RoleDashboardCard({ id, detail = false }: { id: RoleDashboardId; detail?: boolean }) {
  switch (id) {
    case Ids.ManagerDay:
      return <ManagerDayCard detail={detail} />;
    case Ids.OwnerWeek:
      return <OwnerWeekCard detail={detail} />;
    case Ids.PayrollQueue:
      return <PayrollQueueCard detail={detail} />;
  }
}

export default function DashboardCards({ ids }: { ids: RoleDashboardId[] }) {
  return (
    <Stack gap="lg" data-testid="role-dashboards">
      {ids.map((id) => (
        <RoleDashboardCard key={id} id={id} />
      ))}
    </Stack>
  );
}
