import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One label and value line of the stake and redeem modals. */
export function DetailLine({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm" fw={500} ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
