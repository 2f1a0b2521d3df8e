import { act, render } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUCCESS_CLOSE_MS, useAutoClose } from './use-auto-close.js';

/** A success view on a page drawn again every second, handing in a new onClose each time. */
function Success({ onClosed }: { onClosed(): void }) {
  const [open, setOpen] = useState(true);
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 1_000);
    return () => clearInterval(timer);
  }, []);
  useAutoClose(open, () => {
    setOpen(false);
    onClosed();
  });
  return open ? <p>Subscribed</p> : null;
}

afterEach(() => vi.useRealTimers());

describe('useAutoClose', () => {
  it('closes after the delay though the page is drawn again meanwhile', () => {
    vi.useFakeTimers();
    const onClosed = vi.fn();
    const view = render(<Success onClosed={onClosed} />);
    act(() => vi.advanceTimersByTime(SUCCESS_CLOSE_MS - 100));
    expect(onClosed).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(view.queryByText('Subscribed')).toBeNull();
  });
});
