// What the Timesheet needs with no signal, kept by the offline warm-up (src/offline/warm-up.ts): this
// week's entries, the entry lookups, the pay periods, pending modifications and late adjustments (each
// read through the screen's own query), and the screen's code.
import { keep, type OfflineScreen } from '../../offline/warm-up';
import {
  entryLookupsQuery,
  myLateAdjustmentsQuery,
  myModifiedQuery,
  myPayPeriodsQuery,
  myWeekQuery,
} from './api/queries';
import { mondayOf, toWire } from './format';

export const offlineScreen: OfflineScreen = {
  state: 'time.week',
  parts: () => [
    {
      id: 'thisWeek',
      run: async (ctx) => {
        await keep(ctx, myWeekQuery(ctx.api, ctx.userId, mondayOf(toWire(ctx.now))));
      },
    },
    {
      id: 'entryLookups',
      run: async (ctx) => {
        await keep(ctx, entryLookupsQuery(ctx.api, ctx.userId));
      },
    },
    {
      id: 'payPeriods',
      run: async (ctx) => {
        await keep(ctx, myPayPeriodsQuery(ctx.api, ctx.userId));
        await keep(ctx, myModifiedQuery(ctx.api, ctx.userId));
        await keep(ctx, myLateAdjustmentsQuery(ctx.api, ctx.userId));
      },
    },
    {
      id: 'code',
      code: true,
      run: async () => {
        await import('./timesheet-page');
      },
    },
  ],
};
