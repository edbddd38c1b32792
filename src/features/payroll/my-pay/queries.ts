// Query options of My pay. The employee's stubs and the comparisons opened are read through
// cachedRead with networkMode 'always', so a stub seen once still shows with no connection.
import { queryOptions } from '@tanstack/react-query';
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

export function stubChangesQuery(api: ApiClient, userId: string, payPeriodId: number) {
  return queryOptions({
    queryKey: ['my-pay', 'changes', userId, payPeriodId],
    queryFn: ({ signal }) =>
      cachedRead(
        userId,
        `my-pay/changes/${payPeriodId}`,
        () =>
          api.get(`pay-stubs/employee/${userId}/compare`, {
            signal,
            query: { payPeriodId },
            schema: PayPeriodChangeRecord,
          }),
        (raw) => PayPeriodChangeRecord.parse(raw),
      ),
    networkMode: 'always',
    staleTime: 60_000,
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
