import { checkMinLendRate, Decimal } from '@earn/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedCallback, useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRateSimulation, useSetMinRate } from '../../api/simple-earn.js';
import { CancelButton } from '../../components/CancelButton.js';
import { DecimalInput } from '../../components/DecimalInput.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { notifyError, notifySuccess, refusalText } from '../../lib/notify.js';
import { useFormat } from '../../lib/use-format.js';

export interface MinAprModalProps {
  opened: boolean;
  onClose(): void;
  asset: string;
  /** Current minimum (fraction), the coin's limit and the maximum. */
  current: string;
  limitMinRate: string;
  maxRate: string;
  /** When set, the chosen rate is handed back (subscribe dialog) instead of saved. */
  onChoose?(rateFraction: string): void;
}

/** The minimum lend APR editor in its own dialog. */
export function MinAprModal({ opened, onClose, ...form }: MinAprModalProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveModal opened={opened} onClose={onClose} title={t('earn.minApr.title')} size="sm">
      <MinAprForm {...form} onDone={onClose} />
    </ResponsiveModal>
  );
}

/**
 * Minimum lend APR, typed in percent with 2 places; above the maximum or below the coin's limit is
 * refused; sent as a fraction with 4 places rounded up. Shows how much of the last 24 hours the
 * chosen minimum would have lent. Used in its dialog and in the APR detail's tab.
 */
export function MinAprForm({
  asset,
  current,
  limitMinRate,
  maxRate,
  onChoose,
  onDone,
}: Omit<MinAprModalProps, 'opened' | 'onClose'> & { onDone(): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  // A rate edit is shown with 2 places (spec).
  const [text, setText] = useState(new Decimal(current).times(100).toFixed(2));
  const save = useSetMinRate();
  const check = text === '' ? null : checkMinLendRate(text, { limitMinRate, maxRate });
  const [debounced] = useDebouncedValue(check?.ok ? check.value.toFixed() : null, 300);
  const simulation = useRateSimulation(asset, debounced);
  const submit = useDebouncedCallback(
    () => {
      if (!check?.ok) return;
      const rate = check.value.toFixed();
      if (onChoose) {
        onChoose(rate);
        onDone();
        return;
      }
      save.mutate(
        { asset, rateYear: rate },
        {
          onSuccess: () => {
            notifySuccess(t('modified'));
            onDone();
          },
          onError: (e) => notifyError(e, 'error'),
        },
      );
    },
    { delay: 200, leading: true },
  );
  const sim = simulation.data;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('earn.minApr.intro')}
      </Text>
      <DecimalInput
        label={t('earn.minApr.label')}
        precision={2}
        value={text}
        onChange={setText}
        rightSection={<Text size="sm">%</Text>}
        error={check && !check.ok ? refusalText(check.key, check.params) : undefined}
        data-testid="min-apr-input"
      />
      <Text size="xs" c="dimmed">
        {t('earn.minApr.range', { min: fmt.rate(limitMinRate), max: fmt.rate(maxRate) })}
      </Text>
      {sim && sim.hours > 0 && (
        <Alert variant="light" color="blue" data-testid="min-apr-simulation">
          {t('earn.minApr.simulation', {
            filled: sim.filled_hours,
            partly: sim.partly_filled_hours,
            count: sim.hours,
          })}
        </Alert>
      )}
      <Group justify="flex-end">
        <CancelButton onCancel={onDone} />
        <Button onClick={submit} disabled={!check?.ok} loading={save.isPending}>
          {t('common.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
