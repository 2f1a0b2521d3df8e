import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Grey placeholders in the shape of what is coming (a few rows), instead of a spinner on a blank page. */
export function LoadingBlock({ rows = 4, height = 36 }: { rows?: number; height?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" py="md" role="status" aria-label={t('common.loading')} data-testid="loading">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no other identity
        <Skeleton key={i} height={height} radius="md" width={i === 0 ? '60%' : '100%'} />
      ))}
    </Stack>
  );
}

/** Grey cards standing in for cards that are coming, placed by the grid they are in. */
export function LoadingCards({ count, height }: { count: number; height: number }) {
  const { t } = useTranslation();
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no other identity
          key={i}
          height={height}
          radius="md"
          role={i === 0 ? 'status' : undefined}
          aria-label={i === 0 ? t('common.loading') : undefined}
        />
      ))}
    </>
  );
}
