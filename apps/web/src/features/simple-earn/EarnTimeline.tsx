import { Text, Timeline } from '@mantine/core';
import { useFormat } from '../../lib/use-format.js';

/** The subscribe dialogs' timeline: each step with when it happens. */
export function EarnTimeline({ steps }: { steps: readonly { title: string; ms: number }[] }) {
  const fmt = useFormat();
  return (
    <Timeline active={0} bulletSize={14} lineWidth={2}>
      {steps.map((step) => (
        <Timeline.Item key={step.title} title={step.title}>
          <Text size="xs" c="dimmed">
            {fmt.dateTime(step.ms)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
