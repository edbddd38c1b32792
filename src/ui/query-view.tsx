// The three states every list screen shows before its content: a loader while the first answer is on its
// way, the server's message with a retry button when it failed, and a plain sentence when there is
// nothing. Takes a TanStack Query result (any object with these fields), never fetches by itself.
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';

export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

export interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** Title of the error box, e.g. "The pay periods could not be loaded". */
  errorTitle: string;
  /** The sentence shown when `isEmpty(data)`; omit to always render the content. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  emptyTestId?: string;
  children: (data: T) => ReactNode;
}

/** Empty when the page has no `Items` (the paged list shape every list call answers with). */
export const noItems = (data: { Items: readonly unknown[] }) => data.Items.length === 0;

export function QueryView<T>({
  query,
  errorTitle,
  empty,
  isEmpty,
  emptyTestId,
  children,
}: QueryViewProps<T>) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  if (query.isError || query.data === undefined)
    return (
      <Alert color="red" title={errorTitle}>
        {errorMessage(query.error)}
        <Button variant="light" size="xs" mt="sm" onClick={() => void query.refetch()} display="block">
          {t('common.retry')}
        </Button>
      </Alert>
    );
  if (empty !== undefined && isEmpty?.(query.data))
    return (
      <Text c="dimmed" py="lg" data-testid={emptyTestId}>
        {empty}
      </Text>
    );
  return <>{children(query.data)}</>;
}
