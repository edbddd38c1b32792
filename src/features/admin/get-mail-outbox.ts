import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../api/api-client';
import { useApiClient } from '../../api/api-context';
import { pagedResult } from '../../contract/common';

export const MailItem = z.object({
  MailID: z.number(),
  MessageType: z.string(),
  To: z.string(),
  Subject: z.string(),
  Body: z.string(),
  CreatedAt: z.coerce.date(),
  SentAt: z.coerce.date().nullable(),
  Error: z.string().nullable(),
});
export type MailItem = z.infer<typeof MailItem>;
const MailPage = pagedResult(MailItem);

export function mailOutboxQueryOptions(api: ApiClient, pageIndex: number, pageSize: number) {
  return queryOptions({
    queryKey: ['admin', 'mail-outbox', pageIndex, pageSize],
    queryFn: ({ signal }) =>
      api.get('admin/mail-outbox', { query: { pageIndex, pageSize }, signal, schema: MailPage }),
    placeholderData: (previous) => previous,
  });
}

export function useMailOutbox(pageIndex: number, pageSize: number) {
  const api = useApiClient();
  return useQuery(mailOutboxQueryOptions(api, pageIndex, pageSize));
}
