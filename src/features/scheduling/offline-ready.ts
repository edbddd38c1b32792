// What My events needs with no signal, kept by the offline warm-up (src/offline/warm-up.ts): the
// user's events from today on (one read covers this week and the next), and the screen's code.
import { keep, type OfflineScreen } from '../../offline/warm-up';
import { myEventsQueryOptions } from './api/get-my-events';
import { localDay } from './board';

export const offlineScreen: OfflineScreen = {
  state: 'scheduling.myEvents',
  parts: () => [
    {
      id: 'myEvents',
      run: async (ctx) => {
        await keep(ctx, myEventsQueryOptions(ctx.api, ctx.userId, localDay(ctx.now)));
      },
    },
    {
      id: 'code',
      code: true,
      run: async () => {
        await import('./my-events-page');
      },
    },
  ],
};
