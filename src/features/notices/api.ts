// Calls of legal notices and bulletins. Instants arrive revived as Dates (src/api/revive-dates.ts).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/api-client';
import { useApiClient } from '../../api/api-context';
import type { BulletinAudienceType, LegalNoticeAudienceType } from '../../contract/notices';
import { cachedRead } from '../../offline/cached-read';

type Instant = Date | string;

export interface LegalNoticeItem {
  LegalNoticeID: number;
  Title: string;
  AudienceType: LegalNoticeAudienceType;
  AudienceIDs: number[];
  IsActive: boolean;
  CurrentContentID: number;
  Body: string;
  ContentCreatedAt: Instant;
  ContentVersions: number;
  Acknowledged: boolean;
  AcknowledgedAt: Instant | null;
  AcknowledgedCount: number | null;
  Version: number;
}

export interface BulletinItem {
  BulletinID: number;
  Subject: string;
  Body: string;
  AudienceType: BulletinAudienceType;
  AudienceIDs: number[];
  CreatedByName: string | null;
  CreatedAt: Instant;
  LastDeliveredAt: Instant | null;
  DeliveredCount: number;
  ReadCount: number;
  AcknowledgedCount: number;
  Version: number;
}

export interface InboxItem {
  BulletinID: number;
  Subject: string;
  Body: string;
  DeliveredAt: Instant;
  ReadAt: Instant | null;
  AcknowledgedAt: Instant | null;
}

export interface Paged<T> {
  Items: T[];
  TotalCount: number;
  PageIndex: number;
  PageSize: number;
}

/** The notices the user still has to acknowledge; kept on the device so the gate works offline. */
export function pendingNoticesOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: ['notices', 'pending', userId],
    queryFn: ({ signal }) =>
      cachedRead(userId, 'notices/pending', () =>
        api.get<LegalNoticeItem[]>('legal-notices', { query: { pending: 'true' }, signal }),
      ),
    networkMode: 'always',
    staleTime: 60_000,
  });
}

export function usePendingNotices(userId: string | null) {
  const api = useApiClient();
  return useQuery({ ...pendingNoticesOptions(api, userId ?? ''), enabled: !!userId });
}

export function useLegalNotices() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['notices', 'all'],
    queryFn: ({ signal }) => api.get<LegalNoticeItem[]>('legal-notices', { signal }),
  });
}

export function useBulletins(pageIndex: number, pageSize: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['bulletins', 'list', pageIndex, pageSize],
    queryFn: ({ signal }) =>
      api.get<Paged<BulletinItem>>('bulletins', { query: { pageIndex, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInbox(userId: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['bulletins', 'inbox', userId],
    queryFn: ({ signal }) =>
      cachedRead(userId ?? '', 'bulletins/inbox', () => api.get<InboxItem[]>('bulletins/inbox', { signal })),
    enabled: !!userId,
    networkMode: 'always',
  });
}
