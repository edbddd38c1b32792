// What the time approvals screen's parts share: the page size, the pay-period state filter and the
// hook that refreshes everything time management shows after a change.
import { useQueryClient } from '@tanstack/react-query';

export const PAGE_SIZE = 10;
export type StateFilter = 'all' | 'open' | 'approved' | 'locked';

export function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['time-management'] });
}
