import { Box } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import classes from './TableScroll.module.css';

/**
 * A table at least `minWidth` wide that scrolls sideways, with the browser's own scrolling, where
 * it has less room, shaded on each side where more of it is hidden: Mantine's scroll container would
 * bring its scroll area (5 KB gzip) to every page that shows a table. (Scroll shadows drawn by
 * backgrounds alone are not drawn by Chromium when it scrolls the box on its compositor.)
 */
export function TableScroll({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setHidden((was) => (was.left === left && was.right === right ? was : { left, right }));
  }, []);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    if (el.firstElementChild) resized.observe(el.firstElementChild);
    return () => resized.disconnect();
  }, [measure]);
  return (
    <div
      className={classes.frame}
      data-more-left={hidden.left || undefined}
      data-more-right={hidden.right || undefined}
    >
      <Box ref={box} className={classes.scroll} onScroll={measure}>
        <Box miw={minWidth}>{children}</Box>
      </Box>
    </div>
  );
}
