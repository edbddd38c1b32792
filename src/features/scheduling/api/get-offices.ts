import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { RSSchedule, ScheduleEvent } from '../../../contract/scheduling';
import { Team } from '../../../contract/teams';
import { cachedRead } from '../../../offline/cached-read';
import { addDays, localDay } from '../board';
import { fromWire } from './wire';

export const Office = z.object({
  IcdOfficeID: z.number().int(),
  OfficeName: z.string(),
  /** IANA zone of the office (from icd-offices when the caller may read it): the board's "today". */
  TimeZone: z.string().nullish(),
});
export type Office = z.infer<typeof Office>;
const Offices = z.array(Office);

/**
 * The offices the manager schedules for. The contract has no office list for `scheduling:manage`, so
 * they are gathered from what the caller's scope returns: teams, RS schedules and the events of the
 * last two and next four months.
 */
export async function fetchManagedOffices(api: ApiClient, signal?: AbortSignal): Promise<Office[]> {
  const today = localDay(new Date());
  const [teams, schedules, events] = await Promise.all([
    api.get('teams', { signal, schema: z.array(Team) }),
    api.get('rs-schedules', { signal, schema: fromWire(z.array(RSSchedule)) }),
    api.get('schedule-events', {
      query: { startDate: addDays(today, -60), endDate: addDays(today, 120) },
      signal,
      schema: fromWire(z.array(ScheduleEvent)),
    }),
  ]);
  // The offices' time zones; without organisation:read the board keeps the browser's day.
  const zones = await api
    .get('icd-offices', {
      signal,
      schema: z.array(z.object({ IcdOfficeID: z.number(), TimeZone: z.string() })),
    })
    .catch(() => []);
  const byId = new Map<number, Office>();
  for (const o of [...teams, ...schedules, ...events])
    byId.set(o.IcdOfficeID, {
      IcdOfficeID: o.IcdOfficeID,
      OfficeName: o.OfficeName,
      TimeZone: zones.find((zone) => zone.IcdOfficeID === o.IcdOfficeID)?.TimeZone ?? null,
    });
  return [...byId.values()].sort((a, b) => a.OfficeName.localeCompare(b.OfficeName));
}

export function managedOfficesQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: ['scheduling', 'offices', userId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        'scheduling/offices',
        () => fetchManagedOffices(api, signal),
        (raw) => Offices.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 5 * 60_000,
  });
}

export function useManagedOffices(userId: string) {
  const api = useApiClient();
  return useQuery({ ...managedOfficesQueryOptions(api, userId), enabled: !!userId });
}
