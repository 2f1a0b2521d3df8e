import { type ChartRange, chartWindow, HOUR_MS } from '@earn/domain';
import { SegmentedControl, Stack } from '@mantine/core';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverNow } from '../../api/client.js';
import { useRateChart } from '../../api/simple-earn.js';
import RateLineChart from '../../components/RateLineChart.js';
import { useFormat } from '../../lib/use-format.js';

/** The real-time APR trend of a coin: 24 h and 7 d hourly, 30 d daily, each window ending at the previous full hour or day. */
export default function AprChart({ asset }: { asset: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [range, setRange] = useState<ChartRange>('24h');
  // The server's hour, read at each render: when an hour settles every query is read again, and the
  // render that follows moves the window on with the clock (a page left open follows it).
  const hour = Math.floor(serverNow() / HOUR_MS);
  const span = useMemo(() => chartWindow(range, hour * HOUR_MS), [range, hour]);
  const chart = useRateChart(asset, span, true);
  const labels = useMemo(
    () =>
      (chart.data ?? []).map((p) =>
        // Hours of several days carry their day, or each hour of the day would show seven times.
        span.type === 1
          ? dayjs(p.time * 1000).format(range === '24h' ? 'HH:mm' : 'MM-DD HH:mm')
          : fmt.date(p.time * 1000),
      ),
    [chart.data, span.type, range, fmt],
  );
  const percents = useMemo(() => (chart.data ?? []).map((p) => Number(p.value) * 100), [chart.data]);

  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        value={range}
        onChange={(v) => setRange(v as ChartRange)}
        data={[
          { value: '24h', label: t('earn.chart.24h') },
          { value: '7d', label: t('earn.chart.7d') },
          { value: '30d', label: t('earn.chart.30d') },
          { value: '90d', label: t('earn.chart.90d') },
        ]}
      />
      <RateLineChart labels={labels} percents={percents} loading={chart.isPending} testId="apr-chart" />
    </Stack>
  );
}
