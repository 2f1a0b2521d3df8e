import { Button, Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/notify.js';
import { LoadingBlock } from './LoadingBlock.js';

/**
 * Why a read has nothing to show, at its first failure: its error, or while it still retries
 * (a network error is tried again up to ten times) why its tries failed; nothing once it has data.
 */
export function readFailure(query: { data?: unknown; error: unknown; failureReason: unknown }): unknown {
  return query.data ? null : (query.error ?? query.failureReason);
}

/**
 * A query's state as ListStatus takes it: a read that keeps failing says so at once, with a retry,
 * rather than as skeletons through every automatic try (about two minutes for a network error).
 */
export function readStatus(query: {
  data?: unknown;
  isPending: boolean;
  error: unknown;
  failureReason: unknown;
  refetch(): unknown;
}): { loading: boolean; error: unknown; onRetry(): void } {
  const failing = readFailure(query);
  return { loading: query.isPending && !failing, error: failing, onRetry: () => void query.refetch() };
}

/**
 * Below a list or table: skeletons while it loads, why its rows could not be loaded (with a retry)
 * rather than an empty state, or the empty state when there are none.
 */
export function ListStatus({
  count,
  loading,
  error,
  onRetry,
  empty,
}: {
  count: number;
  loading?: boolean | undefined;
  error?: unknown;
  onRetry?: (() => void) | undefined;
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  if (loading) return <LoadingBlock rows={3} height={28} />;
  if (error) {
    return (
      <Stack align="center" gap="xs" py="lg" role="alert">
        <Text c="red">{errorText(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    );
  }
  if (count === 0) {
    return (
      <Center py="xl">
        {/* Words are said dimmed; anything more (an EmptyState with its link) as it is. */}
        {empty === undefined || typeof empty === 'string' ? (
          <Text c="dimmed">{empty ?? t('common.noData')}</Text>
        ) : (
          empty
        )}
      </Center>
    );
  }
  return null;
}
