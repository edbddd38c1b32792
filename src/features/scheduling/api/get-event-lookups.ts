import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { EventHost, ScheduleDateOption } from '../../../contract/scheduling';
import { cachedRead } from '../../../offline/cached-read';
import { fromWire } from './wire';

const Hosts = fromWire(z.array(EventHost));
const Options = z.array(ScheduleDateOption);
export const EventLookups = z.object({ Hosts, Programs: Options, Stores: Options });
export type EventLookups = z.infer<typeof EventLookups>;

/**
 * What the event form offers: the event hosts, and the office's active programs and stores (the
 * schedule-date option calls with showAll). Kept for offline drafting.
 */
export function eventLookupsQueryOptions(api: ApiClient, userId: string, officeId: number, today: string) {
  return queryOptions({
    queryKey: ['scheduling', 'event-lookups', userId, officeId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        `scheduling/event-lookups/${officeId}`,
        async () => {
          const base = `employees/${userId}/icd-offices/${officeId}/schedule-dates/${today}`;
          const [hosts, programs, stores] = await Promise.all([
            api.get('v1/event-hosts', { signal, schema: Hosts }),
            api.get(`${base}/programs`, { query: { showAll: true }, signal, schema: Options }),
            api.get(`${base}/stores`, { query: { showAll: true }, signal, schema: Options }),
          ]);
          return { Hosts: hosts, Programs: programs, Stores: stores };
        },
        (raw) => EventLookups.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 10 * 60_000,
  });
}

export function useEventLookups(userId: string, officeId: number | null, today: string, enabled = true) {
  const api = useApiClient();
  return useQuery({
    ...eventLookupsQueryOptions(api, userId, officeId ?? 0, today),
    enabled: enabled && !!userId && !!officeId,
  });
}
