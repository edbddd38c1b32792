// What My pay needs with no signal, kept by the offline warm-up (src/offline/warm-up.ts): the
// employee's stubs and what changed in the newest one that changed (each read through the screen's
// own query), and the screen's code.
import { keep, type OfflineScreen } from '../../../offline/warm-up';
import { myStubsQuery, stubChangesQuery } from './queries';

export const offlineScreen: OfflineScreen = {
  state: 'myPay',
  parts: () => [
    {
      id: 'payStubs',
      run: async (ctx) => {
        const stubs = await keep(ctx, myStubsQuery(ctx.api, ctx.userId));
        const changed = stubs.data.find((s) => s.PreviousVersion !== null);
        if (changed) await keep(ctx, stubChangesQuery(ctx.api, ctx.userId, changed.PayPeriodID));
      },
    },
    {
      id: 'code',
      code: true,
      run: async () => {
        await import('./my-pay-page');
      },
    },
  ],
};
