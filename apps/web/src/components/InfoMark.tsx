import { ActionIcon } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** The small 'i' an info pop-up opens from. */
export function InfoMark({ onClick }: { onClick?: () => void }) {
  return (
    <ActionIcon variant="subtle" color="gray" size="xs" radius="xl" aria-label="info" onClick={onClick}>
      <IconInfoCircle size={14} stroke={1.8} />
    </ActionIcon>
  );
}
