import { Center, Loader } from '@mantine/core';
import { useIsMobile } from '../lib/use-is-mobile.js';

/** A chart's height: the same while its code or data load as once drawn, so nothing below moves. */
export function useChartHeight(): number {
  return useIsMobile() ? 200 : 300;
}

/** Where a chart will be, while its code (ECharts, fetched apart) or its data are on the way. */
export function ChartLoading() {
  return (
    <Center h={useChartHeight()}>
      <Loader size="sm" />
    </Center>
  );
}
