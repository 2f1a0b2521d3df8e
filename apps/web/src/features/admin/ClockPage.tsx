import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/account.js';
import { useAdvanceClock, useClock } from '../../api/admin.js';
import { notifyError, notifySuccess } from '../../lib/notify.js';
import { useFormat } from '../../lib/use-format.js';

const STEPS = [1, 24, 168, 720] as const;

/** The operator's clock: with EARN_CLOCK=manual, move time forward and let every hourly job run. */
export default function ClockPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const clock = useClock(isAdmin);
  const advance = useAdvanceClock();
  const moving = useRef(false);
  if (!isAdmin) return <Alert color="yellow">{t('admin.onlyOperators')}</Alert>;
  const manual = clock.data?.mode === 'manual';
  return (
    <Stack maw={640} mx="auto">
      <Title order={1} size="h2">
        {t('admin.clock.title')}
      </Title>
      <Paper withBorder p="lg">
        <Stack>
          <Text>
            {t('admin.clock.now')}: <b data-testid="clock-now">{clock.data ? fmt.dateTime(clock.data.now_ms) : '--'}</b>{' '}
            {clock.data &&
              `(${t(clock.data.mode === 'manual' ? 'admin.clock.mode.manual' : 'admin.clock.mode.system')})`}
          </Text>
          {!manual && <Alert color="blue">{t('admin.clock.systemMode')}</Alert>}
          <Group>
            {STEPS.map((hours) => (
              <Button
                key={hours}
                // One move at a time: a second click meanwhile would move the clock again.
                disabled={!manual || (advance.isPending && advance.variables !== hours)}
                loading={advance.isPending && advance.variables === hours}
                onClick={() => {
                  // A double click's second click can come before the first one's pending state is drawn.
                  if (moving.current) return;
                  moving.current = true;
                  advance.mutate(hours, {
                    onSuccess: (res) =>
                      notifySuccess(t('admin.clock.advanced', { count: hours, runs: res.runs.length })),
                    onError: (e) => notifyError(e, 'error'),
                    onSettled: () => {
                      moving.current = false;
                    },
                  });
                }}
              >
                +{t(`admin.clock.step.${hours}`)}
              </Button>
            ))}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
