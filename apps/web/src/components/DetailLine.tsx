import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One label and value line of a dialog or a detail. A figure (`whole`) stays on one line at the
 * right, and a long label wraps beside it instead.
 */
export function DetailLine({
  label,
  value,
  testId,
  whole = false,
}: {
  label: string;
  value: ReactNode;
  testId?: string;
  whole?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align={whole ? 'flex-start' : undefined}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text
        component="div"
        size="sm"
        fw={500}
        ta="right"
        style={whole ? { whiteSpace: 'nowrap' } : undefined}
        data-testid={testId}
      >
        {value}
      </Text>
    </Group>
  );
}
