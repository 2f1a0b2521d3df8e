import { Decimal, hourPayout } from '@earn/domain';
import { Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHourStatement } from '../../api/launchpool.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { errorText } from '../../lib/notify.js';
import { useFormat } from '../../lib/use-format.js';

/** One settled hour of a pool: the user's time-weighted stake, the pool's, the budget, the formula, the payout. */
export function HourStatementDialog({
  target,
  onClose,
}: {
  target: { rid: number; hour: number } | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const statement = useHourStatement(target);
  const s = statement.data;
  const row = (label: string, value: string, testId?: string) => (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <ResponsiveModal opened={target !== null} onClose={onClose} title={t('launch.statement.title')}>
      {!s ? (
        <Center py="lg">{statement.isError ? <Text c="red">{errorText(statement.error)}</Text> : <Loader />}</Center>
      ) : (
        <Stack gap="xs" data-testid="hour-statement">
          <Text size="sm">
            {t('launch.statement.hour', {
              from: fmt.dateTime(s.hour * 1000),
              to: fmt.dateTime((s.hour + 3600) * 1000),
            })}
          </Text>
          {row(t('launch.statement.budget'), `${fmt.amount(s.budget)} ${s.reward_coin}`)}
          {row(t('launch.statement.yourStake'), `${fmt.amount(s.user_time_weighted_stake)} ${s.coin}`)}
          {row(t('launch.statement.poolStake'), `${fmt.amount(s.pool_time_weighted_stake)} ${s.coin}`)}
          <Paper withBorder p="xs" bg="var(--mantine-color-default-hover)">
            <Text size="xs">{t('launch.statement.formula')}</Text>
            {new Decimal(s.pool_time_weighted_stake).gt(0) && (
              <Text size="xs" ff="monospace" mt={4} data-testid="statement-worked">
                {fmt.amount(s.budget)} × {fmt.amount(s.user_stake_seconds)} ÷ {fmt.amount(s.pool_stake_seconds)} ={' '}
                {fmt.amount(hourPayout(s.budget, s.user_stake_seconds, s.pool_stake_seconds))}
              </Text>
            )}
          </Paper>
          {row(t('launch.statement.paid'), `${fmt.amount(s.paid)} ${s.reward_coin}`, 'statement-paid')}
          {row(t('launch.statement.poolPaid'), `${fmt.amount(s.pool_paid)} ${s.reward_coin}`)}
        </Stack>
      )}
    </ResponsiveModal>
  );
}
