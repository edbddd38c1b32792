// What My sales and the lead card's "New order" need with no signal, kept by the offline warm-up
// (src/offline/warm-up.ts): the rep's sales, the offices and programs (the Clock's lookups) and the
// catalogue of each division the rep sells in, and the screen's code.
import { keep, type OfflineScreen } from '../../../offline/warm-up';
import { clockLookupsQueryOptions } from '../../time/api/get-clock-lookups';
import { catalogueQueryOptions, mySalesQueryOptions } from './api';

export const offlineScreen: OfflineScreen = {
  state: 'orders.mySales',
  parts: () => [
    {
      id: 'mySales',
      run: async (ctx) => {
        await keep(ctx, mySalesQueryOptions(ctx.api, ctx.userId));
      },
    },
    {
      id: 'orderCatalogue',
      run: async (ctx) => {
        const lookups = await keep(ctx, clockLookupsQueryOptions(ctx.api, ctx.userId));
        const divisions = new Set(lookups.data.Offices.flatMap((o) => o.Programs.map((p) => p.DivisionID)));
        for (const d of divisions) await keep(ctx, catalogueQueryOptions(ctx.api, ctx.userId, d));
      },
    },
    {
      id: 'code',
      code: true,
      run: async () => {
        await import('./my-sales-page');
      },
    },
  ],
};
