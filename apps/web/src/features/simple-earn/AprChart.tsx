import { type ChartRange, chartWindow } from '@earn/domain';
import { Center, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverNow } from '../../api/client.js';
import { useRateChart } from '../../api/simple-earn.js';
import { useFormat } from '../../lib/use-format.js';
import { useIsMobile } from '../../lib/use-is-mobile.js';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** Chart resize debounce (spec: 300 ms). */
const RESIZE_DEBOUNCE_MS = 300;

/** The real-time APR trend of a coin: 24 h and 7 d hourly, 30 d daily, each window ending at the previous full hour or day. */
export default function AprChart({ asset }: { asset: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const isMobile = useIsMobile();
  const [range, setRange] = useState<ChartRange>('24h');
  const span = useMemo(() => chartWindow(range, serverNow()), [range]);
  const chart = useRateChart(asset, span, true);
  const element = useRef<HTMLDivElement>(null);
  const points = chart.data ?? [];

  useEffect(() => {
    if (!element.current || points.length === 0) return;
    const instance = echarts.init(element.current);
    instance.setOption({
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v.toFixed(2)}%` },
      xAxis: {
        type: 'category',
        data: points.map((p) =>
          span.type === 1 ? fmt.dateTime(p.time * 1000).slice(-8, -3) : fmt.date(p.time * 1000),
        ),
      },
      yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
      series: [
        {
          type: 'line',
          // Straight lines between the hourly rates: a smoothed curve would show rates that never were.
          smooth: false,
          showSymbol: false,
          areaStyle: { opacity: 0.15 },
          data: points.map((p) => Number(p.value) * 100),
        },
      ],
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => instance.resize(), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
      instance.dispose();
    };
  }, [points, span.type, fmt]);

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
      {chart.isPending ? (
        <Center h={isMobile ? 200 : 300}>
          <Loader size="sm" />
        </Center>
      ) : points.length === 0 ? (
        <Center h={isMobile ? 200 : 300}>
          <Text c="dimmed">{t('earn.chart.noData')}</Text>
        </Center>
      ) : (
        <div ref={element} style={{ height: isMobile ? 200 : 300, width: '100%' }} data-testid="apr-chart" />
      )}
    </Stack>
  );
}
