// One lead with its LeadActivityHistory (the card), kept per user for offline use. A lead created on
// this device and not yet acknowledged (temporary id) has nothing on the server to read.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/api-client';
import { useApiClient } from '../../../api/api-context';
import { Lead } from '../../../contract/leads';
import { cachedRead } from '../../../offline/cached-read';

/** Where one lead's copy is kept (the offline warm-up keeps the rep's assigned leads there too). */
export const leadCacheKey = (leadId: number) => `leads/lead/${leadId}`;

export function leadQueryOptions(api: ApiClient, userId: string, leadId: number) {
  return queryOptions({
    queryKey: ['leads', 'lead', userId, leadId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        leadCacheKey(leadId),
        () => api.get(`leads/${leadId}`, { signal, schema: Lead }),
        (raw) => Lead.parse(raw),
      ),
    networkMode: 'always',
    enabled: leadId > 0,
  });
}

export function useLead(userId: string, leadId: number) {
  return useQuery(leadQueryOptions(useApiClient(), userId, leadId));
}
