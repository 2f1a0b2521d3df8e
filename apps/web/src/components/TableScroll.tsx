import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table at least `minWidth` wide that scrolls sideways, with the browser's own scrolling, where
 * it has less room: Mantine's scroll container would bring its scroll area (5 KB gzip) to every
 * page that shows a table.
 */
export function TableScroll({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
