import { Center, Text } from '@mantine/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartLoading, useChartHeight } from './ChartLoading.js';

echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** Chart resize debounce (spec: 300 ms). */
const RESIZE_DEBOUNCE_MS = 300;

/**
 * A rate over time as a line of percents (300 px high on desktop, 200 on phones, as the spec's
 * charts are), with its loading and empty states. Load it lazily: it carries ECharts.
 */
export default function RateLineChart({
  labels,
  percents,
  loading,
  testId,
  suffix = '%',
  axis,
  emptyKey = 'earn.chart.noData',
}: {
  labels: readonly string[];
  /** Display values only (a chart plots numbers); the rates themselves stay decimal strings. */
  percents: readonly number[];
  loading: boolean;
  testId: string;
  /** What follows each value on the axis and in the tooltip ('%' for rates, '' for amounts). */
  suffix?: string;
  /** Fixed y-axis bounds and step (the wealth charts' rule); ECharts picks them otherwise. */
  axis?: { min: number; max: number; interval: number };
  emptyKey?: string;
}) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const height = useChartHeight();

  useEffect(() => {
    if (!element.current || percents.length === 0) return;
    const instance = echarts.init(element.current);
    instance.setOption({
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v.toFixed(2)}${suffix}` },
      xAxis: { type: 'category', data: [...labels] },
      yAxis: { type: 'value', axisLabel: { formatter: `{value}${suffix}` }, ...(axis ?? {}) },
      series: [
        {
          type: 'line',
          // Straight lines between the points: a smoothed curve would show rates that never were.
          smooth: false,
          // A single point would draw no line: it is shown as a point.
          showSymbol: percents.length === 1,
          areaStyle: { opacity: 0.15 },
          data: [...percents],
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
  }, [labels, percents, suffix, axis]);

  if (loading) return <ChartLoading />;
  if (percents.length === 0) {
    return (
      <Center h={height}>
        <Text c="dimmed">{t(emptyKey)}</Text>
      </Center>
    );
  }
  return <div ref={element} style={{ height, width: '100%' }} data-testid={testId} />;
}
