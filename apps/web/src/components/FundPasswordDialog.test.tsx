import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIALOG_LAYOUTS, renderWithProviders, restoreViewport, setMobile } from '../test-utils.js';
import { FundPasswordDialog } from './FundPasswordDialog.js';

afterEach(() => restoreViewport());

describe.each(DIALOG_LAYOUTS)('the fund-password prompt, on %s', (_, mobile) => {
  it('stays open for a click outside it (the second click of a double click on the button that raised it)', async () => {
    setMobile(mobile);
    const resolve = vi.fn();
    renderWithProviders(<FundPasswordDialog request={{ kind: 'enter', resolve }} />);
    await screen.findByRole('dialog');
    const overlay = document.querySelector('.mantine-Modal-overlay, .mantine-Drawer-overlay');
    expect(overlay).not.toBeNull();
    fireEvent.mouseDown(overlay as Element);
    fireEvent.click(overlay as Element);
    await new Promise((r) => setTimeout(r, 50));
    expect(resolve).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
