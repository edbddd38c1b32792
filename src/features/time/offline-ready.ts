// What the Clock needs with no signal, kept by the offline warm-up (src/offline/warm-up.ts): the
// offices, programs, stores and entry types it offers, today's week, and the screen's code.
import { keep, type OfflineScreen } from '../../offline/warm-up';
import { clockLookupsQueryOptions } from './api/get-clock-lookups';
import { weekQueryOptions } from './api/get-week';
import { wireDate } from './punch';

export const offlineScreen: OfflineScreen = {
  state: 'time.clock',
  parts: () => [
    {
      id: 'clockLookups',
      run: async (ctx) => {
        await keep(ctx, clockLookupsQueryOptions(ctx.api, ctx.userId));
      },
    },
    {
      id: 'thisWeek',
      // The Clock asks for the week of today's date (its key is the day, as the screen uses it); a
      // shift that runs past midnight offline asks for tomorrow's.
      run: async (ctx) => {
        const tomorrow = new Date(ctx.now);
        tomorrow.setDate(tomorrow.getDate() + 1);
        for (const day of [ctx.now, tomorrow]) {
          await keep(ctx, weekQueryOptions(ctx.api, ctx.userId, wireDate(day)));
        }
      },
    },
    {
      id: 'code',
      code: true,
      run: async () => {
        await import('./clock-page');
      },
    },
  ],
};
