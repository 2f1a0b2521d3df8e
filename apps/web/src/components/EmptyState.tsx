import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** An empty list that says what to do next: its words, and a link to where that is done. */
export function EmptyState({ text, action }: { text: string; action: { label: string; to: string } }) {
  return (
    <Stack align="center" gap="xs">
      <Text c="dimmed">{text}</Text>
      <Button component={Link} to={action.to} variant="light" size="xs">
        {action.label}
      </Button>
    </Stack>
  );
}
