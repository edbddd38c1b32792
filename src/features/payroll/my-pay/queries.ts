// Query options of My pay. The employee's stubs and the comparisons opened are read through
// cachedRead with networkMode 'always', so a stub seen once still shows with no connection.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client';
import { PayPeriodChangeRecord, PayStub } from '../../../contract/pay-stubs';
import { cachedRead } from '../../../offline/cached-read';

const StubList = z.array(PayStub);

export function myStubsQuery(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: ['my-pay', 'stubs', userId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        'my-pay/stubs',
        () => api.get(`pay-stubs/employee/${userId}`, { signal, schema: StubList }),
        (raw) => StubList.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 60_000,
  });
}

/** What changed in a stub: the latest version against `left` (default: the one before it). */
export function stubChangesQuery(api: ApiClient, userId: string, payPeriodId: number, left?: number) {
  const suffix = left ? `/${left}` : '';
  return queryOptions({
    queryKey: ['my-pay', 'changes', userId, payPeriodId, left ?? null],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        `my-pay/changes/${payPeriodId}${suffix}`,
        () =>
          api.get(`pay-stubs/employee/${userId}/compare`, {
            signal,
            query: left ? { payPeriodId, left } : { payPeriodId },
            schema: PayPeriodChangeRecord,
          }),
        (raw) => PayPeriodChangeRecord.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The stub's PDF, opened by navigation (the session cookie authenticates it). */
export function stubPdfUrl(stub: {
  EmployeeID: number;
  WeekNumber: number;
  IcdCorporationID: number;
}): string {
  return `/api/pay-stubs/employee/${stub.EmployeeID}/week/${stub.WeekNumber}/pdf?icdCorporationID=${stub.IcdCorporationID}&isPayStub=true`;
}
